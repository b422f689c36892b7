/**
 * The pieces of boot.json the build works out (client/build/bootManifest.ts): the page cut
 * where the server adds its pieces, each screen's preloads from the bundle's chunks, and the
 * boot script's checks. The whole plugin on the real build: server/src/test/bootBuild.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { Rollup } from 'vite';
import { cspHash, cutPage, minifyBootScript, screenPreloads } from './bootManifest';

const ENTRY_TAG = '<script type="module" crossorigin src="/assets/index-e1.js"></script>';
const BOOT_TAG = '<script src="/theme-init.js"></script>';

describe('cutPage', () => {
  it('cuts the page so that its pieces and the two tags put back together are the page', () => {
    const html =
      `<!doctype html><html><head><title>S</title>${ENTRY_TAG}<link rel="stylesheet" href="/assets/i.css"></head>` +
      `<body class="light"><!-- theme -->${BOOT_TAG}<div id="root"></div></body></html>`;
    const page = cutPage(html, ENTRY_TAG, BOOT_TAG);
    expect(page).toEqual({
      head: '<!doctype html><html><head><title>S</title>',
      headEnd: '<link rel="stylesheet" href="/assets/i.css">',
      bodyStart: '</head><body class="light">',
      beforeBootScript: '<!-- theme -->',
      end: '<div id="root"></div></body></html>',
    });
    expect(
      page.head + ENTRY_TAG + page.headEnd + page.bodyStart + page.beforeBootScript + BOOT_TAG + page.end,
    ).toBe(html);
  });

  it('fails the build when the entry or the boot script tag is missing, or out of place', () => {
    expect(() => cutPage(`<head></head><body>${BOOT_TAG}</body>`, ENTRY_TAG, BOOT_TAG)).toThrow(
      /entry's script tag/,
    );
    expect(() => cutPage(`<head>${ENTRY_TAG}</head><body></body>`, ENTRY_TAG, BOOT_TAG)).toThrow(
      /boot script's tag/,
    );
    expect(() => cutPage(`<head>${ENTRY_TAG}${BOOT_TAG}</head><body></body>`, ENTRY_TAG, BOOT_TAG)).toThrow(
      /entry script in the head and the boot script in the body/,
    );
  });
});

/** A chunk of a bundle, as much of it as the preloads read. */
function chunk(fileName: string, imports: string[], css: string[] = [], isEntry = false): Rollup.OutputChunk {
  return {
    type: 'chunk',
    fileName,
    imports,
    isEntry,
    viteMetadata: { importedCss: new Set(css), importedAssets: new Set() },
  } as unknown as Rollup.OutputChunk;
}

describe('screenPreloads', () => {
  const bundle: Rollup.OutputBundle = {
    'assets/index-e1.js': chunk(
      'assets/index-e1.js',
      ['assets/runtime-r1.js'],
      ['assets/index-e1.css'],
      true,
    ),
    'assets/runtime-r1.js': chunk('assets/runtime-r1.js', []),
    'assets/Collection-c1.js': chunk(
      'assets/Collection-c1.js',
      ['assets/index-e1.js', 'assets/grid-g1.js', 'assets/runtime-r1.js'],
      ['assets/Collection-c1.css'],
    ),
    'assets/grid-g1.js': chunk('assets/grid-g1.js', ['assets/runtime-r1.js'], ['assets/grid-g1.css']),
  };
  // Before Vite took the style-only chunk of screenStyles out of the bundle.
  const before = new Map([
    ['/src/Collection.tsx', { fileName: 'assets/Collection-c1.js', css: ['assets/Collection-c1.css'] }],
    ['/src/userData.ts', { fileName: 'assets/Collection-c1.js', css: ['assets/Collection-c1.css'] }],
    ['/src/screenStyles.ts', { fileName: 'assets/screenStyles-s1.js', css: ['assets/screenStyles-s1.css'] }],
  ]);

  it("lists the screen's chunks and what they import, not the entry's, with their stylesheets first", () => {
    const screens = { collection: ['/src/Collection.tsx', '/src/screenStyles.ts', '/src/userData.ts'] };
    expect(screenPreloads(bundle, before, screens, '/')).toEqual({
      collection: [
        '/assets/Collection-c1.css',
        '/assets/grid-g1.css',
        '/assets/screenStyles-s1.css',
        '/assets/Collection-c1.js',
        '/assets/grid-g1.js',
      ],
    });
  });

  it('fails the build when a module of the screen is in no chunk', () => {
    expect(() => screenPreloads(bundle, before, { collection: ['/src/Renamed.tsx'] }, '/')).toThrow(
      /collection: the module \/src\/Renamed.tsx is in no chunk/,
    );
  });
});

describe('the boot script', () => {
  it("is minified, keeps the contract's names, and its hash is the CSP source of its SHA-256", () => {
    const source = `// a comment
      var loading = document.getElementById('crate-loading');
      var session = document.getElementById('spincrate-session');
      localStorage.getItem('spincrate.theme');
      localStorage.getItem('spincrate.logoutPending');
      sessionStorage.getItem('spincrate.loadingShown');
      document.getElementsByName('spincrate-start');`;
    const text = minifyBootScript('theme-init.js', source);
    expect(text).not.toContain('a comment');
    expect(text).toContain('crate-loading');
    // A known SHA-256 (of the empty text), in the CSP's form.
    expect(cspHash('')).toBe("'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='");
  });

  it("shortens the names inside its functions and keeps its top-level names (the page's globals)", () => {
    const source = `var loading = document.getElementById('crate-loading');
      (function () {
        var sessionBlock = document.getElementById('spincrate-session');
        localStorage.getItem('spincrate.theme');
        localStorage.getItem('spincrate.logoutPending');
        sessionStorage.getItem('spincrate.loadingShown');
        document.getElementsByName('spincrate-start');
        window.sessionBlockText = sessionBlock.textContent + loading.id;
      })();`;
    const text = minifyBootScript('theme-init.js', source);
    expect(text).toMatch(/\bvar loading\b/);
    expect(text).not.toMatch(/\bsessionBlock\b/);
    expect(text).toContain('window.sessionBlockText');
  });

  it("fails the build when it does not name the contract's element id and storage keys", () => {
    expect(() => minifyBootScript('theme-init.js', "localStorage.getItem('theme');")).toThrow(
      /does not name crate-loading, spincrate-session, spincrate.theme, spincrate.loadingShown, spincrate.logoutPending, spincrate-start/,
    );
  });
});
