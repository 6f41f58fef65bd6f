// Bundles the server into dist/: the workspace packages (TypeScript sources) are inlined,
// third-party packages stay external and load from node_modules at run time.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const workspacePackages = ['../../packages/contracts', '../../packages/db', '.'];
const external = new Set();
for (const dir of workspacePackages) {
  const manifest = JSON.parse(readFileSync(new URL(`${dir}/package.json`, new URL('../', import.meta.url)), 'utf8'));
  for (const name of Object.keys(manifest.dependencies ?? {})) {
    if (!name.startsWith('@platform/')) external.add(name);
  }
}

await build({
  entryPoints: ['src/main.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external],
  logLevel: 'warning',
});
