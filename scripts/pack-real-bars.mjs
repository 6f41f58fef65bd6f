// Packs the shared collection of real price files (../shared/data, or the folder given as the
// first argument) into fixtures/real-bars: every file brotli-compressed beside the collection's
// READMEs (sources, licences, sha256), so a clone of this repository alone runs the tests on them.
// Run it again when the collection changes; the tests read only the packed copies.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const source = resolve(process.argv[2] ?? join(root, '../shared/data'));
const target = join(root, 'fixtures/real-bars/files');

function packed(bytes) {
  return brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_LGWIN]: 24,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
}

rmSync(target, { recursive: true, force: true });
mkdirSync(target, { recursive: true });
writeFileSync(join(target, 'README.md'), readFileSync(join(source, 'README.md')));
for (const folder of readdirSync(source, { withFileTypes: true }).filter((entry) => entry.isDirectory())) {
  mkdirSync(join(target, folder.name));
  for (const name of readdirSync(join(source, folder.name))) {
    const bytes = readFileSync(join(source, folder.name, name));
    const to = join(target, folder.name, name === 'README.md' ? name : `${name}.br`);
    writeFileSync(to, name === 'README.md' ? bytes : packed(bytes));
  }
  console.log(`packed ${folder.name}`);
}
