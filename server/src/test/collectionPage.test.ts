/**
 * The signed-in collection page as the browser gets it (issue 11: Lighthouse on the
 * collection): `index.html` for `/user/profile` carries the first page of the signed-in
 * user's own crate exactly as `GET /api/record?limit=60&sort=S` answers it (records,
 * X-Total-Count, Link, ETag), the first-visit loading screen as markup, and preloads of
 * the screen's chunks; never another user's
 * records, never for a searched list, never cached for another cookie.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRecord, createTestApp, nextPageUrl, signedInUser, type TestApp } from './harness.js';
import { writeClientBuild } from './clientBuildFixture.js';

let t: TestApp;
let dist: string;
const HOST = 'spincrate.test';

/**
 * The collection screen's files as the client's build lists them in boot.json: the screen's
 * chunk and stylesheet, a shared chunk it imports, and the screens' stylesheet.
 */
const COLLECTION_FILES = [
  '/assets/CollectionPage-c1.css',
  '/assets/screenStyles-st1.css',
  '/assets/CollectionPage-c1.js',
  '/assets/grid-g1.js',
];

/** The built theme-init.js of this client (the page's first script). */
const THEME_INIT = "document.body.classList.add('light');";

/** Reads the JSON data block `id` of a page the way the client does; undefined when absent. */
function dataBlock(html: string, id: string): unknown {
  const match = new RegExp(`<script type="application/json" id="${id}">([^<]*)</script>`).exec(html);
  return match ? JSON.parse(match[1]!) : undefined;
}

interface FirstPage {
  url: string;
  records: { id: number; title: string }[];
  total: number;
  next: string | null;
  etag: string;
}

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'spincrate-client-'));
  await writeClientBuild(dist, {
    head: '<title>Spincrate</title>',
    entry: '/assets/index-entry1.js',
    bodyTag: '<body class="light">',
    bootScript: THEME_INIT,
    body: '<div id="root"></div>',
    collection: COLLECTION_FILES,
  });
  t = createTestApp({ env: { CLIENT_DIST: dist } });
});

afterAll(async () => {
  await t?.close();
  await rm(dist, { recursive: true, force: true });
});

describe('the collection page of a signed-in user', () => {
  it('carries the first page of their crate as GET /api/record?limit=60&sort=newest answers it', async () => {
    const { user, agent } = await signedInUser(t);
    for (let i = 0; i < 65; i += 1) {
      await createRecord(t.db, user.id, {
        title: `Album ${i}`,
        dateAdded: new Date(Date.UTC(2020, 0, 1 + i)),
      });
    }
    // One host for the page and the API (the fallback cover's URL and the tag name it).
    const page = await agent.get('/user/profile').set('Host', HOST);
    expect(page.status).toBe(200);
    const block = dataBlock(page.text, 'spincrate-records') as FirstPage;
    expect(block.url).toBe('/api/record?limit=60&sort=newest');
    const api = await agent.get(block.url).set('Host', HOST);
    expect(api.status).toBe(200);
    expect(block.records).toEqual(api.body);
    expect(block.records).toHaveLength(60);
    expect(block.records[0]!.title).toBe('Album 64');
    expect(block.total).toBe(65);
    expect(block.total).toBe(Number(api.headers['x-total-count']));
    expect(block.etag).toBe(api.headers.etag);
    // The handed-over next page is the API's (cursors are encrypted afresh each time).
    const second = await agent.get(block.next!).set('Host', HOST);
    const apiSecond = await agent.get(nextPageUrl(api.headers.link)!).set('Host', HOST);
    expect(second.body).toHaveLength(5);
    expect(second.body).toEqual(apiSecond.body);
    // The tag revalidates the list.
    const revalidated = await agent.get(block.url).set('Host', HOST).set('If-None-Match', block.etag);
    expect(revalidated.status).toBe(304);
  });

  it("follows the URL's sort, and is fresh after a change (new records, new tag)", async () => {
    const { user, agent } = await signedInUser(t);
    await createRecord(t.db, user.id, { title: 'Zebra', artist: 'Beta' });
    await createRecord(t.db, user.id, { title: 'Apple', artist: 'Alpha' });
    const before = dataBlock(
      (await agent.get('/user/profile?sort=artist_asc').set('Host', HOST)).text,
      'spincrate-records',
    ) as FirstPage;
    expect(before.url).toBe('/api/record?limit=60&sort=artist_asc');
    expect(before.records.map((r) => r.title)).toEqual(['Apple', 'Zebra']);
    expect(before.next).toBeNull();
    await createRecord(t.db, user.id, { title: 'Mango', artist: 'Aardvark' });
    const after = dataBlock(
      (await agent.get('/user/profile?sort=artist_asc').set('Host', HOST)).text,
      'spincrate-records',
    ) as FirstPage;
    expect(after.records.map((r) => r.title)).toEqual(['Mango', 'Apple', 'Zebra']);
    expect(after.etag).not.toBe(before.etag);
    expect((await agent.get(after.url).set('Host', HOST)).headers.etag).toBe(after.etag);
    // An unknown sort is the default one, as the screen reads it.
    const unknown = dataBlock(
      (await agent.get('/user/profile?sort=bogus')).text,
      'spincrate-records',
    ) as FirstPage;
    expect(unknown.url).toBe('/api/record?limit=60&sort=newest');
  });

  it('holds only their own records: another user gets theirs', async () => {
    const a = await signedInUser(t);
    const b = await signedInUser(t);
    await createRecord(t.db, a.user.id, { title: 'Only for A' });
    const pageB = await b.agent.get('/user/profile');
    expect(pageB.text).not.toContain('Only for A');
    expect(dataBlock(pageB.text, 'spincrate-records')).toMatchObject({ records: [], total: 0, next: null });
  });

  it('is private to the cookie: no-cache, private, Vary: Cookie; sent compressed', async () => {
    const { user, agent } = await signedInUser(t);
    await createRecord(t.db, user.id, { title: 'x'.repeat(200) });
    const page = await agent.get('/user/profile').set('Accept-Encoding', 'gzip, br');
    expect(page.headers['cache-control']).toMatch(/\bno-cache\b/);
    expect(page.headers['cache-control']).toMatch(/\bprivate\b/);
    expect(page.headers['vary']).toMatch(/\bCookie\b/i);
    expect(page.headers['content-encoding']).toMatch(/^(br|gzip)$/);
  });

  it('has no first page for a searched list, on other screens, or for a visitor', async () => {
    const { user, agent } = await signedInUser(t);
    await createRecord(t.db, user.id, { title: 'Blue Train' });
    expect(
      dataBlock((await agent.get('/user/profile?search=blue')).text, 'spincrate-records'),
    ).toBeUndefined();
    expect(dataBlock((await agent.get('/user/profile?search=%20')).text, 'spincrate-records')).toBeDefined();
    expect(dataBlock((await agent.get('/social')).text, 'spincrate-records')).toBeUndefined();
    const visitor = await request(t.app).get('/user/profile');
    expect(visitor.status).toBe(200);
    expect(dataBlock(visitor.text, 'spincrate-records')).toBeUndefined();
    expect(visitor.text).toContain(
      '<script type="module" crossorigin src="/assets/index-entry1.js"></script>',
    );
  });

  it('carries the first-visit loading screen, hidden, before the script that shows it', async () => {
    // PRODUCT.md §2: "On the first visit of a browser session a spinning-logo loading screen
    // shows for 1 second"; theme-init.js shows it (client/src/test/themeInit.test.ts).
    const { agent } = await signedInUser(t);
    const loadingScreen = (html: string) => /<div id="crate-loading"[^>]*>(.*?)<\/div>/.exec(html);
    for (const url of ['/user/profile', '/user/profile?sort=artist_asc', '/user/profile?search=blue']) {
      const html = (await agent.get(url)).text;
      const screen = loadingScreen(html);
      expect(screen, url).not.toBeNull();
      expect(screen![0]).toMatch(/role="status"/);
      expect(screen![0]).toMatch(/ hidden>/);
      expect(screen![1]).toMatch(/<img [^>]*alt="Spincrate"[^>]*width="240" height="240"/);
      expect(screen![1]).toContain('Loading your crate...');
      // The first thing in the body: painted with the page, and found by theme-init.js.
      expect(html).toMatch(/<body class="light"><div id="crate-loading"/);
      expect(html.indexOf('crate-loading')).toBeLessThan(html.indexOf(THEME_INIT));
    }
    // Not on other screens, and never for a visitor (their /user/profile is the login screen).
    for (const url of ['/home', '/spins', '/social']) {
      expect(loadingScreen((await agent.get(url)).text), url).toBeNull();
    }
    expect(loadingScreen((await request(t.app).get('/user/profile')).text)).toBeNull();
  });

  it('runs theme-init.js inside the page, allowed by its hash alone', async () => {
    const { agent } = await signedInUser(t);
    const hash = `'sha256-${createHash('sha256').update(THEME_INIT).digest('base64')}'`;
    for (const res of [await agent.get('/user/profile'), await request(t.app).get('/home')]) {
      expect(res.text).toContain(`<script>${THEME_INIT}</script>`);
      expect(res.text).not.toContain('src="/theme-init.js"');
      const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(
        String(res.headers['content-security-policy']),
      )?.[1];
      expect(scriptSrc?.split(/\s+/)).toEqual(["'self'", "'wasm-unsafe-eval'", hash]);
    }
    // The file itself is still served (a page from before, the development server).
    const file = await request(t.app).get('/theme-init.js');
    expect(file.status).toBe(200);
    expect(file.text).toBe(THEME_INIT);
  });

  it("names the entry and the collection screen's chunks and styles for theme-init.js to ask for, instead of loading them itself", async () => {
    const { agent } = await signedInUser(t);
    const html = (await agent.get('/user/profile')).text;
    const screen = /<div id="crate-loading"[^>]*>/.exec(html)![0];
    expect(/data-entry="([^"]*)"/.exec(screen)?.[1]).toBe('/assets/index-entry1.js');
    expect(/data-preload="([^"]*)"/.exec(screen)?.[1]?.split(' ').sort()).toEqual(
      [
        '/assets/CollectionPage-c1.css',
        '/assets/CollectionPage-c1.js',
        '/assets/grid-g1.js',
        '/assets/screenStyles-st1.css',
      ].sort(),
    );
    // Nothing of the app is fetched before the loading screen's first paint (issue 11).
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toMatch(/<link rel="(modulepreload|preload)"/);
    // Other pages load the entry themselves, and nothing of the collection screen.
    const home = (await agent.get('/home')).text;
    expect(home).toContain('<script type="module" crossorigin src="/assets/index-entry1.js"></script>');
    expect(home).not.toContain('CollectionPage-c1');
  });
});
