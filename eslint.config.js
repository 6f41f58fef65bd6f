// One lint setup for every workspace: type-aware rules for promises and exhaustive switches,
// React hooks rules for the web app, no import cycles, and the boundaries of docs/architecture.md:
// an import against the picture fails the lint.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const server = './apps/server/src';
const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Who may not import whom, inside the apps (docs/architecture.md, The picture). */
const zones = [
  {
    target: `${server}/modules`,
    from: [`${server}/jobs`, `${server}/bots/process`, `${server}/bots/host`],
    message: 'Modules are called by jobs and the bot host, never the other way round.',
  },
  {
    target: `${server}/bots/process`,
    from: [`${server}/bots/host`, `${server}/modules`, `${server}/jobs`],
    message: 'A bot process knows the server only through bots/protocol.',
  },
  {
    target: `${server}/bots/protocol`,
    from: [`${server}/bots/host`, `${server}/bots/process`, `${server}/modules`],
    message: 'The protocol is what both sides say: it depends on neither.',
  },
  {
    target: './apps/web',
    from: './apps/server',
    message: 'The web app knows the server through packages/contracts.',
  },
  ...webFeatures.map((feature) => ({
    target: `./apps/web/src/features/${feature}`,
    from: './apps/web/src/features',
    except: [`./${feature}`],
    message: 'Features never import each other: what two share goes to src/components or src/lib.',
  })),
];

/** What each package may not import: the engine and the contracts are pure, marketdata knows no database. */
const packageBoundaries = [
  { files: ['packages/engine/src/**/*.ts'], patterns: ['@platform/*', 'node:*'], why: 'The engine is pure' },
  {
    files: ['packages/contracts/src/**/*.ts'],
    patterns: ['@platform/*', 'node:*'],
    why: 'Contracts are free of server code',
  },
  {
    files: ['packages/marketdata/src/**/*.ts'],
    patterns: ['@platform/db', '@platform/contracts'],
    why: 'Market data knows no database',
  },
].map(({ files, patterns, why }) => ({
  files,
  ignores: ['**/*.test.ts'],
  rules: { 'no-restricted-imports': ['error', { patterns: [{ group: patterns, message: `${why}.` }] }] },
}));

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'packages/db/drizzle/**', '**/*.config.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/ignore': ['node_modules'],
      'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } },
      // no-cycle follows imports by parsing each file: TypeScript files need the TypeScript parser.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', ignoreRestSiblings: true }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones }],
      eqeqeq: ['error', 'always'],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  ...packageBoundaries,
  {
    files: ['**/*.mjs', '**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
);
