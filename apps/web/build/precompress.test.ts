// The build step of issue 35, point 1: every text file of the build gets brotli and gzip twins
// that decompress to it; images, tools' dot folders and files too small to gain are left alone.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { precompressDir } from './precompress';

function fakeBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'precompress-'));
  mkdirSync(join(dir, 'assets'));
  mkdirSync(join(dir, '.vite'));
  writeFileSync(join(dir, 'index.html'), `<!doctype html>${'<p>Trading Platform</p>'.repeat(50)}`);
  writeFileSync(join(dir, 'assets', 'index-abc.js'), 'export const landing = 1;\n'.repeat(200));
  writeFileSync(join(dir, 'assets', 'index-abc.css'), '.hero { color: #056cf2; }\n'.repeat(200));
  writeFileSync(join(dir, 'assets', 'tiny-def.js'), '1');
  writeFileSync(join(dir, 'assets', 'photo-ghi.png'), Buffer.alloc(4096, 7));
  writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify({ a: 'b'.repeat(2000) }));
  return dir;
}

describe('precompressing the build', () => {
  it('writes brotli and gzip twins of each text file that decompress to the file', async () => {
    const dir = fakeBuild();
    const files = await precompressDir(dir);
    for (const file of ['index.html', 'assets/index-abc.js', 'assets/index-abc.css']) {
      const original = readFileSync(join(dir, file));
      const br = readFileSync(join(dir, `${file}.br`));
      const gz = readFileSync(join(dir, `${file}.gz`));
      expect(brotliDecompressSync(br).equals(original), file).toBe(true);
      expect(gunzipSync(gz).equals(original), file).toBe(true);
      expect(br.length, file).toBeLessThan(original.length / 4);
      expect(files.find((entry) => entry.file === file)).toEqual({
        file,
        bytes: original.length,
        brotliBytes: br.length,
        gzipBytes: gz.length,
      });
    }
  });

  it('leaves images, dot folders and files that would not shrink without twins', async () => {
    const dir = fakeBuild();
    const files = await precompressDir(dir);
    for (const file of ['assets/tiny-def.js', 'assets/photo-ghi.png', '.vite/manifest.json']) {
      expect(existsSync(join(dir, `${file}.br`)), file).toBe(false);
      expect(existsSync(join(dir, `${file}.gz`)), file).toBe(false);
    }
    expect(files.map((entry) => entry.file)).toEqual([
      'assets/index-abc.css',
      'assets/index-abc.js',
      'assets/tiny-def.js',
      'index.html',
    ]);
  });
});
