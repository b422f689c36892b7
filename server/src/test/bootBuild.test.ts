/**
 * The page as the real client build hands it over (issue 20 item 2: the boot path is a
 * build product). The client is built here with its own Vite configuration (into a folder
 * of this test, so no other build of the working tree is touched; kept for the next run
 * while no source of the build changes: `builtClient`), and the real app serves
 * it: the boot script runs inside the page, allowed by its hash alone; the page is the built
 * index.html with only the server's pieces put in; each screen's page names the files of
 * that screen's chunks as the build's boot.json lists them, and they are files of the build.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOT_FILE, bootManifestSchema, PRELOADED_SCREENS, type BootManifest } from '@spincrate/contract';
import { repoRoot } from '@/config.js';
import { createTestApp, signedInUser, type TestApp } from './harness.js';

/** A build on a busy machine (two cores shared with other test files) takes minutes. */
const BUILD_TIMEOUT_MS = 9 * 60_000;

let t: TestApp;
let dist: string;
let boot: BootManifest;

/** `vite build` of the client into `outDir`, as `npm run build` runs it. */
function buildClient(outDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const vite = path.join(repoRoot, 'node_modules', 'vite', 'bin', 'vite.js');
    // The environment of `npm run build`: not this test run's (NODE_ENV=test would build React's development copy).
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([name]) => name !== 'NODE_ENV' && !name.startsWith('VITEST')),
    );
    const child = spawn(process.execPath, [vite, 'build', '--outDir', outDir, '--emptyOutDir'], {
      cwd: path.join(repoRoot, 'client'),
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`vite build exited with ${code}:\n${output.slice(-4000)}`)),
    );
  });
}

/** Where the build of the last run is kept, under a folder named by its sources' hash. */
const BUILD_CACHE = path.join(repoRoot, 'node_modules', '.cache', 'spincrate-test-client-build');
/** A build being written, renamed to its hash when complete. */
const PARTIAL = 'building-';

/**
 * The SHA-256 of everything the client's build reads that can change between runs: the
 * client's and the contract's files (as scripts/build.mjs hashes them: all but
 * `node_modules/`, `dist/`, dot-files and tests), the root's package.json, package-lock.json
 * (the versions of Vite and its plugins) and tsconfig.base.json, and Node's version.
 */
function buildSourceHash(): string {
  const hash = createHash('sha256').update(`${process.version}\0`);
  const files = ['package.json', 'package-lock.json', 'tsconfig.base.json'];
  const walk = (relative: string) => {
    for (const entry of readdirSync(path.join(repoRoot, relative), { withFileTypes: true })) {
      const child = path.join(relative, entry.name);
      if (entry.name.startsWith('.')) continue;
      if (entry.isDirectory() && entry.name !== 'node_modules' && entry.name !== 'dist') walk(child);
      else if (entry.isFile() && !/\.test\.[cm]?[jt]sx?$/.test(entry.name)) files.push(child);
    }
  };
  walk('client');
  walk('contract');
  for (const file of files.sort()) {
    hash
      .update(`${file}\0`)
      .update(readFileSync(path.join(repoRoot, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

/**
 * The folder of a complete `vite build` of the client's current sources: the one a previous
 * run made when no source of the build changed since (about a minute and a half of CPU less
 * per `npm test`; issue 28), else a new build, kept in place of the previous one.
 */
async function builtClient(): Promise<string> {
  const hash = buildSourceHash();
  const kept = path.join(BUILD_CACHE, hash);
  if (existsSync(path.join(kept, BOOT_FILE))) return kept;
  await mkdir(BUILD_CACHE, { recursive: true });
  const fresh = await mkdtemp(path.join(BUILD_CACHE, PARTIAL));
  try {
    await buildClient(fresh);
    for (const entry of await readdir(BUILD_CACHE)) {
      if (!entry.startsWith(PARTIAL))
        await rm(path.join(BUILD_CACHE, entry), { recursive: true, force: true });
    }
    await rename(fresh, kept);
  } catch (error) {
    await rm(fresh, { recursive: true, force: true });
    // Another run that built the same sources at the same time got there first.
    if (existsSync(path.join(kept, BOOT_FILE))) return kept;
    throw error;
  }
  return kept;
}

/** The file of the build a page names (`/assets/x.js` → dist/assets/x.js). */
const fileOf = (url: string) => path.join(dist, ...url.split('/').filter(Boolean));

/** The `script-src` sources of an answer's CSP. */
function scriptSrc(res: request.Response): string[] {
  const csp = String(res.headers['content-security-policy']);
  return /(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1]?.trim().split(/\s+/) ?? [];
}

beforeAll(async () => {
  dist = await builtClient();
  // The build's own file, read as the build wrote it, checked by the contract's schema.
  boot = bootManifestSchema.parse(JSON.parse(await readFile(path.join(dist, BOOT_FILE), 'utf8')));
  t = createTestApp({ env: { CLIENT_DIST: dist } });
}, BUILD_TIMEOUT_MS);

afterAll(async () => {
  await t?.close();
});

describe('the page of the real build', () => {
  it("runs the build's boot script inside the page, allowed by its SHA-256 in the CSP and nothing else", async () => {
    for (const res of [
      await request(t.app).get('/home'),
      await (await signedInUser(t)).agent.get('/user/profile'),
    ]) {
      expect(res.status).toBe(200);
      const inline = [...res.text.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
      expect(inline).toEqual([boot.bootScript.text]);
      const hash = `'sha256-${createHash('sha256').update(inline[0]!, 'utf8').digest('base64')}'`;
      expect(hash).toBe(boot.bootScript.hash);
      expect(scriptSrc(res)).toEqual(["'self'", "'wasm-unsafe-eval'", hash]);
      expect(res.text).not.toContain('src="/theme-init.js"');
    }
    // The same script is the build's theme-init.js, still served as a file.
    const file = await request(t.app).get('/theme-init.js');
    expect(file.status).toBe(200);
    expect(file.text).toBe(boot.bootScript.text);
  });

  it('is the built index.html with the data blocks put in and the boot script inside', async () => {
    const built = await readFile(path.join(dist, 'index.html'), 'utf8');
    const page = (await request(t.app).get('/home')).text;
    const withoutBlocks = page.replace(/<script type="application\/json" id="[a-z-]+">[^<]*<\/script>/g, '');
    expect(withoutBlocks).toBe(
      built.replace(
        '<script src="/theme-init.js"></script>',
        () => `<script>${boot.bootScript.text}</script>`,
      ),
    );
    // The entry and its stylesheets are files of the build.
    expect(page).toContain(`<script type="module" crossorigin src="${boot.entry.script}"></script>`);
    expect(boot.entry.css.length).toBeGreaterThan(0);
    for (const file of [boot.entry.script, ...boot.entry.css]) {
      expect(page).toContain(file);
      expect({ file, exists: existsSync(fileOf(file)) }).toEqual({ file, exists: true });
    }
  });

  it.each(Object.entries(PRELOADED_SCREENS))(
    "the %s screen's page (%s) names the files of its chunks as boot.json lists them, all files of the build",
    async (screen, pagePath) => {
      const preloads = boot.screens[screen as keyof typeof PRELOADED_SCREENS];
      // The screen's own chunks and stylesheets: scripts and styles, none of the entry's.
      expect(preloads.some((file) => file.endsWith('.js'))).toBe(true);
      expect(preloads.some((file) => file.endsWith('.css'))).toBe(true);
      expect(preloads).not.toContain(boot.entry.script);
      for (const file of preloads) {
        expect({ file, exists: existsSync(fileOf(file)) }).toEqual({ file, exists: true });
      }
      const { agent } = await signedInUser(t);
      const page = (await agent.get(pagePath)).text;
      const screenMarkup = /<div id="crate-loading"[^>]*>/.exec(page)?.[0] ?? '';
      expect(/data-entry="([^"]*)"/.exec(screenMarkup)?.[1]).toBe(boot.entry.script);
      expect(/data-preload="([^"]*)"/.exec(screenMarkup)?.[1]?.split(' ')).toEqual(preloads);
      // The page loads none of them itself (theme-init.js asks for them), and each is served.
      expect(page).not.toContain('<script type="module"');
      for (const file of preloads) {
        const res = await request(t.app).get(file);
        expect({ file, status: res.status }).toEqual({ file, status: 200 });
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      }
    },
  );
});
