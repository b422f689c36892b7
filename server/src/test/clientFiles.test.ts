/**
 * The built client as the browser gets it (API.md "Lists at scale", issue 11): files sent
 * precompressed, hashed files cached for a year, index.html revalidated every time and
 * carrying the signed-in user in a JSON data block, robots.txt as a real file.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionDataBlock } from '@/app/page.js';
import { createTestApp, signedInUser, type TestApp } from './harness.js';
import { writeClientBuild } from './clientBuildFixture.js';

const SCRIPT = `console.info(${JSON.stringify('spincrate-asset '.repeat(200))});`;
const ROBOTS = 'User-agent: *\nAllow: /\n';
const SERVICE_WORKER = `self.addEventListener('fetch', () => {}); // ${'precache '.repeat(100)}`;
const MANIFEST = JSON.stringify({ name: 'Spincrate', start_url: '/user/profile', display: 'standalone' });
/** Text that makes the test page longer than 1 KB, the smallest answer worth compressing. */
const NOSCRIPT = 'Spincrate needs JavaScript to run. '.repeat(40);

let t: TestApp;
let dist: string;

/** Reads the JSON data block `id` of a page the way the client does. */
function dataBlock(html: string, id: string): unknown {
  const match = new RegExp(`<script type="application/json" id="${id}">([^<]*)</script>`).exec(html);
  if (!match) throw new Error(`no data block ${id} in ${html}`);
  return JSON.parse(match[1]!);
}

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'spincrate-client-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(
    path.join(dist, 'index.html'),
    `<!doctype html><html><head><title>Spincrate</title></head><body><noscript>${NOSCRIPT}</noscript><div id="root"></div></body></html>`,
  );
  const asset = path.join(dist, 'assets', 'index-abc123.js');
  await writeFile(asset, SCRIPT);
  await writeFile(`${asset}.br`, brotliCompressSync(SCRIPT));
  await writeFile(`${asset}.gz`, gzipSync(SCRIPT));
  await writeFile(path.join(dist, 'robots.txt'), ROBOTS);
  await writeFile(path.join(dist, 'assets', 'index-abc123.css'), 'body{color:red}');
  await writeFile(path.join(dist, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(path.join(dist, 'sw.js'), SERVICE_WORKER);
  await writeFile(path.join(dist, 'sw.js.br'), brotliCompressSync(SERVICE_WORKER));
  await writeFile(path.join(dist, 'manifest.webmanifest'), MANIFEST);
  await writeClientBuild(dist, {
    head: '<title>Spincrate</title>',
    entry: '/assets/index-abc123.js',
    body: `<noscript>${NOSCRIPT}</noscript><div id="root"></div>`,
  });
  t = createTestApp({ env: { CLIENT_DIST: dist } });
});

afterAll(async () => {
  await t?.close();
  await rm(dist, { recursive: true, force: true });
});

describe('hashed files', () => {
  it('sends brotli when the browser accepts it, cached for a year as immutable', async () => {
    const res = await request(t.app)
      .get('/assets/index-abc123.js')
      .set('Accept-Encoding', 'gzip, deflate, br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['vary']).toMatch(/Accept-Encoding/i);
    // What travels is the compressed file (the test client decodes it again).
    expect(Number(res.headers['content-length'])).toBeLessThan(SCRIPT.length / 4);
    expect(res.text).toBe(SCRIPT);
  });

  it('sends gzip to a browser without brotli, and the plain file to one without either', async () => {
    const gz = await request(t.app).get('/assets/index-abc123.js').set('Accept-Encoding', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.text).toBe(SCRIPT);
    const plain = await request(t.app).get('/assets/index-abc123.js').set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(SCRIPT);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('headers of the built files', () => {
  // Headers only a document acts on: a script or stylesheet runs under its page's CSP.
  const documentOnly = [
    'content-security-policy',
    'cross-origin-opener-policy',
    'origin-agent-cluster',
    'x-dns-prefetch-control',
    'x-download-options',
    'x-frame-options',
    'x-permitted-cross-domain-policies',
    'x-xss-protection',
  ];

  it.each([
    ['a script, brotli', '/assets/index-abc123.js', 'br'],
    ['a script, plain', '/assets/index-abc123.js', 'identity'],
    ['a stylesheet', '/assets/index-abc123.css', 'gzip, br'],
  ])(
    '%s leaves out the document-only headers and keeps the ones a subresource uses',
    async (_label, url, encoding) => {
      const res = await request(t.app).get(url).set('Accept-Encoding', encoding);
      expect(res.status).toBe(200);
      for (const header of documentOnly) expect({ header, value: res.headers[header] }).toEqual({ header });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-request-id']).toBeDefined();
    },
  );

  it.each([
    ['the app page', '/home'],
    ['an SVG image (a browser may open it as a document)', '/logo.svg'],
    ['an API answer', '/api/health'],
  ])('%s keeps the CSP and the frame, opener and sniffing rules', async (_label, url) => {
    const res = await request(t.app).get(url);
    expect(res.status).toBe(200);
    expect(res.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('the service worker and the web app manifest (EXTENSIONS.md §9)', () => {
  it.each([
    ['brotli', 'gzip, deflate, br'],
    ['plain', 'identity'],
  ])('/sw.js is a script (%s), asked for again at every start', async (_label, encoding) => {
    const res = await request(t.app).get('/sw.js').set('Accept-Encoding', encoding);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.text).toBe(SERVICE_WORKER);
  });

  it('/manifest.webmanifest is a web app manifest, asked for again at every start', async () => {
    const res = await request(t.app).get('/manifest.webmanifest');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(res.text)).toEqual(JSON.parse(MANIFEST));
  });

  it("the pages' CSP lets this origin's service worker and manifest load, nothing else", async () => {
    const csp = String((await request(t.app).get('/home')).headers['content-security-policy']);
    expect(csp).toMatch(/(^|;)\s*worker-src 'self'(;|$)/);
    expect(csp).toMatch(/(^|;)\s*manifest-src 'self'(;|$)/);
  });
});

describe('robots.txt', () => {
  it('is a text file, not the app page', async () => {
    const res = await request(t.app).get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    expect(res.text).toBe(ROBOTS);
  });
});

describe('index.html', () => {
  it.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
  ])(
    'is sent compressed (%s) to a browser that accepts it, and whole to one that does not',
    async (accept, encoding) => {
      const res = await request(t.app).get('/home').set('Accept-Encoding', accept);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.text).toContain(NOSCRIPT);
      const plain = await request(t.app).get('/home').set('Accept-Encoding', 'identity');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.text).toContain(NOSCRIPT);
    },
  );

  it.each(['/home', '/user/profile', '/index.html'])(
    'GET %s is revalidated every time and tells a visitor that nobody is signed in',
    async (url) => {
      const res = await request(t.app).get(url);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(dataBlock(res.text, 'spincrate-session')).toEqual({ user: null });
    },
  );

  it('carries the signed-in user, the same one GET /api/user answers', async () => {
    const { user, agent } = await signedInUser(t);
    const page = await agent.get('/user/profile');
    expect(dataBlock(page.text, 'spincrate-session')).toEqual({
      user: { id: user.id, username: user.username },
    });
    const api = await agent.get('/api/user');
    expect(api.body).toEqual({ id: user.id, username: user.username });
  });

  it("GET /index.html, the service worker's copy of the shell, names nobody even for a signed-in user", async () => {
    const { agent } = await signedInUser(t);
    const shell = await agent.get('/index.html');
    expect(shell.status).toBe(200);
    expect(dataBlock(shell.text, 'spincrate-session')).toEqual({ user: null });
    expect(shell.headers['cache-control']).toBe('no-cache');
    // The configuration still comes with it: the shell starts without a network.
    expect(dataBlock(shell.text, 'spincrate-config')).toEqual((await request(t.app).get('/api/config')).body);
  });

  it('carries the runtime configuration, the same one GET /api/config answers', async () => {
    const page = await request(t.app).get('/home');
    const api = await request(t.app).get('/api/config');
    expect(api.status).toBe(200);
    expect(dataBlock(page.text, 'spincrate-config')).toEqual(api.body);
  });

  it('keeps GET /api/user answering 401 to a visitor', async () => {
    const res = await request(t.app).get('/api/user');
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthenticated');
  });

  it('cannot be broken out of by a value holding </script><script> markup', () => {
    // Usernames are letters, digits and _.- today; the block must stay closed for any value.
    const username = `x</script><script>alert(1)</script><!--$'&\u2028`;
    const page = `<head>${sessionDataBlock({ id: 7, username })}</head>`;
    expect(page).not.toContain('<script>alert(1)');
    expect(page).not.toContain('<!--');
    expect(page.match(/<\/script>/g)).toHaveLength(1);
    expect(dataBlock(page, 'spincrate-session')).toEqual({ user: { id: 7, username } });
  });
});
