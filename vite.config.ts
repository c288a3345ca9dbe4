import { writeFileSync } from 'node:fs';
import { join, resolve as resolvePath } from 'node:path';
import { buildSync } from 'esbuild';
import type { Plugin, Rolldown } from 'vite';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { mergeRuntimeChunkPlugin } from './scripts/lib/merge-runtime-chunk.ts';
import { OPEN_PATHS } from './src/shared/constants.ts';
import { MENU_ROUTES, STATIC_ROUTES, type RouteDef } from './src/shared/routes.ts';
import { FIRST_SCREEN_VIEWS, viewsPartsOf, type ViewsPart } from './src/app/i18n/dictionary-parts.ts';
import { shellZhCn } from './src/app/i18n/messages/shell.zh-cn.ts';
import { viewsHomeZhCn } from './src/app/i18n/messages/views-home.zh-cn.ts';
import { viewsProductZhCn } from './src/app/i18n/messages/views-product.zh-cn.ts';
import { viewsZhCn } from './src/app/i18n/messages/views.zh-cn.ts';

// Vite's bundler, through Vite's own types (rolldown is its dependency, not ours).
type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

const API = 'http://127.0.0.1:8080';

/** antd-mobile components the first screens (home, product details) draw, with their helpers. */
const ANTD_BASICS =
  /node_modules[\\/]antd-mobile[\\/]es[\\/]components[\\/](button|dot-loading|tag|list|selector|space)[\\/]/;

/** The views that open a visit (shared links, the home), each given one chunk of its own code. */
const FIRST_SCREENS: Record<string, string> = {
  'src/app/views/index/index.tsx': 'screen-home',
  'src/app/views/productDetails/index.tsx': 'screen-product',
  // Each first screen's own texts (i18n/dictionary-parts.ts) travel with its code.
  'src/app/i18n/messages/views-product.zh-cn.ts': 'screen-product',
};

/**
 * The open screens a visit also starts at (the product list and the guide), with the antd-mobile
 * components each draws: each gets one chunk of the code only it reaches, those components and what
 * they import included, instead of a file per module; what both reach goes into one chunk of their
 * own. Code the screens above reach stays where they put it, so the home's and the product page's
 * files do not change.
 */
const OPEN_SCREENS: Record<string, { chunk: string; antd: RegExp }> = {
  'src/app/views/product/index.tsx': {
    chunk: 'screen-list',
    antd: /[\\/]antd-mobile[\\/]es[\\/]components[\\/](tabs|infinite-scroll|search-bar)[\\/]/,
  },
  'src/app/views/know/index.tsx': {
    chunk: 'screen-guide',
    antd: /[\\/]antd-mobile[\\/]es[\\/]components[\\/](list|search-bar)[\\/]/,
  },
};
const SHARED_OPEN_SCREEN = 'screen-list-guide';
/** antd-mobile's index, which imports every component: only the screen's own are followed from it. */
const ANTD_INDEX = /[\\/]antd-mobile[\\/]es[\\/]index\.js$/;

/** The chunk of what every first screen draws: antd-mobile's basic pieces and the app's shared parts. */
const SHARED_FIRST_SCREEN = 'ui-basics';
/** The home's texts, which the product page reads too (common texts). */
const SHARED_TEXTS = 'src/app/i18n/messages/views-home.zh-cn.ts';

/** Routes a visit opens at: the open paths (spec §2) and the pages shared links lead to. */
const OPENING_ROUTES: string[] = [...OPEN_PATHS, '/productDetails/index'];

let screenOfModule: Map<string, string> | null = null;
let openScreenOfModule: Map<string, string> | null = null;

type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

/** The open screen's chunk of a module (OPEN_SCREENS) that no screen above reaches. */
function openScreenChunkOf(id: string, ctx: ModuleGraph): string | null {
  if (!openScreenOfModule) {
    const map = new Map<string, string>();
    const root = process.cwd().replaceAll('\\', '/');
    for (const [file, { chunk, antd }] of Object.entries(OPEN_SCREENS)) {
      const seen = new Set<string>();
      const queue = [`${root}/${file}`];
      while (queue.length) {
        const next = queue.pop()!;
        if (seen.has(next) || !next.startsWith(`${root}/`) || screenChunkOf(next, ctx)) continue;
        seen.add(next);
        const before = map.get(next);
        map.set(next, before && before !== chunk ? SHARED_OPEN_SCREEN : chunk);
        const imports = ctx.getModuleInfo(next)?.importedIds ?? [];
        queue.push(...(ANTD_INDEX.test(next) ? imports.filter((i) => antd.test(i)) : imports));
      }
    }
    openScreenOfModule = map;
  }
  return openScreenOfModule.get(id.replaceAll('\\', '/')) ?? null;
}

/**
 * The first-screen chunk of a module: the screen whose view reaches it by static imports within
 * src/app and src/shared, or the shared chunk when several screens do (so that the product page
 * does not download the home's own code). Dynamic imports (a sheet opened later) and libraries
 * stay out.
 */
function screenChunkOf(
  id: string,
  ctx: { getModuleInfo(id: string): { importedIds: readonly string[] } | null },
): string | null {
  if (!screenOfModule) {
    const map = new Map<string, string>();
    const root = process.cwd().replaceAll('\\', '/');
    for (const [file, name] of Object.entries(FIRST_SCREENS)) {
      const seen = new Set<string>();
      const queue = [`${root}/${file}`];
      while (queue.length) {
        const next = queue.pop()!;
        if (seen.has(next) || next.includes('node_modules') || !next.startsWith(`${root}/src/`)) continue;
        seen.add(next);
        const before = map.get(next);
        map.set(next, before && before !== name ? SHARED_FIRST_SCREEN : name);
        queue.push(...(ctx.getModuleInfo(next)?.importedIds ?? []));
      }
    }
    map.set(`${root}/${SHARED_TEXTS}`, SHARED_FIRST_SCREEN);
    screenOfModule = map;
  }
  return screenOfModule.get(id.replaceAll('\\', '/')) ?? null;
}

/** Full path and view of every page of the route table (spec §2): `/productDetails/index` → `productDetails/index`. */
function leafRoutes(defs: readonly RouteDef[], parent = ''): { path: string; view: string }[] {
  return defs.flatMap((def) => {
    const path = def.path.startsWith('/') ? def.path : `${parent.replace(/\/$/, '')}/${def.path}`;
    if (def.children?.length) return leafRoutes(def.children, path);
    return def.component === 'Layout' || def.redirect ? [] : [{ path, view: def.component }];
  });
}

export interface FirstScreenFiles {
  /** What index.html loads itself (the entry and its imports). */
  entry: string[];
  /** Per route path: the other JS and CSS files its view and texts need, in load order. */
  routes: Record<string, string[]>;
  /** The Polish texts. */
  polish: string[];
}

/** Files (JS and CSS, `/assets/…`) a chunk needs, with its static imports, leaving out `skip`. */
function chunkClosure(bundle: OutputBundle, start: OutputChunk, skip: ReadonlySet<string>): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const visit = (chunk: OutputChunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.add(chunk.fileName);
    for (const name of chunk.imports) {
      const next = bundle[name];
      if (next?.type === 'chunk') visit(next);
    }
    if (skip.has(`/${chunk.fileName}`)) return;
    for (const css of chunk.viteMetadata?.importedCss ?? []) if (!skip.has(`/${css}`)) out.push(`/${css}`);
    out.push(`/${chunk.fileName}`);
  };
  visit(start);
  return [...new Set(out)];
}

/** What each route's first screen downloads: read by the early script, scripts/size-report.ts and scripts/bench-web.ts. */
function firstScreenFiles(bundle: OutputBundle): FirstScreenFiles {
  const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
  const root = process.cwd().replaceAll('\\', '/');
  const chunkOf = (file: string) =>
    chunks.find((c) => c.moduleIds.some((id) => id.replaceAll('\\', '/') === `${root}/${file}`));
  const entryChunk = chunks.find((c) => c.isEntry);
  if (!entryChunk) throw new Error('first screen: no entry chunk');
  const entry = chunkClosure(bundle, entryChunk, new Set());
  const skip = new Set(entry);
  const routes: Record<string, string[]> = {};
  for (const { path, view } of leafRoutes([...STATIC_ROUTES, ...MENU_ROUTES])) {
    const viewChunk = chunkOf(`src/app/views/${view}.tsx`) ?? chunkOf(`src/app/views/${view}/index.tsx`);
    const texts = viewsPartsOf(view).map((part) => chunkOf(`src/app/i18n/messages/${part}.ts`));
    if (!viewChunk || texts.some((chunk) => !chunk))
      throw new Error(`first screen: no chunk for the view ${view} of ${path} or its texts`);
    routes[path] = [
      ...new Set([
        ...chunkClosure(bundle, viewChunk, skip),
        ...texts.flatMap((chunk) => chunkClosure(bundle, chunk!, skip)),
      ]),
    ];
  }
  const polishChunk = chunkOf('src/app/i18n/messages/pl-bundle.ts');
  return { entry, routes, polish: polishChunk ? chunkClosure(bundle, polishChunk, skip) : [] };
}

const CHINESE_PART_KEYS: Record<ViewsPart, readonly string[]> = {
  'views-home.zh-cn': Object.keys(viewsHomeZhCn),
  'views-product.zh-cn': Object.keys(viewsProductZhCn),
  'views.zh-cn': Object.keys(viewsZhCn),
};

/**
 * Fails the build when a first screen's code names a views text that its small dictionaries
 * (i18n/dictionary-parts.ts) lack: the page would show the key. Reads the built code of the
 * screen's files and of the sheets they open later (dynamic imports that are not pages), and
 * takes every views key found there as a string, or under a prefix of a template string
 * (`details.limits.${name}`).
 */
function checkFirstScreenTexts(bundle: OutputBundle, files: FirstScreenFiles): void {
  const allKeys = Object.keys(viewsZhCn);
  const root = process.cwd().replaceAll('\\', '/');
  const pages = leafRoutes([...STATIC_ROUTES, ...MENU_ROUTES]);
  const views = new Set(
    pages.flatMap(({ view }) => [`${root}/src/app/views/${view}.tsx`, `${root}/src/app/views/${view}/index.tsx`]),
  );
  const isPage = (chunk: OutputChunk) => chunk.moduleIds.some((id) => views.has(id.replaceAll('\\', '/')));
  for (const { path, view } of pages.filter((page) => FIRST_SCREEN_VIEWS.includes(page.view))) {
    const chunks = new Map<string, OutputChunk>();
    const add = (name: string, followDynamic: boolean) => {
      const chunk = bundle[name];
      if (chunk?.type !== 'chunk' || chunks.has(name)) return;
      chunks.set(name, chunk);
      for (const next of chunk.imports) add(next, followDynamic);
      if (followDynamic)
        for (const next of chunk.dynamicImports)
          if (bundle[next]?.type === 'chunk' && !isPage(bundle[next] as OutputChunk)) add(next, false);
    };
    for (const file of files.entry) add(file.slice(1), false);
    for (const file of files.routes[path]) add(file.slice(1), true);
    const code = [...chunks.values()].map((chunk) => chunk.code).join('\n');
    const prefixes = [...code.matchAll(/`([A-Za-z][\w-]*(?:\.[\w-]+)*\.)\$\{/g)].map((m) => m[1]);
    const used = allKeys.filter(
      (key) =>
        ['"', "'", '`'].some((q) => code.includes(`${q}${key}${q}`)) ||
        prefixes.some((prefix) => key.startsWith(prefix)),
    );
    const known = new Set([
      ...Object.keys(shellZhCn),
      ...viewsPartsOf(view).flatMap((part) => CHINESE_PART_KEYS[part]),
    ]);
    const missing = used.filter((key) => !known.has(key));
    if (missing.length)
      throw new Error(
        `first screen ${path}: its code names texts its dictionaries (i18n/dictionary-parts.ts) lack: ${missing.join(', ')}`,
      );
  }
}

/**
 * Puts src/app/boot/early-start.ts first in index.html's head, with the files of every route's first
 * screen, so that the route's code, texts and data start with the entry (docs/decisions/entry-before-route-files.md), and writes the
 * same list to dist/web/first-screen.json for the size budget and the benchmark.
 */
function firstScreenPlugin(): Plugin {
  let files: FirstScreenFiles | null = null;
  return {
    name: 'insure-first-screen',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        files = firstScreenFiles(ctx.bundle as OutputBundle);
        checkFirstScreenTexts(ctx.bundle as OutputBundle, files);
        // Route lists as indexes into one file list: the script stays small.
        // Only the routes a visit opens at (shared links, the home): the HTML stays small.
        const opening = Object.entries(files.routes).filter(([path]) => OPENING_ROUTES.includes(path));
        // The entry's own files are listed apart (`entry`): index.html loads them, the script waits for them.
        const list = [...new Set([...opening.flatMap(([, xs]) => xs), ...files.polish])];
        const indexes = (xs: string[]) => xs.map((x) => list.indexOf(x));
        const data = {
          entry: files.entry,
          files: list,
          routes: Object.fromEntries(opening.map(([path, xs]) => [path, indexes(xs)])),
          polish: indexes(files.polish),
        };
        const script = buildSync({
          entryPoints: ['src/app/boot/early-start.ts'],
          bundle: true,
          minify: true,
          write: false,
          format: 'iife',
          target: 'es2019',
          define: { __FIRST_SCREEN_FILES__: JSON.stringify(data) },
        }).outputFiles[0].text;
        // Inline, so that it starts the route's files and calls as soon as the HTML's head is
        // parsed, without a request of its own first. The Content-Security-Policy allows this one
        // script by its sha256 hash, which the server takes from the built index.html
        // (src/server/lib/inline-script-hashes.ts; docs/decisions/security-headers.md).
        if (/<\/script/i.test(script)) throw new Error('first screen: the early-start script contains </script');
        // Right after `<meta charset>`, which must stay within the HTML's first 1,024 bytes.
        const charset = /<meta charset="UTF-8" \/>\n/i;
        if (!charset.test(html)) throw new Error('first screen: index.html has no <meta charset="UTF-8" />');
        return html.replace(charset, (meta) => `${meta}    <script>${script.trim()}</script>\n`);
      },
    },
    writeBundle(options) {
      const dir = options.dir ?? 'dist/web';
      if (files) writeFileSync(join(dir, 'first-screen.json'), JSON.stringify(files, null, 2));
    },
  };
}

export default defineConfig({
  plugins: [react(), mergeRuntimeChunkPlugin('vendor'), firstScreenPlugin()],
  resolve: {
    // React Router 7's exports always name its development build (dev warnings on; remix-run/
    // react-router#12532, #14102); the production build is the same code with them off.
    alias: [
      { find: /^react-router$/, replacement: resolvePath('node_modules/react-router/dist/production/index.mjs') },
      {
        find: /^react-router\/dom$/,
        replacement: resolvePath('node_modules/react-router/dist/production/dom-export.mjs'),
      },
    ],
  },
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    target: ['es2019', 'chrome87', 'safari13'],
    reportCompressedSize: false,
    // scripts/size-report.ts reads it to sum what index.html loads for the first page.
    manifest: true,
    rolldownOptions: {
      output: {
        // Fewer, bigger chunks for the first screen (docs/architecture.md#first-screen).
        codeSplitting: {
          groups: [
            // The libraries every page runs, in one long-cached file.
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|jotai|ky|universal-cookie|cookie)[\\/]/,
              priority: 5,
            },
            // The rest of what index.html loads (the shell), instead of a dozen small shared pieces.
            { name: 'boot', tags: ['$initial'], includeDependenciesRecursively: false, priority: 4 },
            // antd-mobile's React 19 shim for its imperative APIs with the React 18 helpers it
            // replaces, in one file loaded with the first toast or dialog (docs/toolchain.md).
            {
              name: 'antd-imperative',
              test: /src[\\/]app[\\/]lib[\\/]antd-react19\.ts$|node_modules[\\/](antd-mobile[\\/]es[\\/]utils[\\/](render|unstable-render)\.js|rc-util[\\/]|@babel[\\/]runtime[\\/])/,
              includeDependenciesRecursively: false,
              priority: 3,
            },
            // What the first screens share: antd-mobile's basic pieces, the app's shared parts and
            // the common texts.
            {
              name: (id, ctx) =>
                ANTD_BASICS.test(id) || screenChunkOf(id, ctx) === SHARED_FIRST_SCREEN ? SHARED_FIRST_SCREEN : null,
              priority: 3,
            },
            // The product list's and the guide's code (OPEN_SCREENS), after every group above has
            // taken its own.
            {
              name: (id, ctx) => openScreenChunkOf(id, ctx),
              includeDependenciesRecursively: false,
              priority: 1,
            },
            // Each first screen's own code with the app modules only it imports, as one file.
            {
              name: (id, ctx) => {
                const name = screenChunkOf(id, ctx);
                return name === SHARED_FIRST_SCREEN ? null : name;
              },
              includeDependenciesRecursively: false,
              priority: 2,
            },
          ],
        },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    proxy: { '/prod-api': API, '/wx-sim': API },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts', 'scripts/**/*.test.ts'],
          // Migrates and seeds the test database once per run; every file starts from a copy.
          globalSetup: ['src/server/test/global-setup.ts'],
          // Files share a worker's module cache instead of importing the server anew each: every file
          // builds its own app on its own database, and no file changes module state another reads.
          isolate: false,
          // Generous limits, not expectations: a test takes a second or two; a busy machine many more.
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'app',
          environment: 'jsdom',
          include: ['src/app/**/*.test.{ts,tsx}'],
          setupFiles: ['src/app/test/setup.ts'],
          // One jsdom per worker instead of one per file; setup.ts gives each file fresh app modules,
          // storage and cookies.
          isolate: false,
        },
      },
    ],
    pool: 'forks',
    maxWorkers: 2,
  },
});
