/**
 * A built client for tests that serve pages from a folder of their own: writes the
 * `boot.json` the client's build would write (contract `bootManifestSchema`), for a page
 * `<!doctype html><html><head>{head}</head>{bodyTag}<script>{bootScript}</script>{body}</body></html>`
 * with the entry script in the head.
 */
import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { BOOT_FILE, bootManifestSchema, type BootManifest } from '@spincrate/contract';

/** What the fixture's page holds. */
export interface ClientBuildFixture {
  /** Markup in the head before the entry script (e.g. a title). */
  head?: string;
  /** The body's opening tag (default `<body>`). */
  bodyTag?: string;
  /** Markup of the body after the boot script. */
  body?: string;
  /** The boot script's text (also written as `theme-init.js`). */
  bootScript?: string;
  /** The entry script's path. */
  entry?: string;
  /** The entry's stylesheets. */
  css?: string[];
  /** The collection screen's files to preload. */
  collection?: string[];
}

/**
 * Writes `boot.json` and `theme-init.js` into `dist`.
 * @param dist - the client folder the test app serves (`CLIENT_DIST`)
 * @param fixture - the page's pieces
 * @returns the `boot.json` written
 */
export async function writeClientBuild(
  dist: string,
  fixture: ClientBuildFixture = {},
): Promise<BootManifest> {
  const text = fixture.bootScript ?? "document.body.classList.add('light');";
  const boot = bootManifestSchema.parse({
    bootScript: { text, hash: `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'` },
    entry: { script: fixture.entry ?? '/assets/index-test1.js', css: fixture.css ?? [] },
    screens: { collection: fixture.collection ?? [] },
    page: {
      head: `<!doctype html><html><head>${fixture.head ?? ''}`,
      headEnd: '',
      bodyStart: `</head>${fixture.bodyTag ?? '<body>'}`,
      beforeBootScript: '',
      end: `${fixture.body ?? ''}</body></html>`,
    },
  } satisfies BootManifest);
  await writeFile(path.join(dist, BOOT_FILE), JSON.stringify(boot));
  await writeFile(path.join(dist, 'theme-init.js'), text);
  return boot;
}
