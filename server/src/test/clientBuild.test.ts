/**
 * The built client's boot.json is read and checked once, at start (issue 20 item 2): a
 * folder with a build but no valid boot.json stops the start with a message that says what
 * is wrong and what to do; a folder without any build serves "not built" pages.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadClientBuild } from '@/app/clientBuild.js';
import { createTestApp, type TestApp } from './harness.js';
import { writeClientBuild } from './clientBuildFixture.js';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'spincrate-boot-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A fresh client folder under the test's temporary folder. */
async function folder(name: string): Promise<string> {
  const dist = path.join(dir, name);
  await rm(dist, { recursive: true, force: true });
  await mkdir(dist);
  return dist;
}

describe('the client build at start', () => {
  it('a folder without a build: the server starts, and its pages say the client is not built', async () => {
    const dist = await folder('empty');
    expect(loadClientBuild(dist)).toBeUndefined();
    let t: TestApp | undefined;
    try {
      t = createTestApp({ env: { CLIENT_DIST: dist } });
      const page = await request(t.app).get('/home');
      expect(page.status).toBe(404);
      expect(page.text).toContain('npm run build');
    } finally {
      await t?.close();
    }
  });

  it('a build without boot.json (an older build) stops the start, naming the file and the fix', async () => {
    const dist = await folder('old-build');
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
    expect(() => loadClientBuild(dist)).toThrow(/boot\.json.*run npm run build/);
  });

  it('a boot.json that is not JSON stops the start', async () => {
    const dist = await folder('not-json');
    await writeFile(path.join(dist, 'boot.json'), '{"bootScript":');
    expect(() => loadClientBuild(dist)).toThrow(/boot\.json cannot be read as JSON.*run npm run build/);
  });

  it('a boot.json without a screen of the contract stops the start, naming the field', async () => {
    const dist = await folder('no-screen');
    const boot = await writeClientBuild(dist);
    await writeFile(path.join(dist, 'boot.json'), JSON.stringify({ ...boot, screens: {} }));
    expect(() => loadClientBuild(dist)).toThrow(/not a valid boot\.json \(screens\.collection: /);
  });

  it('a boot script whose hash is not its SHA-256 stops the start (the CSP would block it)', async () => {
    const dist = await folder('wrong-hash');
    const boot = await writeClientBuild(dist, { bootScript: "document.body.classList.add('dark');" });
    const other = await writeClientBuild(await folder('other'), { bootScript: 'void 0;' });
    await writeFile(
      path.join(dist, 'boot.json'),
      JSON.stringify({ ...boot, bootScript: { ...boot.bootScript, hash: other.bootScript.hash } }),
    );
    expect(() => loadClientBuild(dist)).toThrow(/bootScript\.hash is not the SHA-256 of bootScript\.text/);
  });

  it('a boot script that could end its <script> element stops the start', async () => {
    const dist = await folder('script-end');
    const boot = await writeClientBuild(dist);
    await writeFile(
      path.join(dist, 'boot.json'),
      JSON.stringify({ ...boot, bootScript: { ...boot.bootScript, text: 'x="</script><script>alert(1)"' } }),
    );
    expect(() => loadClientBuild(dist)).toThrow(
      /bootScript\.text: the boot script could end its <script> element/,
    );
  });

  it('boot.json itself is never served as a file (the server reads it; the URL is just another page)', async () => {
    const dist = await folder('served');
    await writeClientBuild(dist, { body: 'page-5e2' });
    let t: TestApp | undefined;
    try {
      t = createTestApp({ env: { CLIENT_DIST: dist } });
      const res = await request(t.app).get('/boot.json');
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.text).toContain('page-5e2');
      expect(res.text).not.toContain('"bootScript"');
    } finally {
      await t?.close();
    }
  });

  it('a valid boot.json is read', async () => {
    const dist = await folder('valid');
    const boot = await writeClientBuild(dist, { collection: ['/assets/a-1.css', '/assets/a-1.js'] });
    expect(loadClientBuild(dist)).toEqual({ dist, boot });
  });
});
