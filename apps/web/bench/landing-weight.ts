/**
 * What JavaScript the landing page (/) downloads, gzipped (issue 13, point 4: at most 120 kB). It
 * builds nothing: it reads apps/web/dist as `npm run build` left it (`npm run bench` builds the web
 * app just before), and the browser's figure needs the server built.
 *
 * The bundle's figure follows the module graph: through Vite's dist/.vite/manifest.json, the entry
 * and the landing's screen (src/pages/landing-page.tsx, loaded by the router) with every chunk they
 * import statically; the contact form is a lazy import the first screen does not make. The drawn
 * landing (apps/web/build/prerender.ts) asks for exactly these files once it has painted, and the
 * bench checks that it does. The browser's figure is what Chromium actually fetched for / on the
 * built server, until the network is quiet. The two must name the same files, or the bench fails.
 *
 *   npx tsx apps/web/bench/landing-weight.ts            (needs npm run build)
 *   npx tsx apps/web/bench/landing-weight.ts --no-browser
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchBrowser, openAppPage } from '../../../e2e/support/browser';
import { startServer } from '../../../e2e/support/server';

const DIST = resolve(import.meta.dirname, '../dist');
const BUDGET_KB = 120;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1);
const gzippedSize = (content: Buffer) => gzipSync(content).length;

const LANDING_SCREEN = 'src/pages/landing-page.tsx';

/** The files (paths under dist/, no leading slash) of the landing's JavaScript, by the manifest. */
function landingScriptsByManifest(): string[] {
  if (!existsSync(join(DIST, '.vite/manifest.json'))) {
    throw new Error(`${DIST} has no .vite/manifest.json: run \`npm run build\` first.`);
  }
  const manifest = JSON.parse(readFileSync(join(DIST, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry === true);
  if (!entry) throw new Error('The manifest has no entry.');

  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the manifest.`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entry);
  visit(LANDING_SCREEN);
  // The page asks for its scripts by name (its loader, or <script> and modulepreload tags): the
  // same files as the graph above.
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  const named = new Set([...html.matchAll(/"\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]!));
  const graph = [...files].sort();
  if ([...named].sort().join() !== graph.join()) {
    throw new Error(
      `index.html asks for ${[...named].sort().join(', ')}; the landing's graph is ${graph.join(', ')}.`,
    );
  }
  return graph;
}

/** The scripts Chromium fetched for / on the built server, with their bodies. */
async function landingScriptsInBrowser(): Promise<Map<string, Buffer>> {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const app = await openAppPage(browser, server.baseUrl);
    const { page, pageErrors } = app;
    const scripts = new Map<string, Promise<Buffer>>();
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (response.request().resourceType() === 'script' || pathname.endsWith('.js'))
        scripts.set(pathname.slice(1), response.body());
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const bodies = new Map<string, Buffer>();
    for (const [file, body] of scripts) bodies.set(file, await body);
    await app.close();
    if (pageErrors.length > 0) throw new Error(`The landing threw: ${pageErrors.join('; ')}`);
    return bodies;
  } finally {
    await browser.close();
    await server.stop();
  }
}

/** The size of the twin the build wrote (apps/web/build/precompress.ts), which the server sends; else the file's. */
const twinSize = (file: string, suffix: '.br' | '.gz') =>
  readFileSync(join(DIST, existsSync(join(DIST, file + suffix)) ? file + suffix : file)).length;

const files = landingScriptsByManifest();
let raw = 0;
let gzipped = 0;
let servedBrotli = 0;
let servedGzip = 0;
for (const file of files) {
  const content = readFileSync(join(DIST, file));
  raw += content.length;
  gzipped += gzippedSize(content);
  servedBrotli += twinSize(file, '.br');
  servedGzip += twinSize(file, '.gz');
}
console.log(
  `Landing JavaScript (bundle): ${files.length} files, ${kb(raw)} kB, ${kb(gzipped)} kB gzipped (budget ${BUDGET_KB} kB)`,
);
console.log(
  `Landing JavaScript as served: ${kb(servedBrotli)} kB brotli, ${kb(servedGzip)} kB gzip (the build's twins)`,
);

if (!process.argv.includes('--no-browser')) {
  const fetched = await landingScriptsInBrowser();
  let fetchedRaw = 0;
  let fetchedGzipped = 0;
  for (const body of fetched.values()) {
    fetchedRaw += body.length;
    fetchedGzipped += gzippedSize(body);
  }
  console.log(
    `Landing JavaScript (Chromium): ${fetched.size} files, ${kb(fetchedRaw)} kB, ${kb(fetchedGzipped)} kB gzipped`,
  );
  const names = [...fetched.keys()].sort();
  if (names.join() !== files.join()) {
    throw new Error(`Chromium fetched ${names.join(', ')}; the bundle's graph is ${files.join(', ')}.`);
  }
}
if (gzipped > BUDGET_KB * 1000) {
  console.error(`Over the budget of ${BUDGET_KB} kB.`);
  process.exitCode = 1;
}
