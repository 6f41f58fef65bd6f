// One HTML page per route (issue 35, point 2), so that nothing stands between a page and its first
// paint. Vite writes one index.html for every route: the entry script alone, which then asks for
// the route's screen, which asks for its own chunks, a round trip each; and the landing painted
// nothing until about 100 kB of scripts had come and run. After the client build this writes:
//
// - for each route in `pages`, <route>.html (index.html for '/'): Vite's page with the chunks of
//   the route's screens preloaded beside the entry, so everything comes in one round trip;
// - for the pages to `draw` (the public ones), the screen itself: the app is built once more for
//   Node (src/app/prerender.tsx, the same routes and tree the browser hydrates), its markup goes in
//   #root and every rule of CSS the page uses in a <style> in <head>. They paint as soon as their
//   HTML has come, and ask for their scripts only then (loadAfterPaint);
// - app.html, Vite's page as it is, for any other route.
//
// The server sends dist/<route>.html for its path and app.html otherwise
// (apps/server/src/plugins/web-app.ts), and allows the inline <style> and theme script by hash.
//
// A drawn page also lists its CSS files as disabled <link>s: a disabled stylesheet is neither
// fetched nor applied, but Vite's loader, which looks for a <link rel="stylesheet"> of a file
// before it adds one when a chunk is imported, finds them and does not fetch the same rules again
// (nor put them after the CSS of screens opened later, whose rules must win).
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';
import { encodeValue, type StorageKey } from '../src/lib/storage';

/** Where the server-side build goes, inside dist/ for the time of the build (a dot folder is never served). */
const SERVER_BUILD_DIR = '.prerender';
const SERVER_ENTRY = 'src/app/prerender.tsx';
/** The page Vite wrote: the entry alone, for routes that have no page of their own. */
export const APP_PAGE = 'app.html';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface RoutePage {
  /** The modules the route loads lazily (src/app/router.tsx), as the manifest names them. */
  screens: string[];
  /** Whether the page is drawn at build time. Only pages that look the same to every visitor. */
  draw?: boolean;
}

export interface PrerenderOptions {
  pages: Record<string, RoutePage>;
}

/** The page's file under dist/: index.html for '/', login.html for '/login'. */
export const pageFile = (path: string) => (path === '/' ? 'index.html' : `${path.slice(1)}.html`);

/**
 * Sets the stored theme on the document before the first paint, as useDocumentTheme (src/lib/theme.ts)
 * will once the scripts run: a drawn page would otherwise show light for a moment to a visitor who
 * chose dark. Inline, so it costs no request.
 */
const themeScript = () =>
  `try{if(localStorage.getItem(${JSON.stringify('isDark' satisfies StorageKey)})===${JSON.stringify(encodeValue(true))})` +
  `document.documentElement.dataset.theme="dark"}catch(e){}`;

/**
 * A drawn page's scripts, asked for once the page has painted: with them in <head>, a fast network
 * brings them before the first frame and the phone runs them first (hydrating the page takes a
 * slow phone a few hundred milliseconds), and a slow one shares its first round trips between them
 * and the page. "Painted" is the first contentful paint as the browser reports it, once the frame
 * is on screen. The chunks are preloaded together with the entry, so that they come in one round
 * trip. A page in a background tab, or a browser that does not report paints, loads them at once;
 * and whatever happens, they are asked for after 3 s.
 *
 * The chunks then run one at a time, each imported once those it imports have run (`chunks` is in
 * that order), and the entry last. Left to the entry's imports, the browser runs every module of
 * the page in one task, which a phone four times slower than this machine makes a long one (on
 * the access screen, with its schemas, 150-250 ms in which a tap waits); a chunk a task keeps each
 * short. A chunk that fails to import leaves the rest to the entry, whose loader reports it.
 */
const loadAfterPaint = (entry: string, chunks: string[]) =>
  `(function(){var d=document,w=window,started=false,files=${JSON.stringify(chunks)},next=0;` +
  `function run(){var s=d.createElement("script");s.type="module";s.crossOrigin="";s.src=${JSON.stringify(entry)};d.head.appendChild(s)}` +
  `function step(){if(next<files.length)import(files[next++]).then(step,run);else run()}` +
  `function load(){if(started)return;started=true;` +
  `files.forEach(function(f){var l=d.createElement("link");l.rel="modulepreload";` +
  `l.crossOrigin="";l.href=f;d.head.appendChild(l)});step()}` +
  `var P=w.PerformanceObserver;if(d.visibilityState==="hidden"||!P||(P.supportedEntryTypes||[]).indexOf("paint")<0)load();` +
  `else{new P(function(list,observer){if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();load()}})` +
  `.observe({type:"paint",buffered:true});setTimeout(load,3000)}})()`;

/** Files of the chunks `keys` import statically, their own included, and their CSS in the order Vite applies it. */
function chunkGraph(manifest: Manifest, keys: string[]): { scripts: string[]; css: string[] } {
  const scripts: string[] = [];
  const css: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build's manifest.`);
    for (const imported of chunk.imports ?? []) visit(imported);
    scripts.push(chunk.file);
    for (const file of chunk.css ?? []) if (!css.includes(file)) css.push(file);
  };
  for (const key of keys) visit(key);
  return { scripts, css };
}

function entryOf(manifest: Manifest): string {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry === true);
  if (!entry) throw new Error('The manifest has no entry.');
  return entry;
}

/** Every module the app imports lazily, so that a page naming a screen that no longer exists fails the build. */
function lazyModules(manifest: Manifest): Set<string> {
  return new Set(Object.values(manifest).flatMap((chunk) => chunk.dynamicImports ?? []));
}

export async function writePage(
  template: string,
  manifest: Manifest,
  distDir: string,
  path: string,
  page: RoutePage,
  markup: string | null,
): Promise<string> {
  const entryKey = entryOf(manifest);
  const lazy = lazyModules(manifest);
  for (const screen of page.screens) {
    if (!lazy.has(screen))
      throw new Error(`${path}: ${screen} is not a lazy module of the build (vite.config.ts).`);
  }
  const entry = chunkGraph(manifest, [entryKey]);
  const graph = chunkGraph(manifest, [entryKey, ...page.screens]);
  const indent = '\n    ';
  const preloads = graph.scripts
    .filter((file) => !entry.scripts.includes(file))
    .map((file) => `${indent}<link rel="modulepreload" crossorigin href="/${file}">`)
    .join('');
  const stylesheetLink = /\s*<link rel="stylesheet"[^>]*>/g;
  const root = '<div id="root"></div>';
  if (
    !template.match(stylesheetLink) ||
    !template.includes(root) ||
    !template.includes('<meta charset="UTF-8" />')
  ) {
    throw new Error('index.html is not shaped as build/prerender.ts expects.');
  }

  if (markup === null) {
    // The screen's CSS is linked beside the entry's: the page shows nothing before its scripts run
    // anyway, and Vite's loader then finds it there instead of fetching it after the chunk.
    const links = graph.css
      .filter((file) => !entry.css.includes(file))
      .map((file) => `${indent}<link rel="stylesheet" crossorigin href="/${file}">`)
      .join('');
    return template.replace(/\s*<\/head>/, `${preloads}${links}\n  </head>`);
  }

  // The drawn page asks for its scripts once it has painted (loadAfterPaint): none is preloaded.
  const entryScript = /\s*<script type="module" crossorigin src="\/([^"]+)"><\/script>/;
  const entryFile = template.match(entryScript)?.[1];
  if (entryFile === undefined) throw new Error('index.html has no entry script.');
  const preloadLink = /\s*<link rel="modulepreload"[^>]*>/g;
  const scripts = graph.scripts.filter((file) => file !== entryFile).map((file) => `/${file}`);

  const styles = await Promise.all(graph.css.map((file) => readFile(join(distDir, file), 'utf8')));
  for (const [index, text] of styles.entries()) {
    if (/<\/style|@import/i.test(text)) throw new Error(`${graph.css[index]} cannot be inlined as it is.`);
  }
  const disabledLinks = graph.css
    .map((file) => `${indent}<link rel="stylesheet" crossorigin href="/${file}" disabled>`)
    .join('');
  const style = `${indent}<style>${styles.map((text) => text.trim()).join('\n')}</style>`;
  return template
    .replace('<meta charset="UTF-8" />', `<meta charset="UTF-8" />${indent}<script>${themeScript()}</script>`)
    .replace(entryScript, '')
    .replace(preloadLink, '')
    .replace(stylesheetLink, '')
    .replace(/\s*<\/head>/, `${style}${disabledLinks}\n  </head>`)
    .replace(
      root,
      `<div id="root" data-prerendered="${path}">${markup}</div>${indent}<script>${loadAfterPaint(`/${entryFile}`, scripts)}</script>`,
    );
}

export function prerender(options: PrerenderOptions): Plugin {
  let distDir = '';
  return {
    name: 'platform:prerender',
    apply: 'build',
    config: (config) => ({
      // `vite build` builds both environments: the browser's, then the server-side entry.
      builder: {
        async buildApp(builder) {
          for (const environment of Object.values(builder.environments)) await builder.build(environment);
        },
      },
      environments: {
        ssr: {
          build: {
            ssr: SERVER_ENTRY,
            outDir: join(config.build?.outDir ?? 'dist', SERVER_BUILD_DIR),
            manifest: false,
          },
        },
      },
    }),
    configResolved(config) {
      distDir = resolve(config.root, config.build.outDir);
    },
    // After the builds (`builder.buildApp` above), before precompress() compresses what is written.
    buildApp: {
      order: 'post',
      async handler() {
        const serverDir = join(distDir, SERVER_BUILD_DIR);
        try {
          const manifest = JSON.parse(
            await readFile(join(distDir, '.vite/manifest.json'), 'utf8'),
          ) as Manifest;
          const template = await readFile(join(distDir, 'index.html'), 'utf8');
          await writeFile(join(distDir, APP_PAGE), template);
          const server = (await import(pathToFileURL(join(serverDir, 'prerender.js')).href)) as {
            renderPage(path: string): Promise<string>;
          };
          for (const [path, page] of Object.entries(options.pages)) {
            const markup = page.draw === true ? await server.renderPage(path) : null;
            const html = await writePage(template, manifest, distDir, path, page, markup);
            await writeFile(join(distDir, pageFile(path)), html);
          }
        } finally {
          await rm(serverDir, { recursive: true, force: true });
        }
      },
    },
  };
}
