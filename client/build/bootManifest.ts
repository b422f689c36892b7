/**
 * The boot path as a build product (issue 20 item 2): a Vite plugin that writes
 * `dist/boot.json` ({@link BOOT_FILE}, shape {@link bootManifestSchema} in the contract) for
 * the server, which reads it once at start and only puts its pieces together:
 *
 * - the boot script (`public/theme-init.js`, minified; also written to the build in place of
 *   Vite's plain copy) and its SHA-256 as a CSP source, for the server to run it inside the
 *   page and hand the hash to helmet;
 * - the app's entry script and stylesheets;
 * - each screen's files to preload ({@link PRELOADED_SCREENS}), from the bundle's own chunks
 *   and their imports: the chunks holding the screen's modules and every chunk they import,
 *   except the entry's, with their stylesheets;
 * - the built `index.html` cut where the server adds its pieces (the entry script, the data
 *   blocks, the loading screen, the boot script).
 *
 * The build fails when a piece is missing (a screen's module not in the app, no entry script
 * or boot script tag in the page, a boot script that does not name the contract's element id
 * and storage keys), so a rename breaks the build, never silently the page.
 */
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { minifySync, type Plugin, type Rollup } from 'vite';
import {
  BOOT_ELEMENT_IDS,
  BOOT_FILE,
  BOOT_STORAGE_KEYS,
  OFFLINE_START_META,
  PRELOADED_SCREENS,
  type PreloadedScreen,
} from '../../contract/src/bootPage.ts';
import { bootManifestSchema, type BootManifest } from '../../contract/src/boot.ts';

/** What the plugin is told. */
export interface BootManifestOptions {
  /** The boot script's file in `public/` (`theme-init.js`), loaded by `index.html` as `<script src="/…">`. */
  bootScript: string;
  /**
   * The modules of each screen of {@link PRELOADED_SCREENS} whose chunks its page preloads,
   * as the app imports them (`@/features/records/CollectionPage`).
   */
  screens: Record<PreloadedScreen, string[]>;
}

/** A chunk of the bundle as it was before Vite took the style-only chunks out. */
interface ChunkBefore {
  fileName: string;
  css: string[];
}

/**
 * The SHA-256 of a script as a CSP hash source (CSP Level 2): `'sha256-<base64>'`.
 * @param text - the script's text, as it stands between `<script>` and `</script>`
 */
export function cspHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * The boot script minified (comments dropped; its local names shortened, its top-level names
 * kept: a classic script that must behave as written, whose top-level names would be the
 * page's globals), checked to name the element id and the storage keys of the contract it uses.
 * @param name - the file's name (for messages)
 * @param source - its text
 * @throws Error when it does not parse or does not name them
 */
export function minifyBootScript(name: string, source: string): string {
  const result = minifySync(name, source, { compress: true, mangle: { toplevel: false } });
  if (result.errors.length) throw new Error(`${name}: ${result.errors.map((e) => e.message).join('; ')}`);
  const names = [
    BOOT_ELEMENT_IDS.crateLoading,
    BOOT_ELEMENT_IDS.session,
    BOOT_STORAGE_KEYS.theme,
    BOOT_STORAGE_KEYS.loadingShown,
    BOOT_STORAGE_KEYS.logoutPending,
    OFFLINE_START_META,
  ];
  const missing = names.filter(
    (n) => !['"', "'", '`'].some((quote) => result.code.includes(`${quote}${n}${quote}`)),
  );
  if (missing.length)
    throw new Error(
      `${name} does not name ${missing.join(', ')} (contract/src/bootPage.ts): the page and the app would disagree`,
    );
  return result.code;
}

/**
 * Cuts the built page where the server adds its pieces ({@link BootManifest} `page`).
 * @param html - `index.html` as built
 * @param entryTag - the entry's script tag as Vite wrote it
 * @param bootTag - the boot script's tag
 * @throws Error when a tag or the head's end or the body's start is not found, or they are out of order
 */
export function cutPage(html: string, entryTag: string, bootTag: string): BootManifest['page'] {
  const entryAt = html.indexOf(entryTag);
  const headEndAt = html.indexOf('</head>');
  const bodyAt = html.indexOf('<body', headEndAt);
  const bodyOpenEnd = bodyAt < 0 ? -1 : html.indexOf('>', bodyAt) + 1;
  const bootAt = html.indexOf(bootTag);
  if (entryAt < 0) throw new Error(`index.html: the entry's script tag ${entryTag} was not found`);
  if (bootAt < 0) throw new Error(`index.html: the boot script's tag ${bootTag} was not found`);
  if (!(entryAt < headEndAt && headEndAt < bodyAt && bodyOpenEnd > 0 && bodyOpenEnd <= bootAt))
    throw new Error('index.html: expected the entry script in the head and the boot script in the body');
  return {
    head: html.slice(0, entryAt),
    headEnd: html.slice(entryAt + entryTag.length, headEndAt),
    bodyStart: html.slice(headEndAt, bodyOpenEnd),
    beforeBootScript: html.slice(bodyOpenEnd, bootAt),
    end: html.slice(bootAt + bootTag.length),
  };
}

/**
 * Each screen's files to preload, from the final bundle: the chunks of the screen's modules
 * and everything they import, except the chunks the entry loads anyway (the entry and its
 * imports); a module Vite built as a stylesheet only (its chunk taken out of the bundle)
 * brings its stylesheet.
 * @param bundle - the bundle as written
 * @param before - each module's chunk before the style-only chunks were taken out
 * @param screens - the resolved module ids of each screen
 * @param base - the public base path (`/`)
 * @returns paths (`/assets/…`), stylesheets first, by screen
 */
export function screenPreloads(
  bundle: Rollup.OutputBundle,
  before: ReadonlyMap<string, ChunkBefore>,
  screens: Record<PreloadedScreen, string[]>,
  base: string,
): Record<PreloadedScreen, string[]> {
  const chunkOf = (fileName: string) => {
    const output = bundle[fileName];
    return output?.type === 'chunk' ? output : undefined;
  };
  const loaded = new Set<string>();
  const visitLoaded = (fileName: string) => {
    const chunk = chunkOf(fileName);
    if (!chunk || loaded.has(fileName)) return;
    loaded.add(fileName);
    chunk.imports.forEach(visitLoaded);
  };
  for (const output of Object.values(bundle))
    if (output.type === 'chunk' && output.isEntry) visitLoaded(output.fileName);
  const result = {} as Record<PreloadedScreen, string[]>;
  for (const screen of Object.keys(screens) as PreloadedScreen[]) {
    const scripts = new Set<string>();
    const styles = new Set<string>();
    const visit = (fileName: string) => {
      const chunk = chunkOf(fileName);
      if (!chunk || loaded.has(fileName) || scripts.has(fileName)) return;
      scripts.add(fileName);
      chunk.viteMetadata?.importedCss.forEach((css) => styles.add(css));
      chunk.imports.forEach(visit);
    };
    for (const id of screens[screen]) {
      const was = before.get(id);
      if (!was) throw new Error(`${screen}: the module ${id} is in no chunk of the bundle`);
      if (chunkOf(was.fileName)) visit(was.fileName);
      // A module of styles only (lib/screenStyles.ts): Vite took its chunk out, its stylesheet stays.
      else was.css.forEach((css) => styles.add(css));
    }
    result[screen] = [...styles, ...scripts].map((file) => `${base}${file}`);
  }
  return result;
}

/**
 * The plugin (build only). Its work is done when the bundle is written (`writeBundle`), after
 * every other plugin changed the page; it writes the minified boot script and `boot.json`.
 * @param options - the boot script's file and each screen's modules
 */
export function bootManifest(options: BootManifestOptions): Plugin {
  let root = '.';
  let outDir = 'dist';
  let publicDir = 'public';
  let base = '/';
  const screenIds = {} as Record<PreloadedScreen, string[]>;
  const before = new Map<string, ChunkBefore>();
  return {
    name: 'spincrate-boot-manifest',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      publicDir = config.publicDir;
      base = config.base;
    },
    async buildEnd(error) {
      if (error) return;
      const importer = path.join(root, 'index.html');
      for (const screen of Object.keys(PRELOADED_SCREENS) as PreloadedScreen[]) {
        screenIds[screen] = [];
        for (const specifier of options.screens[screen]) {
          const resolved = await this.resolve(specifier, importer);
          if (!resolved || !this.getModuleInfo(resolved.id))
            this.error(`${BOOT_FILE}: the ${screen} screen's module ${specifier} is not part of the app`);
          screenIds[screen].push(resolved.id);
        }
      }
    },
    generateBundle: {
      // Before Vite takes the style-only chunks out of the bundle (vite:css-post).
      order: 'pre',
      handler(_options, bundle) {
        before.clear();
        for (const output of Object.values(bundle)) {
          if (output.type !== 'chunk') continue;
          const css = [...(output.viteMetadata?.importedCss ?? [])];
          for (const id of output.moduleIds) before.set(id, { fileName: output.fileName, css });
        }
      },
    },
    writeBundle: {
      order: 'post',
      async handler(_options, bundle) {
        const entries = Object.values(bundle).filter(
          (output): output is Rollup.OutputChunk => output.type === 'chunk' && output.isEntry,
        );
        if (entries.length !== 1)
          this.error(`${BOOT_FILE}: expected one entry chunk, found ${entries.length}`);
        const entry = entries[0]!;
        const html = bundle['index.html'];
        if (html?.type !== 'asset') this.error(`${BOOT_FILE}: the build wrote no index.html`);
        const source = await readFile(path.join(publicDir, options.bootScript), 'utf8');
        const bootText = minifyBootScript(options.bootScript, source);
        const manifest: BootManifest = bootManifestSchema.parse({
          bootScript: { text: bootText, hash: cspHash(bootText) },
          entry: {
            script: `${base}${entry.fileName}`,
            css: [...(entry.viteMetadata?.importedCss ?? [])].map((css) => `${base}${css}`),
          },
          screens: screenPreloads(bundle, before, screenIds, base),
          page: cutPage(
            String(html.source),
            `<script type="module" crossorigin src="${base}${entry.fileName}"></script>`,
            `<script src="${base}${options.bootScript}"></script>`,
          ),
        } satisfies BootManifest);
        // The file itself stays served (a page from before, the development server), minified too.
        await writeFile(path.join(outDir, options.bootScript), bootText);
        await writeFile(path.join(outDir, BOOT_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
      },
    },
  };
}
