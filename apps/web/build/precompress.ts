// Compresses the built web app once, at build time (issue 35, point 1), so the server sends each
// text file as the .br or .gz beside it (apps/server/src/plugins/web-app.ts) and never spends a
// request's time compressing. Build time affords the strongest settings: brotli quality 11 and
// gzip level 9, which would be too slow to run on every answer.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join, relative, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats the app ships; images other than SVG are compressed already. */
const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.svg',
  '.json',
  '.txt',
  '.xml',
  '.webmanifest',
]);

export interface PrecompressedFile {
  /** Path under the folder, with forward slashes. */
  file: string;
  bytes: number;
  /** Absent when the compressed form was not smaller than the file itself (and so not written). */
  brotliBytes?: number;
  gzipBytes?: number;
}

async function compressOne(dir: string, file: string): Promise<PrecompressedFile> {
  const path = join(dir, file);
  const content = await readFile(path);
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  const result: PrecompressedFile = { file, bytes: content.length };
  // A tiny file can come out larger; the server then sends the file itself.
  if (br.length < content.length) {
    await writeFile(`${path}.br`, br);
    result.brotliBytes = br.length;
  }
  if (gz.length < content.length) {
    await writeFile(`${path}.gz`, gz);
    result.gzipBytes = gz.length;
  }
  return result;
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file under `dir`, except in dot folders
 * (Vite's .vite/manifest.json is read by tools, never served).
 */
export async function precompressDir(dir: string): Promise<PrecompressedFile[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.has(extname(entry.name)))
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .filter((file) => !file.split('/').some((part) => part.startsWith('.')))
    .sort();
  return Promise.all(files.map((file) => compressOne(dir, file)));
}

/**
 * The Vite plugin: precompresses the output folder once the build has written everything, the
 * pages build/prerender.ts draws after the bundles included (both are `buildApp` hooks of order
 * 'post', which run in the order of vite.config.ts's plugins, after the environments are built).
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'platform:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    buildApp: {
      order: 'post',
      async handler() {
        const files = await precompressDir(outDir);
        const total = (pick: (file: PrecompressedFile) => number | undefined) =>
          files.reduce((sum, file) => sum + (pick(file) ?? file.bytes), 0);
        this.info(
          `precompressed ${files.length} files: ${total((file) => file.bytes)} B, ` +
            `brotli ${total((file) => file.brotliBytes)} B, gzip ${total((file) => file.gzipBytes)} B`,
        );
      },
    },
  };
}
