/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import type { Plugin as PostCssPlugin } from 'postcss';
import purgeCSSPlugin from '@fullhuman/postcss-purgecss';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';
import { entryProblems } from './src/lib/entryGuard.ts';
import { HOOK_TIMEOUT_MS, TEST_TIMEOUT_MS } from './src/test/timeouts.ts';
import { bootManifest } from './build/bootManifest.ts';
import { chartsOwnToolkit, reactRouterProduction } from './build/leanDependencies.ts';
import { BOOT_FILE } from '../contract/src/bootPage.ts';

/** The server's port when `PORT` is not set (README "Configuration"). */
const DEFAULT_SERVER_PORT = '5001';

/**
 * Where `npm run dev` proxies the API and the covers: the server on `PORT` (5001 when unset),
 * the same variable the server listens on.
 * @param env - the environment (default `process.env`)
 */
export function devProxyTarget(env: Record<string, string | undefined> = process.env): string {
  return `http://localhost:${env.PORT?.trim() || DEFAULT_SERVER_PORT}`;
}

/**
 * Files worth compressing (text), and the smallest size that is: from 512 bytes brotli saves
 * more than its two headers cost (issue 11: the login screen ≤ 100 KB).
 */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/i;
const COMPRESS_MIN_BYTES = 512;

/** The favicon link of `index.html`, whose file the build writes into the page (a request fewer). */
const FAVICON_LINK = /<link rel="icon" type="image\/svg\+xml" href="\/(logo-light\.svg)" \/>/;

/**
 * The SVG `svg` as a `data:` URL for an HTML attribute: whitespace between tags collapsed,
 * double quotes made single, and only `%`, `#` and the quote-free rest left as they are
 * (a data URL needs no base64; this is the shortest form browsers accept).
 * @param svg - an SVG document's text
 */
export function svgDataUrl(svg: string): string {
  const compact = svg
    .replace(/>\s+</g, '><')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/"/g, "'")
    .replace(/%/g, '%25')
    .replace(/#/g, '%23');
  return `data:image/svg+xml,${compact}`;
}

/**
 * Writes the favicon (`public/logo-light.svg`) into `index.html` as a `data:` URL: with the
 * cache off, the browser fetched the same file twice on the login screen, once for the tab's
 * icon and once for the logo image (issue 11). Build only.
 */
export function inlineFavicon(): Plugin {
  let publicDir = 'public';
  return {
    name: 'spincrate-inline-favicon',
    apply: 'build',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    async transformIndexHtml(html) {
      const match = FAVICON_LINK.exec(html);
      if (!match) throw new Error('index.html: the favicon link was not found');
      const svg = await readFile(path.join(publicDir, match[1]!), 'utf8');
      return html.replace(
        FAVICON_LINK,
        () => `<link rel="icon" type="image/svg+xml" href="${svgDataUrl(svg)}" />`,
      );
    },
  };
}

/** An HTML comment, with the white space before it (the indentation of its own line). */
const HTML_COMMENT = /\s*<!--[\s\S]*?-->/g;

/**
 * The page without its comments: notes for whoever reads `index.html`, which every visitor
 * would otherwise download (issue 11: the login screen ≤ 100 KB).
 * @param html - a page's markup
 */
export function withoutHtmlComments(html: string): string {
  return html.replace(HTML_COMMENT, '');
}

/** Drops the comments of `index.html` from the built page ({@link withoutHtmlComments}). Build only. */
export function stripHtmlComments(): Plugin {
  return {
    name: 'spincrate-strip-html-comments',
    apply: 'build',
    transformIndexHtml: { order: 'post', handler: withoutHtmlComments },
  };
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file of the build of 512 bytes or more (brotli at
 * its highest quality, gzip level 9), so the server sends them precompressed
 * (express-static-gzip) and never compresses a static file per request (sw.js included: it
 * runs after the service worker's build). `boot.json` is read by the server, never sent.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'spincrate-precompress',
    apply: 'build',
    // After the service worker's build (vite-plugin-pwa's closeBundle, also `post`), so sw.js
    // goes out precompressed too.
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
      for (const entry of entries) {
        if (!entry.isFile() || !COMPRESSIBLE.test(entry.name) || entry.name === BOOT_FILE) continue;
        const file = path.join(entry.parentPath, entry.name);
        const body = await readFile(file);
        if (body.length < COMPRESS_MIN_BYTES) continue;
        await writeFile(
          `${file}.br`,
          brotliCompressSync(body, {
            params: {
              [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
              [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          }),
        );
        await writeFile(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

/**
 * Fails the build when the first load's script — the entry chunk and the chunks it imports
 * statically — holds a module only later screens need (zod once slipped in) or outgrows its
 * byte budget (src/lib/entryGuard.ts; issue 11: the login screen ≤ 100 KB). Build only.
 */
export function guardEntry(): Plugin {
  return {
    name: 'spincrate-guard-entry',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const entry of Object.values(bundle)) {
        if (entry.type !== 'chunk' || !entry.isEntry) continue;
        const files = new Set<string>();
        const visit = (fileName: string) => {
          if (files.has(fileName)) return;
          files.add(fileName);
          const chunk = bundle[fileName];
          if (chunk?.type === 'chunk') chunk.imports.forEach(visit);
        };
        visit(entry.fileName);
        const chunks = [...files].map((f) => bundle[f]).filter((c) => c?.type === 'chunk');
        const moduleIds = chunks.flatMap((c) => c.moduleIds);
        const brotliBytes = chunks.reduce(
          (sum, c) =>
            sum +
            brotliCompressSync(c.code, {
              params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY },
            }).length,
          0,
        );
        const problems = entryProblems(moduleIds, brotliBytes);
        if (problems.length) {
          this.error(`The first load's script (${[...files].join(', ')}):\n  ${problems.join('\n  ')}`);
        }
      }
    },
  };
}

/**
 * The page's colour of each theme (styles.css: the body's background), for the browser's
 * title bar and the installed app's splash screen: the manifest's `theme_color` and
 * `background_color` (light), and index.html's `<meta name="theme-color">` per
 * `prefers-color-scheme`.
 */
export const THEME_COLORS = { light: '#ffffff', dark: '#121212' } as const;

/**
 * The web app manifest (`/manifest.webmanifest`, EXTENSIONS.md §9): Spincrate installs as an
 * app of its own window that opens on the collection. Icons made from public/logo-light.svg.
 */
export const WEB_APP_MANIFEST: Partial<ManifestOptions> = {
  id: '/',
  name: 'Spincrate',
  short_name: 'Spincrate',
  description: "Your vinyl crate, your listening log, your friends' records.",
  start_url: '/user/profile',
  scope: '/',
  display: 'standalone',
  theme_color: THEME_COLORS.light,
  background_color: THEME_COLORS.light,
  icons: [
    { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};

/**
 * The fallback cover the server serves (`/covers/fallback.svg`, API.md "Entities";
 * server/public/fallback.svg), as a precache entry revised by its content: shown offline for
 * every cover the device never kept (lib/covers.ts FALLBACK_COVER, src/sw/sw.ts).
 */
function fallbackCoverEntry(): { url: string; revision: string } {
  const file = fileURLToPath(new URL('../server/public/fallback.svg', import.meta.url));
  return {
    url: '/covers/fallback.svg',
    revision: createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 16),
  };
}

/**
 * The service worker and the manifest (EXTENSIONS.md §9; src/sw/sw.ts says what it caches).
 * The worker's precache holds the build's files except the precompressed copies: the shell
 * (index.html), every screen's chunk and stylesheet, the barcode decoder's `.wasm` (about
 * 1.1 MB, hence the larger size limit), the icons and the manifest, and the server's
 * fallback cover (fallbackCoverEntry). The page registers it
 * itself, after its first paint (lib/pwa/scheduleServiceWorker.ts); a new version waits
 * until the user reloads (`prompt`) or the next start.
 */
export function serviceWorker() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/sw',
    filename: 'sw.ts',
    registerType: 'prompt',
    injectRegister: false,
    manifestFilename: 'manifest.webmanifest',
    manifest: WEB_APP_MANIFEST,
    injectManifest: {
      globPatterns: ['**/*.{js,css,html,svg,png,wasm,webmanifest}'],
      globIgnores: ['**/*.br', '**/*.gz', 'sw.js', '.vite/**'],
      additionalManifestEntries: [fallbackCoverEntry()],
      maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      rollupFormat: 'iife',
    },
    devOptions: { enabled: false },
  });
}

/** The stylesheets whose unused utilities are dropped: Bootstrap's two halves (src/bootstrap*.scss). */
const PURGED_STYLESHEETS = /[\\/]src[\\/]bootstrap(-screens)?\.scss$/;

/**
 * Class prefixes react-bootstrap joins with a prop's value (`<Button variant="primary">` →
 * `btn-primary`, `size="sm"` → `btn-sm`, `<Navbar expand="lg">` → `navbar-expand-lg`,
 * `<Badge bg="secondary">` → `bg-secondary`, `<Alert variant="danger">` → `alert-danger`).
 */
const COMPOSED_PREFIXES = [
  'btn',
  'alert',
  'badge',
  'bg',
  'text-bg',
  'text',
  'border',
  'navbar',
  'navbar-expand',
  'nav',
  'modal',
  'table',
  'list-group-item',
  'form-control',
  'form-select',
  'rounded',
];

/**
 * Classes react-bootstrap's first-load components (Navbar, Nav, Button, Alert, Badge, form
 * controls) build from a prefix and a fixed suffix (NavbarToggle's `${bsPrefix}-icon`, …).
 */
const REACT_BOOTSTRAP_SUFFIXED = [
  'navbar-toggler-icon',
  'navbar-nav',
  'navbar-nav-scroll',
  'nav-fill',
  'nav-justified',
  'alert-dismissible',
  'form-control-plaintext',
  'form-control-color',
];

/**
 * The class names a source file may name: each word, and each word behind each of
 * react-bootstrap's composed prefixes (so a variant or size a screen uses keeps its class).
 * @param content - a file's text
 */
export function namedClasses(content: string): string[] {
  const words: string[] = content.match(/[A-Za-z0-9_-]+/g) ?? [];
  return words.concat(words.flatMap((word) => COMPOSED_PREFIXES.map((prefix) => `${prefix}-${word}`)));
}

/**
 * Drops Bootstrap's utility and helper classes no file of the app names (issue 11: the
 * login screen ≤ 100 KB; the utilities are most of Bootstrap's CSS), and the variants,
 * sizes and breakpoints of the first load's components no screen uses. What sits between
 * `purgecss start/end ignore` comments in the two Bootstrap stylesheets (the root variables,
 * reboot, type, the signed-in screens' components) is kept whole. A class counts as named when it appears as a word in the app's source,
 * `index.html`, `public/` or react-bootstrap's own code (e.g. `visually-hidden`), or is
 * composed by react-bootstrap from a word there (`namedClasses`). Build only: the dev server
 * keeps every class.
 */
export function purgeUnusedUtilities(): PostCssPlugin {
  const root = fileURLToPath(new URL('.', import.meta.url));
  const purge = purgeCSSPlugin({
    content: [
      `${root}index.html`,
      `${root}src/**/*.{ts,tsx,css}`,
      `${root}public/**/*.{js,html}`,
      `${root}../node_modules/react-bootstrap/esm/*.js`,
      // Classes react-bootstrap joins from its own prefix and a fixed suffix, never written
      // whole in its code (`${bsPrefix}-icon` → the navbar toggle's icon).
      { raw: REACT_BOOTSTRAP_SUFFIXED.join(' '), extension: 'html' },
    ],
    // The app's files (.ts, .tsx, .html, .css) name composed classes too; react-bootstrap's
    // and public/'s .js only their literal words (its own lists of every variant and
    // breakpoint would otherwise keep them all).
    extractors: [
      { extractor: namedClasses, extensions: ['ts', 'tsx', 'html', 'css'] },
      { extractor: (content: string) => content.match(/[A-Za-z0-9_-]+/g) ?? [], extensions: ['js'] },
    ],
  });
  return {
    postcssPlugin: 'spincrate-purge-unused-utilities',
    OnceExit(css, helpers) {
      if (!PURGED_STYLESHEETS.test(css.source?.input.file ?? '')) return;
      return (purge as { OnceExit(c: typeof css, h: typeof helpers): Promise<void> }).OnceExit(css, helpers);
    },
  };
}

/** Sass deprecations Bootstrap 5.3's own Sass triggers (nothing of ours). */
const SILENCED_SASS_DEPRECATIONS: ('import' | 'global-builtin' | 'color-functions' | 'if-function')[] = [
  'import',
  'global-builtin',
  'color-functions',
  'if-function',
];

// `npm run dev`: Vite with hot reload on 5173, the API proxied to the server on PORT (5001).
// changeOrigin stays false so the server sees the browser's own origin (same-origin check).
export default defineConfig(({ command }) => {
  const target = devProxyTarget();
  return {
    plugins: [
      react(),
      // Library code the first load carried without using it (build/leanDependencies.ts).
      reactRouterProduction(),
      chartsOwnToolkit(),
      inlineFavicon(),
      stripHtmlComments(),
      guardEntry(),
      // dist/boot.json: the page's pieces for the server (README "How the page is served").
      bootManifest({
        bootScript: 'theme-init.js',
        // The modules a signed-in start on the collection screen loads (app/App.tsx, app/store.ts):
        // the screen, the screens' stylesheet, the signed-in store's reducers and sagas, redux-saga,
        // and the layout's own lazy part every signed-in screen shows (the nav menu), which would
        // otherwise be asked for, its links put in one by one, during the app's first render.
        screens: {
          collection: [
            '@/features/records/CollectionPage',
            '@/lib/screenStyles',
            '@/app/userData',
            '@/app/sagaRuntime',
            '@/features/layout/NavMenu',
          ],
        },
      }),
      serviceWorker(),
      precompress(),
    ],
    css: {
      postcss: { plugins: command === 'build' ? [purgeUnusedUtilities()] : [] },
      // Bootstrap 5.3's Sass still uses @import and global colour functions (client/src/bootstrap.scss).
      preprocessorOptions: {
        scss: {
          quietDeps: true,
          silenceDeprecations: SILENCED_SASS_DEPRECATIONS,
        },
      },
    },
    // The contract's TypeScript source, so dev, tests and the build need no prior build of it.
    resolve: {
      alias: {
        // The page's shared names alone (zod-free, for the first load's modules), before the whole contract.
        '@spincrate/contract/bootPage': fileURLToPath(
          new URL('../contract/src/bootPage.ts', import.meta.url),
        ),
        // Its limits alone (the service worker's first screen size), zod-free too.
        '@spincrate/contract/limits': fileURLToPath(new URL('../contract/src/limits.ts', import.meta.url)),
        '@spincrate/contract': fileURLToPath(new URL('../contract/src/index.ts', import.meta.url)),
        // `@/…` is this workspace's src/ (tsconfig.json `paths`), in dev, tests and the build.
        '@/': fileURLToPath(new URL('./src/', import.meta.url)),
      },
    },
    server: {
      port: 5173,
      proxy: {
        '/api': { target, changeOrigin: false },
        '/covers': { target, changeOrigin: false },
      },
    },
    build: {
      sourcemap: false,
      // No modulepreload polyfill in the first load's script (lib/entryGuard.ts budget): every
      // browser of the build's targets but Safari 16.4–16.7 reads <link rel=modulepreload>
      // itself, and there the app still loads, each screen's files found as they are imported.
      modulePreload: { polyfill: false },
      chunkSizeWarningLimit: 800,
      rolldownOptions: {
        // No "plugins took long" warning when the build shares a busy machine: the time
        // is the machine's, not a fault of the build (issue 26 item 10, no warning on build).
        checks: { bundlerTimings: false },
        output: {
          // Everything the entry imports statically (the shell and the login screen) in one
          // chunk beside the entry, instead of a dozen small shared chunks: each request
          // costs its headers and a round trip on the first load (issue 11).
          codeSplitting: {
            groups: [
              { name: 'app', tags: ['$initial' as const], priority: 20 },
              // The signed-in user's store (app/userData.ts: reducers and sagas of every
              // feature) and redux-saga (app/sagaRuntime.ts), with what they import and the
              // first load does not hold, in one chunk: a signed-in start loads all of it
              // anyway, and twenty small chunks cost a round trip each on a phone.
              { name: 'user-data', test: /[\\/]src[\\/]app[\\/](userData|sagaRuntime)\.ts$/, priority: 10 },
              // react-bootstrap and what it builds on, in one chunk shared by the screens (before
              // the user data's group, which holds some of it otherwise), and the crate's screen
              // parts (grid, sort and search bar, folder select, cover image, offline chip, with
              // what they import) in another, instead of some thirty small shared chunks: the
              // collection screen's files went from 36 to 8. Each file is a request the page
              // issues on the main thread and the service worker answers; on an offline start at
              // 4x CPU they held the first paint up by about 200 ms (issue 24: offline start to
              // the first cover). A visitor's first load is unchanged (the app group); their
              // registration screen now loads the kit whole (58 KB, 47 KB more than it used).
              {
                name: 'kit',
                test: /[\\/]node_modules[\\/](react-bootstrap|@restart|dom-helpers|prop-types|classnames|uncontrollable|warning|invariant|@babel[\\/]runtime|react-transition-group|@popperjs|react-lifecycles-compat)[\\/]/,
                priority: 15,
              },
              {
                name: 'crate',
                test: /[\\/]src[\\/](entities[\\/]crate[\\/]|lib[\\/](covers|plural)\.ts|lib[\\/]components[\\/](CoverImage|OfflineChip)\.tsx|lib[\\/]offline[\\/]format\.ts)/,
                priority: 4,
              },
            ],
          },
        },
      },
    },
    test: {
      environment: 'jsdom',
      globals: true,
      setupFiles: ['src/test/setup.ts'],
      include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
      // At least two test files at once: Vitest's default (a core fewer than the machine has)
      // ran them one at a time on a 2-core machine, its main process nearly idle beside
      // (issue 28: `npm test` within 6 minutes).
      maxWorkers: Math.max(2, availableParallelism() - 1),
      testTimeout: TEST_TIMEOUT_MS,
      hookTimeout: HOOK_TIMEOUT_MS,
      css: false,
    },
  };
});
