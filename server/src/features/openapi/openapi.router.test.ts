import { readFileSync } from 'node:fs';
import { ROUTES, routeKey } from '@spincrate/contract';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createRecord,
  createSpin,
  createTestApp,
  createUser,
  befriend,
  signedInUser,
  uniqueUsername,
  type TestApp,
  NO_COLLECTION_DETAILS,
} from '@/test/harness.js';
import {
  checkedSuccesses,
  expectMatchesContract,
  mountedRoutes,
  request,
  undescribedRoutes,
} from '@/test/contract.js';
import { startFakeListenBrainz, type FakeListenBrainz } from '@/test/fakeListenBrainz.js';

let t: TestApp;
let listenBrainz: FakeListenBrainz;

beforeAll(async () => {
  listenBrainz = await startFakeListenBrainz();
  t = createTestApp({ env: { LISTENBRAINZ_API_URL: listenBrainz.url } });
});

afterAll(async () => {
  await t.close();
  await listenBrainz.close();
});

type OpenApiDocument = {
  openapi: string;
  info: { version: string };
  paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
};

describe('GET /api/openapi.json', () => {
  it('answers without a session with a valid OpenAPI 3.1 document of this version', async () => {
    const res = await request(t.app).get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const doc = res.body as OpenApiDocument;
    expect(doc.openapi).toBe('3.1.0');
    const rootPackage = JSON.parse(
      readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8'),
    );
    expect(doc.info.version).toBe(rootPackage.version);
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('describes every route the server mounts, with its success answer and error body', async () => {
    const doc = (await request(t.app).get('/api/openapi.json')).body as OpenApiDocument;
    const mounted = mountedRoutes(t.app);
    expect(mounted).toContain('GET /api/record');
    expect(mounted).toContain('DELETE /api/record/{id}');
    expect(undescribedRoutes(t.app)).toEqual([]);
    for (const key of mounted) {
      const [method, path] = key.split(' ') as [string, string];
      const operation =
        doc.paths[path]?.[method.toLowerCase()] ?? doc.paths[`${path}/{id}`]?.[method.toLowerCase()];
      expect(operation, key).toBeDefined();
      expect(Object.keys(operation!.responses).length, key).toBeGreaterThan(1);
    }
    // The document names no route the server does not have.
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    );
    for (const key of documented) expect(mounted, key).toContain(key);
  });

  it('describes the list headers, 304, Retry-After and every status of API.md "Conventions"', async () => {
    type Response = { headers?: Record<string, unknown> };
    const doc = (await request(t.app).get('/api/openapi.json')).body as {
      paths: Record<string, Record<string, { responses: Record<string, Response> }>>;
    };
    // API.md "Lists at scale": Link rel=next and X-Total-Count on a page, an ETag, 304.
    const records = doc.paths['/api/record']!.get!.responses;
    expect(Object.keys(records['200']!.headers ?? {}).sort()).toEqual(['ETag', 'Link', 'X-Total-Count']);
    expect(records['304']).toBeDefined();
    // "429 rate_limited: a Retry-After header (seconds) is set"; 503 likewise.
    expect(Object.keys(records['429']!.headers ?? {})).toEqual(['Retry-After']);
    expect(Object.keys(records['503']!.headers ?? {})).toEqual(['Retry-After']);
    // "Every GET of a list or a record answers with an ETag" — GET /api/mood is a list.
    const moods = doc.paths['/api/mood']!.get!.responses;
    expect(Object.keys(moods['200']!.headers ?? {})).toEqual(['ETag']);
    expect(moods['304']).toBeDefined();
    // The user is neither a list nor a record.
    expect(doc.paths['/api/user']!.get!.responses['304']).toBeUndefined();
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const status of ['408', '414', '431', '500', '503'])
          expect(operation.responses[status], `${method} ${path} ${status}`).toBeDefined();
      }
    }
  });

  it('finds a route mounted without a description', () => {
    const extra = createTestApp();
    try {
      extra.app.get('/api/undescribed', (_req, res) => {
        res.json({});
      });
      expect(undescribedRoutes(extra.app)).toEqual(['GET /api/undescribed']);
    } finally {
      void extra.close();
    }
  });
});

describe('answers checked against the contract', () => {
  it('fails an answer whose body does not match its schema', () => {
    const record = {
      id: 1,
      user_id: 2,
      title: 'Kind of Blue',
      artist: 'Miles Davis',
      coverart: 'https://example.test/cover.jpg',
      date_added: '2026-11-20T14:03:00.000Z',
      mood: 'Mellow',
      mood_id: 10,
      details: '',
      tags: '["jazz","modal"]',
      play_count: 0,
      last_played: null,
      year: null,
      barcode: null,
      mb_release_group_id: null,
      ...NO_COLLECTION_DETAILS,
      cover: null,
    };
    const json = { 'content-type': 'application/json; charset=utf-8' };
    // API.md "Lists at scale": every GET of a list or a record answers with an ETag.
    const tagged = { ...json, etag: '"a-tag"' };
    const answer = (status: number, body: unknown, headers: Record<string, string> = tagged) => ({
      status,
      body,
      text: JSON.stringify(body),
      headers,
    });
    expect(() => expectMatchesContract(answer(200, [record]), 'GET /api/record')).not.toThrow();
    // API.md: tags is a JSON-encoded array of strings, coverart never empty, date_added ISO 8601.
    expect(() =>
      expectMatchesContract(answer(200, [{ ...record, tags: ['jazz'] }]), 'GET /api/record'),
    ).toThrow();
    // API.md "Covers served by Spincrate": cover is {small, large} of our own paths, or null.
    expect(() =>
      expectMatchesContract(
        answer(200, [{ ...record, cover: { small: '/covers/x-250.webp', large: '/covers/x-500.webp' } }]),
        'GET /api/record',
      ),
    ).toThrow();
    const key = '0123456789abcdef0123456789abcdef';
    expect(() =>
      expectMatchesContract(
        answer(200, [
          { ...record, cover: { small: `/covers/${key}-250.webp`, large: `/covers/${key}-500.webp` } },
        ]),
        'GET /api/record',
      ),
    ).not.toThrow();
    expect(() =>
      expectMatchesContract(answer(200, [{ ...record, coverart: '' }]), 'GET /api/record'),
    ).toThrow();
    expect(() =>
      expectMatchesContract(answer(200, [{ ...record, date_added: '20 Nov 2026' }]), 'GET /api/record'),
    ).toThrow();
    // A field the contract does not name (the password hash must never leave the server).
    expect(() =>
      expectMatchesContract(
        answer(200, { id: 1, username: 'riley', password_hash: 'x' }, json),
        'GET /api/user',
      ),
    ).toThrow();
    expect(() =>
      expectMatchesContract(answer(200, { id: 1, username: 'riley' }, json), 'GET /api/user'),
    ).not.toThrow();
    // Headers: a list without its ETag, a user with one, paging headers where no paging is named,
    // a 304 where no ETag is named, a 429 without Retry-After.
    expect(() => expectMatchesContract(answer(200, [record], json), 'GET /api/record')).toThrow();
    expect(() => expectMatchesContract(answer(200, { id: 1, username: 'riley' }), 'GET /api/user')).toThrow();
    expect(() =>
      expectMatchesContract(answer(200, [], { ...tagged, 'x-total-count': '0' }), 'GET /api/mood'),
    ).toThrow();
    expect(() =>
      expectMatchesContract(answer(200, [record], { ...tagged, 'x-total-count': '1' }), 'GET /api/record'),
    ).not.toThrow();
    expect(() => expectMatchesContract(answer(304, '', json), 'GET /api/user')).toThrow();
    expect(() => expectMatchesContract(answer(304, '', tagged), 'GET /api/record')).not.toThrow();
    const limited = { error: { code: 'rate_limited', message: 'Too many attempts' } };
    expect(() => expectMatchesContract(answer(429, limited, json), 'GET /api/record')).toThrow();
    expect(() =>
      expectMatchesContract(answer(429, limited, { ...json, 'retry-after': '2' }), 'GET /api/record'),
    ).not.toThrow();
    // Errors: the error body, a code of that status, a status the route may give.
    const notFound = { error: { code: 'not_found', message: 'No such record' } };
    expect(() => expectMatchesContract(answer(404, notFound), 'DELETE /api/record/{id}')).not.toThrow();
    expect(() =>
      expectMatchesContract(answer(404, { message: 'gone' }), 'DELETE /api/record/{id}'),
    ).toThrow();
    expect(() => expectMatchesContract(answer(400, notFound), 'DELETE /api/record/{id}')).toThrow();
    expect(() => expectMatchesContract(answer(404, notFound), 'GET /api/mood')).toThrow();
  });

  it("checks every route's success answer against its schema", async () => {
    const { user, agent } = await signedInUser(t);
    const friend = await createUser(t.db);
    await befriend(t.db, user.id, friend.id);
    const friendRecord = await createRecord(t.db, friend.id, { tags: ['jazz'] });
    await createSpin(t.db, friend.id, [friendRecord]);
    const anonymous = request(t.app);

    await anonymous.get('/api/health').expect(200);
    await anonymous.get('/api/config').expect(200);
    await anonymous.get('/api/openapi.json').expect(200);
    await anonymous
      .post('/api/user/register')
      .send({ username: uniqueUsername('oa'), password: 'password123' })
      .expect(201);
    await agent.get('/api/user').expect(200);
    await agent.get('/api/mood').expect(200);
    const added = await agent
      .post('/api/record/add')
      .send({ artist: 'Miles Davis', title: 'Kind of Blue', mood: 10 })
      .expect(201);
    await agent
      .put('/api/record/edit')
      .send({ id: added.body.id, artist: 'Miles Davis', title: 'Kind of Blue', mood: 10, details: 'reissue' })
      .expect(200);
    await agent.get('/api/record').expect(200);
    await agent.get('/api/record/search?search=blue').expect(200);
    await agent.get(`/api/record/${added.body.id}`).expect(200);
    await agent.get('/api/record/folders').expect(200);
    await agent.get(`/api/record/${added.body.id}/sides`).expect(200);
    const spin = await agent
      .post('/api/spins/add')
      .send({ timeSpent: '1:05', listenedAt: '2026-11-20', details: 'Sunday', albums: [added.body.id] })
      .expect(201);
    await agent.get('/api/spins').expect(200);
    await agent.get(`/api/spins/single/${spin.body.id}`).expect(200);
    await agent.get('/api/sync/records?limit=10').expect(200);
    await agent.get('/api/sync/wants?limit=10').expect(200);
    await agent.get('/api/blindbag').expect(200);
    await agent.get('/api/stats').expect(200);
    await agent.get('/api/stats/year/2026?today=2026-11-25').expect(200);
    // A barcode looked up within the day (the metadata services are unreachable here).
    await t.db.query(
      `INSERT INTO barcode_lookups (code, releases) VALUES ('9780000000002', $1::jsonb)
       ON CONFLICT (code) DO UPDATE SET releases = excluded.releases, fetched_at = now()`,
      [
        JSON.stringify([
          {
            mb_release_id: '3f6b1c2e-1a2b-4c3d-8e4f-5a6b7c8d9e0f',
            mb_release_group_id: null,
            title: 'Dummy',
            artist: 'Portishead',
            year: 1994,
            label: 'Go! Beat',
            catalog_number: '828 553-1',
            country: 'GB',
            format: '12" Vinyl',
            coverart: 'https://coverartarchive.org/release/3f6b1c2e-1a2b-4c3d-8e4f-5a6b7c8d9e0f/front-250',
            barcode: '9780000000002',
            tags: [],
          },
        ]),
      ],
    );
    await agent.get('/api/lookup/barcode?code=9780000000002').expect(200);
    await agent.get('/api/social/friends').expect(200);
    await agent.get(`/api/social/friends/collection?id=${friend.id}`).expect(200);
    await agent.get(`/api/social/friends/collection/search?id=${friend.id}&search=album`).expect(200);
    await agent.get(`/api/social/friends/${friend.id}/record/${friendRecord}`).expect(200);
    await agent.get('/api/social/hotp').expect(200);
    await agent.get('/api/social/latestListens').expect(200);
    const other = await createUser(t.db);
    await agent.post('/api/social/add').send({ friend_username: other.username }).expect(201);
    await agent.delete(`/api/social/${other.id}`).expect(204);
    const csv = 'Catalog#,Artist,Title\nX1,Portishead,Dummy\n';
    const imported = await agent.post('/api/record/import').send({ csv, mood: 10 }).expect(202);
    await agent.get(`/api/record/import/${imported.body.id}`).expect(200);
    await agent.get('/api/record/export?format=json').expect(200);
    await agent.get('/api/record/export?format=csv').expect(200);
    // The wantlist (API.md "Wantlist").
    const want = await agent
      .post('/api/want/add')
      .send({ artist: 'Funkadelic', title: 'Maggot Brain' })
      .expect(201);
    await agent
      .put('/api/want/edit')
      .send({ id: want.body.id, artist: 'Funkadelic', title: 'Maggot Brain', priority: 1 })
      .expect(200);
    await agent.get('/api/want').expect(200);
    await agent.get(`/api/want/${want.body.id}/owners`).expect(200);
    await agent.get(`/api/social/friends/want?id=${friend.id}`).expect(200);
    await agent.post(`/api/want/${want.body.id}/got`).send({ mood: 10 }).expect(201);
    const dropped = await agent.post('/api/want/add').send({ artist: 'Can', title: 'Tago Mago' }).expect(201);
    await agent.delete(`/api/want/${dropped.body.id}`).expect(204);
    const link = await agent.post('/api/share').send({ scope: 'crate+spins' }).expect(201);
    await agent.get('/api/share').expect(200);
    const token = new URL(String(link.body.url)).pathname.split('/').pop()!;
    await anonymous.get(`/api/public/${token}`).expect(200);
    await anonymous.get(`/api/public/${token}/records`).expect(200);
    await anonymous.get(`/api/public/${token}/records/${added.body.id}`).expect(200);
    await anonymous.get(`/api/public/${token}/spins`).expect(200);
    await anonymous.get(`/api/public/${token}/folders`).expect(200);
    const wantsLink = await agent.post('/api/share').send({ scope: 'crate+wants' }).expect(201);
    const wantsToken = new URL(String(wantsLink.body.url)).pathname.split('/').pop()!;
    await anonymous.get(`/api/public/${wantsToken}/wants`).expect(200);
    await agent.delete(`/api/share/${link.body.id}`).expect(204);
    await agent.delete(`/api/share/${wantsLink.body.id}`).expect(204);
    listenBrainz.addUser('openapi-token', 'openapi_user');
    await agent.put('/api/user/listenbrainz').send({ token: 'openapi-token' }).expect(200);
    await agent.get('/api/user/listenbrainz').expect(200);
    await agent.post(`/api/spins/${spin.body.id}/send`).expect(202);
    listenBrainz.listens.push({
      user_name: 'openapi_user',
      listened_at: Date.UTC(2026, 10, 20, 10) / 1000,
      track_metadata: {
        artist_name: 'Miles Davis',
        track_name: 'So What',
        release_name: 'Kind of Blue',
        additional_info: { media_player: 'turntable' },
      },
    });
    await agent.post('/api/user/listenbrainz/import').send({}).expect(200);
    await agent
      .post('/api/user/listenbrainz/import/confirm')
      .send({ sources: ['turntable'] })
      .expect(201);
    await agent.delete('/api/user/listenbrainz').expect(204);
    await agent.delete(`/api/spins/${spin.body.id}`).expect(204);
    await agent.delete(`/api/record/${added.body.id}`).expect(204);
    await agent.post('/api/user/logout').expect(204);
    await request(t.app)
      .post('/api/user/login')
      .send({ username: user.username, password: user.password })
      .expect(200);

    // Every route of the contract had its success answer checked on the way.
    expect([...checkedSuccesses].sort()).toEqual(ROUTES.map(routeKey).sort());
  });
});
