// Bundles the server into dist/: the workspace packages (TypeScript sources) are inlined,
// third-party packages stay external and load from node_modules at run time. Four entries:
// the server (every role, ROLES), the engine's worker thread, the bot process and the key
// rotation (npm run rotate-key).
import { build } from 'esbuild';
import { readdirSync, readFileSync } from 'node:fs';

const root = new URL('../../../', import.meta.url);
const workspaceDirs = [
  'apps/server',
  ...readdirSync(new URL('packages/', root)).map((name) => `packages/${name}`),
];
const external = new Set();
for (const dir of workspaceDirs) {
  const manifest = JSON.parse(readFileSync(new URL(`${dir}/package.json`, root), 'utf8'));
  for (const name of Object.keys(manifest.dependencies ?? {})) {
    if (!name.startsWith('@platform/')) external.add(name);
  }
}

await build({
  entryPoints: {
    main: 'src/main.ts',
    'engine-worker': 'src/engine-pool/engine-worker.ts',
    bot: 'src/bots/process/bot-main.ts',
    'main.rotate-key': 'src/main.rotate-key.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external],
  logLevel: 'warning',
});
