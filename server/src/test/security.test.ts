/**
 * API.md "Conventions" and "Security", checked against the real app on the test
 * database: body rules (415/413/400), id rules, JSON 404s, the client's files and
 * nothing else, headers, the same-origin rule, session cookies and lifetimes,
 * login timing, the request log and mass assignment.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import bcrypt from 'bcrypt';
import { request } from './contract.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '@/app.js';
import { loadConfig, repoRoot } from '@/config.js';
import { Database } from '@/db/database.js';
import { BCRYPT_COST, SESSION_ABSOLUTE_MS } from '@/features/auth/passport.js';
import type { AppContext } from '@/lib/context.js';
import { createLogger } from '@/lib/logger.js';
import { createMetadataService } from '@/lib/metadata/index.js';
import {
  befriend,
  createRecord,
  createTestApp,
  createUser,
  loginAgent,
  signedInUser,
  testConfig,
  uniqueUsername,
  type Agent,
  type TestApp,
} from './harness.js';
import { writeClientBuild } from './clientBuildFixture.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const INDEX_MARKER = 'spincrate-test-index-7f3a';
const ENV_MARKER = 'SECRET_FROM_DOTENV_91c2';
const MAP_MARKER = 'sourcemap-content-55d1';

let t: TestApp;
let clientDist: string;

beforeAll(async () => {
  clientDist = await mkdtemp(path.join(os.tmpdir(), 'spincrate-dist-'));
  await mkdir(path.join(clientDist, 'assets'));
  await mkdir(path.join(clientDist, '.git'));
  await writeFile(
    path.join(clientDist, 'index.html'),
    `<!doctype html><html><body>${INDEX_MARKER}</body></html>`,
  );
  await writeFile(path.join(clientDist, 'assets', 'app-abc123.js'), 'console.info("app");');
  await writeFile(
    path.join(clientDist, 'assets', 'app-abc123.js.map'),
    `{"version":3,"sources":["${MAP_MARKER}"]}`,
  );
  await writeFile(path.join(clientDist, '.env'), `SESSION_SECRET=${ENV_MARKER}\n`);
  await writeFile(path.join(clientDist, '.git', 'config'), `[core]\n\t${ENV_MARKER}\n`);
  await writeClientBuild(clientDist, { entry: '/assets/app-abc123.js', body: INDEX_MARKER });
  t = createTestApp({
    env: {
      CLIENT_DIST: clientDist,
      CHATBOT_URL: 'https://bot.chat.example/embed/spincrate?theme=dark',
      IMAGE_ORIGINS: 'https://covers.images.example https://*.archive.org',
    },
  });
});

afterAll(async () => {
  await t?.close();
  await rm(clientDist, { recursive: true, force: true });
});

function sessionCookie(res: request.Response): string | undefined {
  const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  return cookies.find((c) => c.startsWith('spincrate.sid='));
}

function expectErrorBody(res: request.Response, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toMatch(/application\/json/);
  expect(res.body.error.code).toBe(code);
  expect(typeof res.body.error.message).toBe('string');
}

async function userCount(username: string): Promise<number> {
  const rows = await t.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM users WHERE lower(username) = lower($1)',
    [username],
  );
  return rows[0]!.n;
}

describe('request bodies (API.md "Conventions")', () => {
  it.each([
    ['text/plain', 'username=a&password=b'],
    ['application/x-www-form-urlencoded', 'username=someone&password=password123'],
    ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--'],
    ['application/xml', '<user/>'],
  ])('answers 415 to a POST whose body is %s, and registers nobody', async (type, body) => {
    const res = await request(t.app).post('/api/user/register').set('Content-Type', type).send(body);
    expectErrorBody(res, 415, 'unsupported_media_type');
  });

  it('answers 415 to a POST and a PUT with a JSON-looking body sent without a JSON content type', async () => {
    const username = uniqueUsername('nojson');
    const post = await request(t.app)
      .post('/api/user/register')
      .set('Content-Type', 'text/plain')
      .send(JSON.stringify({ username, password: 'password123' }));
    expectErrorBody(post, 415, 'unsupported_media_type');
    expect(await userCount(username)).toBe(0);
    const { agent } = await signedInUser(t);
    const put = await agent.put('/api/record/edit').set('Content-Type', 'text/plain').send('{"id":1}');
    expectErrorBody(put, 415, 'unsupported_media_type');
  });

  it('accepts a POST without any body (log out) instead of calling it the wrong media type', async () => {
    const res = await request(t.app).post('/api/user/logout');
    expect(res.status).toBe(204);
  });

  it('answers 413 to a JSON body over 100 KB, also when it is sent chunked', async () => {
    const username = uniqueUsername('big');
    const body = JSON.stringify({ username, password: 'password123', padding: 'x'.repeat(101 * 1024) });
    const res = await request(t.app)
      .post('/api/user/register')
      .set('Content-Type', 'application/json')
      .send(body);
    expectErrorBody(res, 413, 'payload_too_large');
    expect(await userCount(username)).toBe(0);

    const chunked = await rawRequest({
      method: 'POST',
      path: '/api/user/register',
      headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
      chunks: [body.slice(0, 60_000), body.slice(60_000)],
    });
    expect(chunked.status).toBe(413);
    expect(JSON.parse(chunked.body).error.code).toBe('payload_too_large');
  });

  it('accepts a JSON body just under 100 KB (the limit is not lower than promised)', async () => {
    const username = uniqueUsername('near');
    const body = JSON.stringify({ username, password: 'password123', padding: 'x'.repeat(95 * 1024) });
    const res = await request(t.app)
      .post('/api/user/register')
      .set('Content-Type', 'application/json')
      .send(body);
    expect(res.status).toBe(201);
  });

  it.each([
    ['{"username": "abc", "password": '],
    ['{username: "abc"}'],
    ["{'username':'abc'}"],
    ['"just a string"'],
    ['not json at all'],
  ])('answers 400 validation_failed to the malformed JSON %s', async (body) => {
    const res = await request(t.app)
      .post('/api/user/login')
      .set('Content-Type', 'application/json')
      .send(body);
    expectErrorBody(res, 400, 'validation_failed');
    expect(res.body.error.message).not.toMatch(/at .*\(|SyntaxError|Unexpected token/);
  });
});

describe('ids in paths and queries (API.md "Conventions")', () => {
  const badIds = ['abc', '-1', '0', '1.5', '1e3', '2147483648', '99999999999999999999', '0x10', '%20', '01'];
  let agent: Agent;

  beforeAll(async () => {
    ({ agent } = await signedInUser(t));
  });

  it.each(badIds)('answers 400 (never 500) to the path id %j on every id-bearing route', async (id) => {
    const calls = [
      ['GET', `/api/spins/single/${id}`],
      ['DELETE', `/api/spins/${id}`],
      ['DELETE', `/api/record/${id}`],
      ['DELETE', `/api/social/${id}`],
      ['GET', `/api/record/import/${id}`],
    ] as const;
    const results = await Promise.all(
      calls.map(([method, url]) => (method === 'GET' ? agent.get(url) : agent.delete(url))),
    );
    results.forEach((res, i) => {
      expect({ call: calls[i], status: res.status, code: res.body?.error?.code }).toEqual({
        call: calls[i],
        status: 400,
        code: 'validation_failed',
      });
    });
  });

  it.each([...badIds, ''])('answers 400 (never 500) to the query id %j', async (id) => {
    const urls = [
      `/api/social/friends/collection?id=${id}`,
      `/api/social/friends/collection/search?search=a&id=${id}`,
    ];
    const results = await Promise.all(urls.map((url) => agent.get(url)));
    results.forEach((res, i) => {
      expect({ url: urls[i], status: res.status, code: res.body?.error?.code }).toEqual({
        url: urls[i],
        status: 400,
        code: 'validation_failed',
      });
    });
  });

  it('answers 400 to a missing or repeated query id', async () => {
    const missing = await agent.get('/api/social/friends/collection');
    expectErrorBody(missing, 400, 'validation_failed');
    const repeated = await agent.get('/api/social/friends/collection?id=1&id=2');
    expectErrorBody(repeated, 400, 'validation_failed');
  });

  it('answers 400 to an empty path id', async () => {
    const calls = [
      ['GET', '/api/spins/single/'],
      ['DELETE', '/api/spins/'],
      ['DELETE', '/api/record/'],
      ['DELETE', '/api/social/'],
    ] as const;
    const results = await Promise.all(
      calls.map(([method, url]) => (method === 'GET' ? agent.get(url) : agent.delete(url))),
    );
    results.forEach((res, i) => {
      expect({ call: calls[i], status: res.status, code: res.body?.error?.code }).toEqual({
        call: calls[i],
        status: 400,
        code: 'validation_failed',
      });
    });
  });

  it('accepts the largest id (2147483647) as well-formed: 404, not 400', async () => {
    const res = await agent.get('/api/spins/single/2147483647');
    expectErrorBody(res, 404, 'not_found');
  });
});

describe('unknown paths and the client build', () => {
  it.each([
    ['GET', '/api/nope'],
    ['GET', '/api/record/does/not/exist/at/all'],
    ['POST', '/api/nope'],
    ['DELETE', '/api'],
  ])('%s %s answers a JSON 404 with the error body', async (method, url) => {
    const res = await request(t.app)[method.toLowerCase() as 'get' | 'post' | 'delete'](url);
    expectErrorBody(res, 404, 'not_found');
    expect(res.text).not.toContain(INDEX_MARKER);
  });

  it.each(['/spins/details/7', '/user/edit/3', '/social/friends/5/12', '/no/such/screen', '/home'])(
    'GET %s serves the client index.html (deep links work on reload)',
    async (url) => {
      const res = await request(t.app).get(url);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.text).toContain(INDEX_MARKER);
    },
  );

  it('serves the built assets as files', async () => {
    const res = await request(t.app).get('/assets/app-abc123.js');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.text).toContain('console.info("app")');
  });

  it.each(['/.env', '/.git/config', '/assets/app-abc123.js.map'])(
    'never serves %s from the build folder',
    async (url) => {
      const res = await request(t.app).get(url);
      expect(res.text).not.toContain(ENV_MARKER);
      expect(res.text).not.toContain(MAP_MARKER);
    },
  );

  it.each([
    ['/package.json', '"workspaces"'],
    ['/server/package.json', '"@spincrate/server"'],
    ['/server/src/app.ts', 'createApp'],
    ['/src/app.ts', 'createApp'],
    ['/database.sql', 'CREATE TABLE'],
    ['/.env', '='],
    ['/.git/config', '[core]'],
    ['/server/src/config.ts', 'loadConfig'],
  ])('never serves %s from outside the build', async (url, content) => {
    const res = await request(t.app).get(url);
    expect(res.text).not.toContain(content);
  });

  it.each([
    '/../database.sql',
    '/../../database.sql',
    '/assets/../../database.sql',
    '/..%2f..%2fdatabase.sql',
    '/%2e%2e/%2e%2e/database.sql',
    '/assets/..%5c..%5cdatabase.sql',
  ])('does not let %s climb out of the build folder', async (url) => {
    const res = await rawRequest({ method: 'GET', path: url });
    expect(res.body).not.toContain('CREATE TABLE');
    expect(res.status).not.toBe(500);
  });
});

describe('headers', () => {
  it('sets Cache-Control: no-store on every /api answer, successes and errors alike', async () => {
    const { agent } = await signedInUser(t);
    const calls: Array<[string, () => Promise<request.Response>]> = [
      ['health', () => request(t.app).get('/api/health')],
      ['config', () => request(t.app).get('/api/config')],
      ['user 401', () => request(t.app).get('/api/user')],
      ['user 200', () => agent.get('/api/user')],
      ['mood 200', () => agent.get('/api/mood')],
      ['unknown 404', () => request(t.app).get('/api/nope')],
      ['415', () => request(t.app).post('/api/user/login').set('Content-Type', 'text/plain').send('x')],
      [
        '400 json',
        () => request(t.app).post('/api/user/login').set('Content-Type', 'application/json').send('{'),
      ],
      ['403', () => request(t.app).post('/api/user/login').set('Origin', 'https://evil.example').send({})],
      [
        '401 login',
        () =>
          request(t.app)
            .post('/api/user/login')
            .send({ username: uniqueUsername('nobody'), password: 'password123' }),
      ],
    ];
    for (const [label, call] of calls) {
      const res = await call();
      expect({ label, cacheControl: res.headers['cache-control'] }).toEqual({
        label,
        cacheControl: 'no-store',
      });
    }
  });

  it('sets the usual helmet headers', async () => {
    const res = await request(t.app).get('/api/health');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    // HSTS only in production (served over HTTPS there), never on plain development HTTP.
    expect(res.headers['strict-transport-security']).toBeUndefined();
    const production = createTestApp({
      env: { NODE_ENV: 'production', SESSION_SECRET: 'a-long-production-secret' },
    });
    try {
      const secure = await request(production.app).get('/api/health');
      expect(secure.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    } finally {
      await production.close();
    }
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['x-powered-by']).toBeUndefined();
    const page = await request(t.app).get('/spins');
    expect(page.headers['content-security-policy']).toBeDefined();
  });

  it("asks the browser to upgrade http:// requests only on a page served over HTTPS, and allows the Cover Art Archive's redirect hosts", async () => {
    const cspOf = (res: request.Response) => String(res.headers['content-security-policy']);
    const production = createTestApp({
      env: { NODE_ENV: 'production', SESSION_SECRET: 'a-long-production-secret', TRUST_PROXY: 'true' },
    });
    try {
      const overHttps = await request(production.app).get('/user/add').set('X-Forwarded-Proto', 'https');
      expect(cspOf(overHttps)).toMatch(/(^|;)\s*upgrade-insecure-requests\s*(;|$)/);
      // Over plain HTTP the page itself is not upgraded, so neither are its covers' redirects.
      const overHttp = await request(production.app).get('/user/add');
      expect(cspOf(overHttp)).toBeDefined();
      expect(cspOf(overHttp)).not.toMatch(/upgrade-insecure-requests/);
      // IMAGE_ORIGINS' default: front-250 at coverartarchive.org answers 307 to
      // https://archive.org/download/…, which answers 302 to https://ia….us.archive.org/….
      const imgSrc = /(?:^|;)\s*img-src ([^;]*)/.exec(cspOf(overHttps))?.[1]?.split(/\s+/) ?? [];
      expect(imgSrc).toEqual(expect.arrayContaining(['https://archive.org', 'https://*.archive.org']));
    } finally {
      await production.close();
    }
  });

  it("has a CSP whose sources are only 'self', the chat-bot origin and the image origins", async () => {
    const res = await request(t.app).get('/spins/details/7');
    const csp = String(res.headers['content-security-policy']);
    const directives = new Map(
      csp
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .filter((parts) => parts[0])
        .map((parts) => [parts[0]!, parts.slice(1)] as const),
    );
    const config = t.ctx.config;
    const imageOrigins = [
      'https://covers.images.example',
      'https://*.archive.org',
      new URL(config.COVERART_API_URL).origin,
      new URL(config.LASTFM_API_URL).origin,
    ];
    // Keywords that name no other origin.
    const keywords = ["'self'", "'none'"];
    // The page's own inline scripts (theme-init.js, when the client is built), each allowed by
    // its SHA-256 hash alone: no other inline script may run.
    const inlineHashes = [...res.text.matchAll(/<script>([^<]*)<\/script>/g)].map(
      (m) => `'sha256-${createHash('sha256').update(m[1]!, 'utf8').digest('base64')}'`,
    );
    const allowed: Record<string, string[]> = {
      'img-src': [...keywords, 'data:', 'blob:', ...imageOrigins],
      'frame-src': [...keywords, 'https://bot.chat.example'],
      'style-src': [...keywords, "'unsafe-inline'"],
      'style-src-attr': [...keywords, "'unsafe-inline'"],
      // The barcode scanner's WebAssembly, served by the app (EXTENSIONS.md §4); no JavaScript eval.
      'script-src': [...keywords, "'wasm-unsafe-eval'", ...inlineHashes],
    };
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(directives.get('frame-src')).toContain('https://bot.chat.example');
    expect(directives.get('img-src')).toContain('https://covers.images.example');
    expect(directives.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'", ...inlineHashes]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'self'"]);
    for (const [name, sources] of directives) {
      if (name === 'upgrade-insecure-requests') continue;
      for (const source of sources) {
        expect({ directive: name, source, allowed: (allowed[name] ?? keywords).includes(source) }).toEqual({
          directive: name,
          source,
          allowed: true,
        });
      }
    }
  });
});

describe('the same-origin rule for POST, PUT and DELETE', () => {
  it.each([
    [{ Origin: 'https://evil.example' }],
    [{ Origin: 'null' }],
    [{ Origin: 'http://spincrate.test.evil.example' }],
    [{ Origin: 'https://spincrate.test' }], // our host, another scheme
    [{ Origin: 'http://spincrate.test:8080' }], // our host, another port
    [{ 'Sec-Fetch-Site': 'cross-site' }],
    [{ 'Sec-Fetch-Site': 'same-site' }],
    [{ 'Sec-Fetch-Site': 'same-site', Origin: 'http://spincrate.test' }],
  ])('refuses a registration with %j: 403 forbidden and nobody registered', async (headers) => {
    const username = uniqueUsername('xsite');
    const res = await request(t.app)
      .post('/api/user/register')
      .set('Host', 'spincrate.test')
      .set(headers)
      .send({ username, password: 'password123' });
    expectErrorBody(res, 403, 'forbidden');
    expect(await userCount(username)).toBe(0);
  });

  it.each([
    [{ Origin: 'http://spincrate.test' }],
    [{ 'Sec-Fetch-Site': 'same-origin' }],
    [{ 'Sec-Fetch-Site': 'none' }],
    [{ 'Sec-Fetch-Site': 'same-origin', Origin: 'http://spincrate.test' }],
    [{}],
  ])('accepts a registration with %j', async (headers) => {
    const username = uniqueUsername('same');
    const res = await request(t.app)
      .post('/api/user/register')
      .set('Host', 'spincrate.test')
      .set(headers)
      .send({ username, password: 'password123' });
    expect(res.status).toBe(201);
    expect(await userCount(username)).toBe(1);
  });

  it('refuses a cross-site DELETE and a cross-site logout, changing nothing', async () => {
    const { user, agent } = await signedInUser(t);
    const friend = await createUser(t.db);
    await befriend(t.db, user.id, friend.id);
    const del = await agent.delete(`/api/social/${friend.id}`).set('Origin', 'https://evil.example');
    expectErrorBody(del, 403, 'forbidden');
    const rows = await t.db.query('SELECT 1 FROM friendships WHERE user_id = $1 AND friend_id = $2', [
      user.id,
      friend.id,
    ]);
    expect(rows).toHaveLength(1);

    const out = await agent.post('/api/user/logout').set('Sec-Fetch-Site', 'cross-site');
    expectErrorBody(out, 403, 'forbidden');
    expect((await agent.get('/api/user')).status).toBe(200);
  });

  it('refuses a cross-site PUT', async () => {
    const { agent } = await signedInUser(t);
    const res = await agent
      .put('/api/record/edit')
      .set('Origin', 'https://evil.example')
      .send({ id: 1, artist: 'a', title: 'b', mood: 10, details: 'c' });
    expectErrorBody(res, 403, 'forbidden');
  });

  it('lets cross-site GETs through (reading is not state-changing)', async () => {
    const res = await request(t.app)
      .get('/api/health')
      .set('Origin', 'https://evil.example')
      .set('Sec-Fetch-Site', 'cross-site');
    expect(res.status).toBe(200);
  });
});

describe('session cookies and lifetimes', () => {
  it('issues an HttpOnly, SameSite=Lax session cookie living 14 days, not Secure over plain HTTP', async () => {
    const user = await createUser(t.db);
    const res = await request(t.app)
      .post('/api/user/login')
      .send({ username: user.username, password: user.password });
    expect(res.status).toBe(200);
    const cookie = sessionCookie(res)!;
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    expect(cookie).not.toMatch(/;\s*Secure/i);
    const expires = Date.parse(/Expires=([^;]+)/i.exec(cookie)![1]!);
    expect(Math.abs(expires - (Date.now() + 14 * DAY_MS))).toBeLessThan(5 * 60 * 1000);
  });

  it('keeps the session 14 days in the store and slides that window on use', async () => {
    const { user, agent } = await signedInUser(t);
    const expireOf = async () => {
      const rows = await t.db.query<{ expire: Date }>(
        "SELECT expire FROM session WHERE (sess->'passport'->>'user')::int = $1",
        [user.id],
      );
      expect(rows).toHaveLength(1);
      return rows[0]!.expire.getTime();
    };
    // timestamp without time zone: compare against the database's own clock.
    const now = (await t.db.query<{ now: Date }>('SELECT localtimestamp AS now'))[0]!.now;
    expect(Math.abs((await expireOf()) - (now.getTime() + 14 * DAY_MS))).toBeLessThan(5 * 60 * 1000);

    // A day before expiry and over a minute since the session was last written (reads
    // write the session at most once a minute, issue 10).
    await t.db.query(
      `UPDATE session SET expire = localtimestamp + interval '1 day',
              sess = jsonb_set(sess::jsonb, '{touchedAt}', to_jsonb($2::bigint))::json
        WHERE (sess->'passport'->>'user')::int = $1`,
      [user.id, Date.now() - 61_000],
    );
    expect((await agent.get('/api/user')).status).toBe(200);
    expect((await expireOf()) - now.getTime()).toBeGreaterThan(13 * DAY_MS);
  });

  it('refuses a session idle past its expiry even when the cookie is replayed', async () => {
    const { user, agent } = await signedInUser(t);
    await t.db.query(
      "UPDATE session SET expire = localtimestamp - interval '1 minute' WHERE (sess->'passport'->>'user')::int = $1",
      [user.id],
    );
    const res = await agent.get('/api/user');
    expectErrorBody(res, 401, 'unauthenticated');
  });

  it('ends a session 30 days after login however much it is used, and removes it from the store', async () => {
    const { user, agent } = await signedInUser(t);
    const setLoginAt = (ms: number) =>
      t.db.query(
        `UPDATE session SET sess = jsonb_set(sess::jsonb, '{loginAt}', to_jsonb($1::bigint))::json
          WHERE (sess->'passport'->>'user')::int = $2`,
        [ms, user.id],
      );
    await setLoginAt(Date.now() - 29 * DAY_MS);
    expect((await agent.get('/api/user')).status).toBe(200);

    await setLoginAt(Date.now() - SESSION_ABSOLUTE_MS - DAY_MS);
    const res = await agent.get('/api/user');
    expectErrorBody(res, 401, 'unauthenticated');
    const rows = await t.db.query("SELECT 1 FROM session WHERE (sess->'passport'->>'user')::int = $1", [
      user.id,
    ]);
    expect(rows).toHaveLength(0);
  });

  describe('in production behind an HTTPS proxy', () => {
    let prod: TestApp;
    beforeAll(() => {
      prod = createTestApp({
        env: {
          NODE_ENV: 'production',
          TRUST_PROXY: 'true',
          SESSION_SECRET: 'a-long-production-secret-for-tests',
        },
      });
    });
    afterAll(async () => {
      await prod?.close();
    });

    it('marks the session cookie Secure when the proxy says the request came over HTTPS', async () => {
      const user = await createUser(prod.db);
      const res = await request(prod.app)
        .post('/api/user/login')
        .set('Host', 'spincrate.example')
        .set('X-Forwarded-Proto', 'https')
        .set('Origin', 'https://spincrate.example')
        .send({ username: user.username, password: user.password });
      expect(res.status).toBe(200);
      const cookie = sessionCookie(res)!;
      expect(cookie).toMatch(/;\s*Secure/i);
      expect(cookie).toMatch(/;\s*HttpOnly/i);
      expect(cookie).toMatch(/;\s*SameSite=Lax/i);
      const me = await request(prod.app)
        .get('/api/user')
        .set('X-Forwarded-Proto', 'https')
        .set('Cookie', cookie.split(';')[0]!);
      expect(me.status).toBe(200);
    });

    it('refuses the plain-http origin of its own host when the request came over HTTPS', async () => {
      const res = await request(prod.app)
        .post('/api/user/register')
        .set('Host', 'spincrate.example')
        .set('X-Forwarded-Proto', 'https')
        .set('Origin', 'http://spincrate.example')
        .send({ username: uniqueUsername('prod'), password: 'password123' });
      expectErrorBody(res, 403, 'forbidden');
    });
  });

  it('refuses to load a production configuration without SESSION_SECRET, naming it', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: '   ' })).toThrow(/SESSION_SECRET/);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'a-long-random-string' }),
    ).not.toThrow();
  });

  it('exits at start-up with a clear message when production has no SESSION_SECRET', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/index.ts'], {
      cwd: path.join(repoRoot, 'server'),
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        LOG_LEVEL: 'silent',
        DATABASE_URL: 'postgresql://127.0.0.1:9/none',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.resume();
    const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
    expect(code).not.toBe(0);
    expect(stderr).toMatch(/SESSION_SECRET/);
    expect(stderr).not.toMatch(/^\s+at /m);
  });
});

describe('login timing', () => {
  it('runs one bcrypt comparison of the same cost for an unknown username as for a wrong password', async () => {
    // Registered through the API, so the stored hash is the one production writes (the
    // factories' users have a cheaper one: harness.ts).
    const username = uniqueUsername('timing');
    const registered = await request(t.app)
      .post('/api/user/register')
      .send({ username, password: 'Timing-pw-never-used-4471' });
    expect(registered.status).toBe(201);
    const compare = vi.spyOn(bcrypt, 'compare');
    try {
      const wrong = await request(t.app)
        .post('/api/user/login')
        .send({ username, password: 'wrong-password' });
      expect(wrong.status).toBe(401);
      expect(compare).toHaveBeenCalledTimes(1);
      const realHash = String(compare.mock.calls[0]![1]);
      compare.mockClear();

      const unknown = await request(t.app)
        .post('/api/user/login')
        .send({ username: uniqueUsername('ghost'), password: 'wrong-password' });
      expect(unknown.status).toBe(401);
      expect(unknown.body).toEqual(wrong.body);
      expect(compare).toHaveBeenCalledTimes(1);
      const dummyHash = String(compare.mock.calls[0]![1]);
      const cost = (hash: string) => Number(/^\$2[aby]\$(\d\d)\$/.exec(hash)?.[1]);
      expect(cost(dummyHash)).toBeGreaterThanOrEqual(10);
      expect(cost(dummyHash)).toBe(cost(realHash));
      expect(cost(dummyHash)).toBe(BCRYPT_COST);
    } finally {
      compare.mockRestore();
    }
  });
});

describe('the request log', () => {
  it('never contains a password, a cookie or a query-parameter value', async () => {
    const lines: string[] = [];
    const memory = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(chunk.toString());
        callback();
      },
    });
    const config = testConfig({ LOG_LEVEL: 'info' });
    const logger = createLogger('trace', memory);
    const db = new Database({ connectionString: config.DATABASE_URL!, logger, max: 3 });
    const ctx: AppContext = { config, db, logger, metadata: createMetadataService(config, logger) };
    const built = createApp(ctx, 'test-session-secret');
    try {
      const username = uniqueUsername('log');
      const password = 'Pw-never-logged-4471';
      const wrongPassword = 'Wrong-pw-never-logged-9910';
      const reg = await request(built.app).post('/api/user/register').send({ username, password });
      expect(reg.status).toBe(201);
      const bad = await request(built.app)
        .post('/api/user/login')
        .send({ username, password: wrongPassword });
      expect(bad.status).toBe(401);
      const agent = request.agent(built.app);
      const login = await agent.post('/api/user/login').send({ username, password });
      expect(login.status).toBe(200);
      const cookie = sessionCookie(login)!.split(';')[0]!;
      const cookieValue = cookie.slice(cookie.indexOf('=') + 1);
      const sid = decodeURIComponent(cookieValue).slice(2).split('.')[0]!;
      await agent.get('/api/user');
      await agent.get('/api/record/search?search=querysecret-a81');
      await agent.get('/api/blindbag?search=querysecret-b82');
      await agent.get('/api/social/friends/collection?id=918273');
      await agent.get('/api/social/friends/collection/search?search=querysecret-c83&id=918274');
      await request(built.app).get('/api/nope?token=querysecret-d84');
      await request(built.app).get('/spins/details/7?ref=querysecret-e85');
      await request(built.app)
        .post('/api/user/login')
        .set('Content-Type', 'application/json')
        .send(`{"username":"${username}","password":"${password}"`);
      await agent.post('/api/user/logout');
      await new Promise((resolve) => setImmediate(resolve));

      const log = lines.join('');
      expect(log).toContain('/api/record/search');
      expect(log).toContain('/api/social/friends/collection');
      for (const secret of [
        password,
        wrongPassword,
        cookieValue,
        decodeURIComponent(cookieValue),
        sid,
        'querysecret',
        '918273',
        '918274',
      ]) {
        expect({ secret, logged: log.includes(secret) }).toEqual({ secret, logged: false });
      }
      expect(log.toLowerCase()).not.toContain('"cookie"');
      expect(log.toLowerCase()).not.toContain('set-cookie');
    } finally {
      await built.close();
      await db.close();
    }
  });
});

describe('request ids', () => {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

  /** The real app with its log in memory; `env` overrides the configuration. */
  function loggedApp(env: Record<string, string> = {}, level = 'info') {
    const lines: string[] = [];
    const memory = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(chunk.toString());
        callback();
      },
    });
    const config = testConfig({ LOG_LEVEL: 'info', ...env });
    const logger = createLogger(level, memory);
    const db = new Database({ connectionString: config.DATABASE_URL!, logger, max: 3 });
    const ctx: AppContext = { config, db, logger, metadata: createMetadataService(config, logger) };
    const built = createApp(ctx, 'test-session-secret');
    return {
      app: built.app,
      db,
      /** Every log line so far, parsed. */
      log: () =>
        lines
          .join('')
          .trim()
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as Record<string, unknown>),
      close: async () => {
        await built.close();
        await db.close();
      },
    };
  }

  it('gives every answer a new X-Request-Id, and ignores one sent without a trusted proxy', async () => {
    const t2 = loggedApp();
    try {
      const first = await request(t2.app).get('/api/health');
      const second = await request(t2.app).get('/api/nope');
      const sent = await request(t2.app).get('/api/health').set('X-Request-Id', 'from-the-client-1');
      for (const res of [first, second, sent]) expect(res.headers['x-request-id']).toMatch(UUID);
      expect(new Set([first, second, sent].map((res) => res.headers['x-request-id'])).size).toBe(3);
      await new Promise((resolve) => setImmediate(resolve));
      const requestLines = t2.log().filter((line) => line.msg === 'request completed');
      expect(requestLines.map((line) => line.reqId)).toEqual(
        [first, second, sent].map((res) => res.headers['x-request-id']),
      );
    } finally {
      await t2.close();
    }
  });

  it('takes a sane X-Request-Id from a trusted proxy and replaces anything else', async () => {
    const t2 = loggedApp({ TRUST_PROXY: 'true' });
    try {
      const sane = await request(t2.app).get('/api/health').set('X-Request-Id', 'lb-4f2a.9:Z_0-1');
      expect(sane.headers['x-request-id']).toBe('lb-4f2a.9:Z_0-1');
      for (const insane of ['x'.repeat(129), 'two words', '<script>', 'a"b']) {
        const res = await request(t2.app).get('/api/health').set('X-Request-Id', insane);
        expect(res.headers['x-request-id']).toMatch(UUID);
      }
    } finally {
      await t2.close();
    }
  });

  it('logs a 500 with the id of its request line and of the answer', async () => {
    const t2 = loggedApp();
    try {
      vi.spyOn(t2.db, 'isHealthy').mockRejectedValue(new Error('a bug in the health check'));
      const res = await request(t2.app).get('/api/health');
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ error: { code: 'internal', message: expect.any(String) } });
      const id = res.headers['x-request-id'];
      expect(id).toMatch(UUID);
      await new Promise((resolve) => setImmediate(resolve));
      const lines = t2.log().filter((line) => line.reqId === id);
      expect(lines.map((line) => line.msg)).toEqual(['unhandled error', 'request errored']);
      expect(JSON.stringify(lines[0])).toContain('a bug in the health check');
    } finally {
      await t2.close();
    }
  });

  it('at LOG_LEVEL=warn logs no line for a good answer, and a 500 with its request id', async () => {
    const t2 = loggedApp({ LOG_LEVEL: 'warn' }, 'warn');
    try {
      const ok = await request(t2.app).get('/api/health');
      expect(ok.status).toBe(200);
      expect(ok.headers['x-request-id']).toMatch(UUID);
      const missing = await request(t2.app).get('/api/nope');
      expect(missing.status).toBe(404);
      vi.spyOn(t2.db, 'isHealthy').mockRejectedValue(new Error('a bug in the health check'));
      const res = await request(t2.app).get('/api/health');
      expect(res.status).toBe(500);
      const id = res.headers['x-request-id'];
      expect(id).toMatch(UUID);
      await new Promise((resolve) => setImmediate(resolve));
      expect(t2.log().map((line) => [line.reqId, line.msg])).toEqual([
        [id, 'unhandled error'],
        [id, 'request errored'],
      ]);
      expect(JSON.stringify(t2.log()[1])).toContain('/api/health');
    } finally {
      await t2.close();
    }
  });
});

describe('fields the client may not set (mass assignment)', () => {
  it('ignores user_id, id and date_added sent to POST /api/record/add', async () => {
    const { user, agent } = await signedInUser(t);
    const other = await createUser(t.db);
    const res = await agent.post('/api/record/add').send({
      artist: 'Mass Assigner',
      title: 'Not Yours',
      mood: 10,
      details: 'trying',
      user_id: other.id,
      id: 2147483000,
      date_added: '2001-01-01T00:00:00.000Z',
    });
    expect(res.status).toBe(201);
    expect(res.body.user_id).toBe(user.id);
    expect(res.body.id).not.toBe(2147483000);
    expect(Math.abs(Date.parse(res.body.date_added) - Date.now())).toBeLessThan(10 * 60 * 1000);
    const others = await t.db.query('SELECT 1 FROM records WHERE user_id = $1', [other.id]);
    expect(others).toHaveLength(0);
    const forced = await t.db.query('SELECT 1 FROM records WHERE id = 2147483000');
    expect(forced).toHaveLength(0);
    const mine = await t.db.query<{ user_id: number }>('SELECT user_id FROM records WHERE id = $1', [
      res.body.id,
    ]);
    expect(mine[0]?.user_id).toBe(user.id);
  });

  it('ignores user_id and date_added sent to PUT /api/record/edit', async () => {
    const { user, agent } = await signedInUser(t);
    const other = await createUser(t.db);
    const recordId = await createRecord(t.db, user.id, { dateAdded: '2026-01-02T03:04:05.000Z' });
    const res = await agent.put('/api/record/edit').send({
      id: recordId,
      artist: 'Edited Artist',
      title: 'Edited Title',
      mood: 10,
      details: 'edited',
      user_id: other.id,
      date_added: '2001-01-01T00:00:00.000Z',
    });
    expect(res.status).toBe(200);
    expect(res.body.user_id).toBe(user.id);
    expect(res.body.date_added).toBe('2026-01-02T03:04:05.000Z');
    const rows = await t.db.query<{ user_id: number }>('SELECT user_id FROM records WHERE id = $1', [
      recordId,
    ]);
    expect(rows[0]?.user_id).toBe(user.id);
    expect(
      await loginAgent(t, other)
        .then((a) => a.get('/api/record'))
        .then((r) => r.body),
    ).toEqual([]);
  });
});

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * Sends a request exactly as given (no URL normalisation), optionally in chunks,
 * to the app listening on a throwaway port.
 */
describe('hostile input never gives a 500 and stores nothing', () => {
  it('refuses a NUL character in any body field or query with 400 naming the field', async () => {
    const { user, agent } = await signedInUser(t);
    const add = await agent.post('/api/record/add').send({ artist: 'nul\u0000byte', title: 'T', mood: 10 });
    expectErrorBody(add, 400, 'validation_failed');
    expect(add.body.error.fields).toEqual({ artist: 'must not contain NUL characters' });
    const spin = await agent
      .post('/api/spins/add')
      .send({ timeSpent: '1:00', listenedAt: '2026-01-01', details: 'a\u0000b', albums: [1] });
    expect(spin.body.error.fields).toEqual({ details: 'must not contain NUL characters' });
    const search = await agent.get('/api/record/search?search=a%00b');
    expect(search.body.error.fields).toEqual({ search: 'must not contain NUL characters' });
    expectErrorBody(await agent.get('/api/blindbag?search=a%00b'), 400, 'validation_failed');
    expectErrorBody(
      await agent.post('/api/social/add').send({ friend_username: 'bo\u0000b' }),
      400,
      'validation_failed',
    );
    const importing = await agent
      .post('/api/record/import')
      .send({ csv: 'Artist,Title\nGood,Row\nx\u0000y,c', mood: 10 });
    expectErrorBody(importing, 400, 'validation_failed');
    const login = await request(t.app)
      .post('/api/user/login')
      .send({ username: 'alice\u0000', password: 'password1' });
    expectErrorBody(login, 400, 'validation_failed');
    const rows = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM records WHERE user_id = $1',
      [user.id],
    );
    expect(rows[0]!.n).toBe(0);
    const imports = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM imports WHERE user_id = $1',
      [user.id],
    );
    expect(imports[0]!.n).toBe(0);
  });

  it.each([
    ['GET', '/api/spins/single/%E0'],
    ['DELETE', '/api/record/%E0'],
    ['DELETE', '/api/spins/%E0'],
    ['DELETE', '/api/social/%E0'],
    ['GET', '/api/record/import/%E0'],
  ])('answers 400 for a malformed %%-escape in the path: %s %s', async (method, url) => {
    const { agent } = await signedInUser(t);
    const res = method === 'GET' ? await agent.get(url) : await agent.delete(url);
    expectErrorBody(res, 400, 'validation_failed');
  });

  it('answers 400 for a body whose Content-Encoding does not decode, and reads a real gzip body', async () => {
    for (const encoding of ['gzip', 'br', 'deflate']) {
      const res = await rawRequest({
        method: 'POST',
        path: '/api/user/login',
        headers: { 'Content-Type': 'application/json', 'Content-Encoding': encoding, 'Content-Length': '2' },
        chunks: ['{}'],
      });
      expect({ encoding, status: res.status }).toEqual({ encoding, status: 400 });
      expect(JSON.parse(res.body).error.code).toBe('validation_failed');
    }
    const user = await createUser(t.db);
    const body = gzipSync(JSON.stringify({ username: user.username, password: user.password }));
    const ok = await rawRequest({
      method: 'POST',
      path: '/api/user/login',
      headers: {
        'Content-Type': 'application/json',
        'Content-Encoding': 'gzip',
        'Content-Length': String(body.length),
      },
      chunks: [body],
    });
    expect(ok.status).toBe(200);
  });

  it('answers 404 for a missing hashed bundle instead of serving the page as a script', async () => {
    const res = await request(t.app).get('/assets/index-doesnotexist.js');
    expect(res.status).toBe(404);
    expect(res.text).not.toContain(INDEX_MARKER);
  });
});

async function rawRequest(options: {
  method: string;
  path: string;
  headers?: Record<string, string>;
  chunks?: Array<string | Buffer>;
}): Promise<RawResponse> {
  const server = http.createServer(t.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  try {
    return await new Promise<RawResponse>((resolve, reject) => {
      const req = http.request({
        host: '127.0.0.1',
        port,
        method: options.method,
        path: options.path,
        headers: options.headers,
      });
      req.on('response', (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      });
      req.on('error', reject);
      for (const chunk of options.chunks ?? []) req.write(chunk);
      req.end();
    });
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
