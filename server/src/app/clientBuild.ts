/**
 * The built client's `boot.json` (issue 20 item 2: the boot path is a build product), read
 * and checked once at start. The client's build (client/build/bootManifest.ts) writes in it
 * the page cut where the server adds its pieces, the boot script with its CSP hash, the
 * entry and each screen's files to preload, all taken from Vite's own bundle; the server
 * reads no other file of the build for the page, rewrites nothing of it and names no source
 * file of the client.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { BOOT_FILE, bootManifestSchema, type BootManifest } from '@spincrate/contract';

/** The client build the server serves: its folder and its `boot.json`. */
export interface ClientBuild {
  /** The built client's folder (`CLIENT_DIST`). */
  dist: string;
  /** `boot.json`, checked. */
  boot: BootManifest;
}

/** A client folder holds a build whose `boot.json` is missing or wrong: the server does not start. */
export class ClientBuildError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ClientBuildError';
  }
}

/**
 * Reads and checks the built client's `boot.json`, once, at start.
 * @param dist - the built client's folder (`CLIENT_DIST`)
 * @returns the build, or undefined when the folder holds no build (neither `boot.json` nor
 *   `index.html`: the pages then answer 404 "the client is not built")
 * @throws ClientBuildError when the folder holds a build without a readable, valid
 *   `boot.json` (one made before it existed, or a damaged one), or the boot script's hash
 *   is not its text's SHA-256: the message says which and to run `npm run build`
 */
export function loadClientBuild(dist: string): ClientBuild | undefined {
  const file = path.join(dist, BOOT_FILE);
  if (!existsSync(file)) {
    if (!existsSync(path.join(dist, 'index.html'))) return undefined;
    throw new ClientBuildError(
      `The client build in ${dist} has no ${BOOT_FILE} (built by an older Spincrate?): run npm run build.`,
    );
  }
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new ClientBuildError(
      `${file} cannot be read as JSON (${(err as Error).message}): run npm run build.`,
    );
  }
  const parsed = bootManifestSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`,
    );
    throw new ClientBuildError(
      `${file} is not a valid ${BOOT_FILE} (${problems.join('; ')}): run npm run build.`,
    );
  }
  const { text, hash } = parsed.data.bootScript;
  if (hash !== `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`)
    throw new ClientBuildError(
      `${file}: bootScript.hash is not the SHA-256 of bootScript.text: run npm run build.`,
    );
  return { dist, boot: parsed.data };
}
