import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '@/app.js';
import { Database } from '@/db/database.js';
import type { AppContext } from '@/lib/context.js';
import { createLogger } from '@/lib/logger.js';
import { createMetadataService } from '@/lib/metadata/index.js';
import { request } from '@/test/contract.js';
import { writeClientBuild } from '@/test/clientBuildFixture.js';
import {
  befriend,
  createRecord,
  createSpin,
  createTestApp,
  createUser,
  loginAgent,
  signedInUser,
  testConfig,
  useTestApp,
  walkPages,
  type Agent,
} from '@/test/harness.js';

const t = useTestApp();

// Every request of this file comes from one address: each test starts with the public
// limit's count at zero (the limit's own test spends it on purpose).
beforeEach(async () => {
  await t.db.query("DELETE FROM login_failures WHERE key LIKE 'public:%'");
});

/** The token of a link's `url` (`{origin}/s/{token}`). */
function tokenOf(url: string): string {
  const match = /\/s\/([^/?#]+)$/.exec(url);
  if (!match) throw new Error(`not a share URL: ${url}`);
  return match[1]!;
}

/** Makes a link of `scope` through the API. @returns its id and token */
async function makeLink(agent: Agent, scope: string): Promise<{ id: number; token: string }> {
  const res = await agent.post('/api/share').send({ scope });
  expect(res.status).toBe(201);
  return { id: res.body.id as number, token: tokenOf(res.body.url as string) };
}

/** Every key of a JSON value, at any depth. */
function keysDeep(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysDeep);
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) => [key, ...keysDeep(inner)]);
  }
  return [];
}

/** An owner with a priced, located record, another record in a folder, and a spin. */
async function ownerWithCrate() {
  const { user, agent } = await signedInUser(t);
  const priced = await createRecord(t.db, user.id, {
    title: 'Kind of Blue',
    artist: 'Miles Davis',
    dateAdded: '2026-01-02T10:00:00Z',
    collection: {
      price_cents: 2499,
      price_currency: 'EUR',
      location: 'Shelf 2 / B',
      purchased_on: '2025-05-01',
      purchased_from: 'Rough Trade East',
      rating: 5,
      folder: 'Jazz',
      media_condition: 'Near Mint (NM or M-)',
    },
  });
  const other = await createRecord(t.db, user.id, {
    title: 'Dummy',
    artist: 'Portishead',
    dateAdded: '2026-01-03T10:00:00Z',
    collection: { folder: 'Trip Hop' },
  });
  const spin = await createSpin(t.db, user.id, [priced], { listenedAt: '2026-02-01', details: 'Sunday' });
  return { user, agent, priced, other, spin };
}

describe('POST /api/share', () => {
  it('answers 201 with the url {origin}/s/{token} (128 random bits, base64url), an SVG QR code, and stores only a SHA-256 of the token', async () => {
    const { user, agent } = await signedInUser(t);
    const res = await agent.post('/api/share').send({ scope: 'crate' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      scope: 'crate',
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:5001\/s\/[A-Za-z0-9_-]{22}$/),
      qr_svg: expect.stringMatching(/^<svg[\s\S]*<\/svg>$/),
    });
    const token = tokenOf(res.body.url);
    expect(Buffer.from(token, 'base64url')).toHaveLength(16);
    const rows = await t.db.query<Record<string, unknown>>('SELECT * FROM share_links WHERE user_id = $1', [
      user.id,
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toEqual(createHash('sha256').update(token).digest());
    expect(JSON.stringify(rows[0])).not.toContain(token);
  });

  it('trims the scope before checking it (API.md "Conventions": text fields are trimmed)', async () => {
    const { agent } = await signedInUser(t);
    const res = await agent.post('/api/share').send({ scope: ' crate+spins ' });
    expect(res.status).toBe(201);
    expect(res.body.scope).toBe('crate+spins');
    const bad = await agent.post('/api/share').send({ scope: ' everything ' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields)).toEqual(['scope']);
  });

  it('makes a different token each time', async () => {
    const { agent } = await signedInUser(t);
    const a = await makeLink(agent, 'crate');
    const b = await makeLink(agent, 'crate');
    expect(a.token).not.toBe(b.token);
  });

  it.each([
    [{}, 'is required'],
    [{ scope: 'everything' }, 'must be one of crate, crate+spins, crate+wants'],
    [{ scope: 3 }, 'must be one of crate, crate+spins, crate+wants'],
  ])('answers 400 with fields.scope for %j, storing nothing', async (body, message) => {
    const { user, agent } = await signedInUser(t);
    const res = await agent.post('/api/share').send(body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.fields).toEqual({ scope: message });
    const rows = await t.db.query('SELECT 1 FROM share_links WHERE user_id = $1', [user.id]);
    expect(rows).toHaveLength(0);
  });

  it('answers 409 conflict for the 6th link, also when they are asked for at once', async () => {
    const { user, agent } = await signedInUser(t);
    const answers = await Promise.all(
      Array.from({ length: 7 }, () => agent.post('/api/share').send({ scope: 'crate' })),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([201, 201, 201, 201, 201, 409, 409]);
    expect(answers.find((res) => res.status === 409)!.body.error.code).toBe('conflict');
    const rows = await t.db.query('SELECT 1 FROM share_links WHERE user_id = $1', [user.id]);
    expect(rows).toHaveLength(5);
    // A revoked link makes room for a new one.
    const listed = await agent.get('/api/share');
    await agent.delete(`/api/share/${listed.body[0].id}`).expect(204);
    await agent.post('/api/share').send({ scope: 'crate' }).expect(201);
  });

  it('answers 401 without a session', async () => {
    const res = await request(t.app).post('/api/share').send({ scope: 'crate' });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthenticated');
  });
});

describe('GET /api/share', () => {
  it("lists the caller's links newest first without tokens, with last_used_at set once a public route is used", async () => {
    const { agent } = await signedInUser(t);
    const { agent: otherAgent } = await signedInUser(t);
    const first = await makeLink(agent, 'crate');
    const second = await makeLink(agent, 'crate+spins');
    await makeLink(otherAgent, 'crate');
    const before = await agent.get('/api/share');
    expect(before.status).toBe(200);
    expect(before.body).toEqual([
      { id: second.id, scope: 'crate+spins', created_at: expect.any(String), last_used_at: null },
      { id: first.id, scope: 'crate', created_at: expect.any(String), last_used_at: null },
    ]);
    expect(JSON.stringify(before.body)).not.toContain(first.token);
    expect(JSON.stringify(before.body)).not.toContain(second.token);

    await request(t.app).get(`/api/public/${first.token}/records`).expect(200);
    const after = await agent.get('/api/share');
    const used = after.body.find((link: { id: number }) => link.id === first.id);
    expect(used.last_used_at).toEqual(expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/));
    expect(after.body.find((link: { id: number }) => link.id === second.id).last_used_at).toBeNull();
  });

  it('answers 401 without a session', async () => {
    const res = await request(t.app).get('/api/share');
    expect(res.status).toBe(401);
  });
});

describe('DELETE /api/share/{id}', () => {
  it('answers 204 and the link stops working at once, also for a page read just before', async () => {
    const { user, agent } = await signedInUser(t);
    await createRecord(t.db, user.id);
    const link = await makeLink(agent, 'crate');
    const anonymous = request(t.app);
    await anonymous.get(`/api/public/${link.token}/records`).expect(200);
    await anonymous.get(`/api/public/${link.token}`).expect(200);
    await agent.delete(`/api/share/${link.id}`).expect(204);
    for (const path of ['', '/records', '/records?limit=10']) {
      const res = await anonymous.get(`/api/public/${link.token}${path}`);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
    expect((await agent.get('/api/share')).body).toEqual([]);
  });

  it("answers 404 for another user's link and leaves it working", async () => {
    const { agent } = await signedInUser(t);
    const { agent: otherAgent } = await signedInUser(t);
    const theirs = await makeLink(otherAgent, 'crate');
    const res = await agent.delete(`/api/share/${theirs.id}`);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
    await request(t.app).get(`/api/public/${theirs.token}`).expect(200);
  });

  it.each(['abc', '-1', '1.5', '1e3', '0', '2147483648'])('answers 400 for the id %s', async (id) => {
    const { agent } = await signedInUser(t);
    const res = await agent.delete(`/api/share/${id}`);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
  });

  it('answers 400 without an id and 401 without a session', async () => {
    const { agent } = await signedInUser(t);
    expect((await agent.delete('/api/share/')).status).toBe(400);
    expect((await request(t.app).delete('/api/share/1')).status).toBe(401);
  });
});

describe('the public routes', () => {
  it('GET /api/public/{token} answers the owner name, the scope and the number of records', async () => {
    const { user, agent } = await ownerWithCrate();
    const link = await makeLink(agent, 'crate+spins');
    const res = await request(t.app).get(`/api/public/${link.token}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ username: user.username, scope: 'crate+spins', records: 2 });
  });

  it('GET /records shows the crate as a friend sees it: no price, purchase or location, and no user_id', async () => {
    const { agent, priced, other } = await ownerWithCrate();
    const link = await makeLink(agent, 'crate');
    const res = await request(t.app).get(`/api/public/${link.token}/records`);
    expect(res.status).toBe(200);
    expect(res.body.map((r: { id: number }) => r.id)).toEqual([other, priced]);
    const shared = res.body.find((r: { id: number }) => r.id === priced);
    expect(shared).toMatchObject({
      title: 'Kind of Blue',
      artist: 'Miles Davis',
      rating: 5,
      folder: 'Jazz',
      media_condition: 'Near Mint (NM or M-)',
      price: null,
      purchased_on: null,
      purchased_from: null,
      location: null,
      play_count: 1,
    });
    expect(keysDeep(res.body)).not.toContain('user_id');
  });

  it('GET /records pages, sorts, searches and filters by folder as "Lists at scale" says', async () => {
    const { user, agent } = await signedInUser(t);
    const ids: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      ids.push(
        await createRecord(t.db, user.id, {
          title: `Album ${String.fromCharCode(71 - i)}`,
          artist: i % 2 === 0 ? 'Even Artist' : 'Odd Artist',
          dateAdded: `2026-01-0${i + 1}T10:00:00Z`,
          collection: i < 3 ? { folder: 'Jazz' } : {},
        }),
      );
    }
    const link = await makeLink(agent, 'crate');
    const anonymous = request.agent(t.app);
    const pages = await walkPages<{ id: number; title: string }>(
      anonymous,
      `/api/public/${link.token}/records?limit=3&sort=title_asc`,
    );
    expect(pages.map((p) => p.items.length)).toEqual([3, 3, 1]);
    expect(pages[0]!.total).toBe('7');
    expect(pages.flatMap((p) => p.items.map((r) => r.title))).toEqual([
      'Album A',
      'Album B',
      'Album C',
      'Album D',
      'Album E',
      'Album F',
      'Album G',
    ]);
    const search = await anonymous.get(`/api/public/${link.token}/records?search=odd%20artist`);
    expect(search.status).toBe(200);
    expect(search.body.map((r: { id: number }) => r.id)).toEqual([ids[5], ids[3], ids[1]]);
    const folder = await anonymous.get(`/api/public/${link.token}/records?folder=jazz&limit=10`);
    expect(folder.status).toBe(200);
    expect(folder.headers['x-total-count']).toBe('3');
    expect(folder.body.map((r: { id: number }) => r.id)).toEqual([ids[2], ids[1], ids[0]]);
    expect(keysDeep([...search.body, ...folder.body])).not.toContain('user_id');
  });

  it("GET /records (kept between requests) shows the owner's change at once, and nothing once the link is revoked", async () => {
    const { user, agent } = await ownerWithCrate();
    const link = await makeLink(agent, 'crate');
    const anonymous = request(t.app);
    const first = await anonymous.get(`/api/public/${link.token}/records`).expect(200);
    const again = await anonymous.get(`/api/public/${link.token}/records`).expect(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers['cache-control']).toBe('private, no-store');
    // The owner adds a record: the next answer has it.
    await createRecord(t.db, user.id, { title: 'Mezzanine', artist: 'Massive Attack' });
    const changed = await anonymous.get(`/api/public/${link.token}/records`).expect(200);
    expect(changed.body.map((r: { title: string }) => r.title)).toContain('Mezzanine');
    expect(changed.body).toHaveLength(first.body.length + 1);
    // Another link of the same crate answers the same records.
    const other = await makeLink(agent, 'crate');
    const viaOther = await anonymous.get(`/api/public/${other.token}/records`).expect(200);
    expect(viaOther.body).toEqual(changed.body);
    // Revoked: 404, never the answer read a moment before.
    await agent.delete(`/api/share/${link.id}`).expect(204);
    const revoked = await anonymous.get(`/api/public/${link.token}/records`);
    expect(revoked.status).toBe(404);
    expect(revoked.body.error.code).toBe('not_found');
  });

  it("GET /folders lists the shared crate's folders with their counts, by name", async () => {
    const { agent } = await ownerWithCrate();
    const link = await makeLink(agent, 'crate');
    const res = await request(t.app).get(`/api/public/${link.token}/folders`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { folder: 'Jazz', records: 1 },
      { folder: 'Trip Hop', records: 1 },
    ]);
  });

  it('GET /records sorted by price is in the order of an unpriced crate (a friend never sees prices)', async () => {
    const { user, agent } = await signedInUser(t);
    const cheap = await createRecord(t.db, user.id, {
      dateAdded: '2026-01-02T10:00:00Z',
      collection: { price_cents: 100, price_currency: 'EUR' },
    });
    const dear = await createRecord(t.db, user.id, {
      dateAdded: '2026-01-01T10:00:00Z',
      collection: { price_cents: 90000, price_currency: 'EUR' },
    });
    const link = await makeLink(agent, 'crate');
    const res = await request(t.app).get(`/api/public/${link.token}/records?sort=price_desc`);
    expect(res.body.map((r: { id: number }) => r.id)).toEqual([cheap, dear]);
  });

  it('GET /records answers 400 for a bad sort, limit, cursor or an altered cursor, and a cursor of another link', async () => {
    const { user, agent } = await signedInUser(t);
    for (let i = 0; i < 3; i += 1) await createRecord(t.db, user.id);
    const link = await makeLink(agent, 'crate');
    const other = await makeLink(agent, 'crate');
    const anonymous = request(t.app);
    const first = await anonymous.get(`/api/public/${link.token}/records?limit=1`);
    const cursor = new URL(/<([^>]+)>/.exec(String(first.headers.link))![1]!, 'http://x').searchParams.get(
      'cursor',
    )!;
    for (const query of [
      'sort=loudest',
      'limit=0',
      'limit=201',
      'cursor=abc',
      `limit=1&cursor=${cursor.slice(0, -2)}xx`,
    ]) {
      const res = await anonymous.get(`/api/public/${link.token}/records?${query}`);
      expect({ query, status: res.status }).toEqual({ query, status: 400 });
      expect(res.body.error.code).toBe('validation_failed');
    }
    const elsewhere = await anonymous.get(`/api/public/${other.token}/records?limit=1&cursor=${cursor}`);
    expect(elsewhere.status).toBe(400);
  });

  it('GET /records/{id} answers one record in the friend view, 404 for a record of another crate, 400 for a bad id', async () => {
    const { agent, priced } = await ownerWithCrate();
    const stranger = await createUser(t.db);
    const strangersRecord = await createRecord(t.db, stranger.id);
    const link = await makeLink(agent, 'crate');
    const anonymous = request(t.app);
    const res = await anonymous.get(`/api/public/${link.token}/records/${priced}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: priced, title: 'Kind of Blue', price: null, location: null });
    expect(keysDeep(res.body)).not.toContain('user_id');
    const notTheirs = await anonymous.get(`/api/public/${link.token}/records/${strangersRecord}`);
    expect(notTheirs.status).toBe(404);
    for (const id of ['abc', '-1', '1.5', '0']) {
      const bad = await anonymous.get(`/api/public/${link.token}/records/${id}`);
      expect({ id, status: bad.status }).toEqual({ id, status: 400 });
      expect(bad.body.error.code).toBe('validation_failed');
    }
  });

  it('GET /spins answers the spins with their records for a crate+spins link, paged', async () => {
    const { user, agent, priced, other } = await ownerWithCrate();
    await createSpin(t.db, user.id, [other, priced], { listenedAt: '2026-03-01', details: 'Later' });
    const link = await makeLink(agent, 'crate+spins');
    const anonymous = request.agent(t.app);
    const res = await anonymous.get(`/api/public/${link.token}/spins`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        id: expect.any(Number),
        listened_at: '2026-03-01',
        time_spent: '1:05',
        spin_details: 'Later',
        started_at: null,
        // In the spin's order (API.md "Entities as returned").
        records: [
          { id: other, title: 'Dummy', artist: 'Portishead' },
          { id: priced, title: 'Kind of Blue', artist: 'Miles Davis' },
        ],
      },
      {
        id: expect.any(Number),
        listened_at: '2026-02-01',
        time_spent: '1:05',
        spin_details: 'Sunday',
        started_at: null,
        records: [{ id: priced, title: 'Kind of Blue', artist: 'Miles Davis' }],
      },
    ]);
    const pages = await walkPages<{ id: number }>(anonymous, `/api/public/${link.token}/spins?limit=1`);
    expect(pages.map((p) => p.items.map((s) => s.id))).toEqual(res.body.map((s: { id: number }) => [s.id]));
    expect(pages[0]!.total).toBe('2');
    expect(keysDeep(res.body)).not.toContain('user_id');
    expect(keysDeep(res.body)).not.toContain('scrobble');
  });

  it('GET /wants answers 200 for a crate+wants link and 404 for the other scopes', async () => {
    const { agent } = await ownerWithCrate();
    const hunted = await agent.post('/api/want/add').send({
      artist: 'Funkadelic',
      title: 'Maggot Brain',
      year: 1971,
      priority: 1,
      max_price: { amount: '30.00', currency: 'EUR' },
      notes: 'orig. Westbound',
    });
    expect(hunted.status).toBe(201);
    const wants = await makeLink(agent, 'crate+wants');
    const crate = await makeLink(agent, 'crate');
    const spins = await makeLink(agent, 'crate+spins');
    const anonymous = request(t.app);
    const res = await anonymous.get(`/api/public/${wants.token}/wants`);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    expect(res.body[0]).toMatchObject({
      id: hunted.body.id,
      title: 'Maggot Brain',
      artist: 'Funkadelic',
      year: 1971,
      priority: 1,
      notes: 'orig. Westbound',
    });
    expect(keysDeep(res.body)).not.toContain('max_price');
    expect(keysDeep(res.body)).not.toContain('user_id');
    expect((await anonymous.get(`/api/public/${crate.token}/wants`)).status).toBe(404);
    expect((await anonymous.get(`/api/public/${spins.token}/wants`)).status).toBe(404);
    expect((await anonymous.get(`/api/public/${wants.token}/spins`)).status).toBe(404);
    expect((await anonymous.get(`/api/public/${crate.token}/spins`)).status).toBe(404);
  });

  it('answers an unknown, a malformed, a revoked and an out-of-scope token with the same 404 body', async () => {
    const { agent } = await ownerWithCrate();
    const revoked = await makeLink(agent, 'crate+spins');
    await agent.delete(`/api/share/${revoked.id}`).expect(204);
    const crate = await makeLink(agent, 'crate');
    const anonymous = request(t.app);
    const answers = await Promise.all([
      anonymous.get('/api/public/AAAAAAAAAAAAAAAAAAAAAA/spins'),
      anonymous.get('/api/public/not-a-token/spins'),
      anonymous.get(`/api/public/${revoked.token}/spins`),
      anonymous.get(`/api/public/${crate.token}/spins`),
      anonymous.get(`/api/public/${crate.token.toLowerCase()}/spins`),
    ]);
    for (const res of answers) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual(answers[0]!.body);
      expect(res.headers['x-robots-tag']).toBe('noindex');
    }
    expect(answers[0]!.body.error.code).toBe('not_found');
    // The folder list (for the page's folder filter) is closed the same way.
    for (const token of ['AAAAAAAAAAAAAAAAAAAAAA', revoked.token]) {
      const folders = await anonymous.get(`/api/public/${token}/folders`);
      expect(folders.status).toBe(404);
      expect(folders.body).toEqual(answers[0]!.body);
    }
    // A bad query does not tell a dead token from a live one either.
    const dead = await anonymous.get(`/api/public/${revoked.token}/records?limit=abc`);
    expect(dead.status).toBe(404);
    expect(dead.body).toEqual(answers[0]!.body);
  });

  it('carry Cache-Control: private, no-store, Referrer-Policy: no-referrer and X-Robots-Tag: noindex, and set no cookie', async () => {
    const { agent, priced } = await ownerWithCrate();
    const link = await makeLink(agent, 'crate+spins');
    const anonymous = request(t.app);
    for (const path of [
      '',
      '/records',
      '/records?limit=1',
      `/records/${priced}`,
      '/spins',
      '/folders',
      '/records/abc',
    ]) {
      const res = await anonymous.get(`/api/public/${link.token}${path}`);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-robots-tag']).toBe('noindex');
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(res.headers.etag).toBeUndefined();
    }
  });

  it("accept no writes, with or without the owner's cookie, and change nothing", async () => {
    const { user, agent, priced } = await ownerWithCrate();
    const link = await makeLink(agent, 'crate');
    for (const client of [agent, request(t.app)]) {
      for (const method of ['post', 'put', 'delete'] as const) {
        const res = await client[method](`/api/public/${link.token}/records/${priced}`).send({
          title: 'Hacked',
        });
        expect(res.status).toBe(404);
      }
    }
    const rows = await t.db.query<{ title: string }>(
      'SELECT title FROM records WHERE user_id = $1 AND id = $2',
      [user.id, priced],
    );
    expect(rows[0]!.title).toBe('Kind of Blue');
    await request(t.app).get(`/api/public/${link.token}`).expect(200);
  });

  it('show the same to the owner, a friend, a stranger and anonymous visitors, and nothing of another user', async () => {
    const { user: owner, agent: ownerAgent, priced } = await ownerWithCrate();
    const friend = await createUser(t.db);
    await befriend(t.db, friend.id, owner.id);
    const stranger = await createUser(t.db);
    const strangersRecord = await createRecord(t.db, stranger.id, { title: 'Not shared' });
    const link = await makeLink(ownerAgent, 'crate');
    const viewers = [
      ownerAgent,
      await loginAgent(t, friend),
      await loginAgent(t, stranger),
      request.agent(t.app),
    ];
    const bodies: unknown[] = [];
    for (const viewer of viewers) {
      const res = await viewer.get(`/api/public/${link.token}/records`);
      expect(res.status).toBe(200);
      bodies.push(res.body);
      expect(JSON.stringify(res.body)).not.toContain('Not shared');
      expect((await viewer.get(`/api/public/${link.token}/records/${strangersRecord}`)).status).toBe(404);
      const one = await viewer.get(`/api/public/${link.token}/records/${priced}`);
      expect(one.body.price).toBeNull();
    }
    for (const body of bodies) expect(body).toEqual(bodies[0]);
  });

  it('answer 429 rate_limited with Retry-After after 120 requests a minute from one address', async () => {
    const { agent } = await signedInUser(t);
    const link = await makeLink(agent, 'crate');
    // One address of its own (behind a trusted proxy): the files running beside this one
    // count their public requests from 127.0.0.1 in the same database (shuffled seed 102:
    // request 115 was already the 121st).
    const trusted = createTestApp({ env: { TRUST_PROXY: 'true' } });
    try {
      const address = `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
      await t.db.query('DELETE FROM login_failures WHERE key = $1', [`public:${address}`]);
      const anonymous = (route: string) => request(trusted.app).get(route).set('X-Forwarded-For', address);
      for (let i = 0; i < 120; i += 1) {
        const res = await anonymous(`/api/public/${link.token}`);
        if (res.status !== 200) throw new Error(`request ${i + 1}: ${res.status}`);
      }
      const limited = await anonymous(`/api/public/${link.token}`);
      expect(limited.status).toBe(429);
      expect(limited.body.error.code).toBe('rate_limited');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect(limited.headers['cache-control']).toBe('private, no-store');
      // Unknown tokens count too: guessing is limited as well.
      expect((await anonymous('/api/public/AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(429);
      // Another address is not limited by it.
      expect(
        (await request(trusted.app).get(`/api/public/${link.token}`).set('X-Forwarded-For', '198.51.100.7'))
          .status,
      ).toBe(200);
      // The owner's own routes are not limited by it.
      await agent.get('/api/share').expect(200);
    } finally {
      await trusted.close();
    }
  });
});

describe('the page /s/{token}', () => {
  it('is the client app with robots noindex and no referrer, kept by no cache, for any token', async () => {
    const dist = await mkdtemp(path.join(os.tmpdir(), 'spincrate-share-dist-'));
    await writeFile(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head></head><body>app-7c1</body></html>',
    );
    await writeClientBuild(dist, { body: 'app-7c1' });
    const app = createTestApp({ env: { CLIENT_DIST: dist } });
    try {
      for (const token of ['AAAAAAAAAAAAAAAAAAAAAA', 'whatever']) {
        const res = await request(app.app).get(`/s/${token}`);
        expect(res.status).toBe(200);
        expect(res.text).toContain('app-7c1');
        expect(res.text).toContain('<meta name="robots" content="noindex">');
        expect(res.text).toContain('<meta name="referrer" content="no-referrer">');
        expect(res.headers['x-robots-tag']).toBe('noindex');
        expect(res.headers['referrer-policy']).toBe('no-referrer');
        expect(res.headers['cache-control']).toBe('private, no-store');
      }
      const other = await request(app.app).get('/user/profile');
      expect(other.text).not.toContain('content="noindex"');
    } finally {
      await app.close();
      await rm(dist, { recursive: true, force: true });
    }
  });
});

describe('the request log', () => {
  it('never holds a share token: /api/public/{token} and /s/{token} are logged with [token]', async () => {
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
      const owner = await createUser(db);
      await createRecord(db, owner.id);
      const agent = request.agent(built.app);
      await agent
        .post('/api/user/login')
        .send({ username: owner.username, password: owner.password })
        .expect(200);
      const made = await agent.post('/api/share').send({ scope: 'crate' }).expect(201);
      const token = tokenOf(made.body.url);
      await request(built.app).get(`/api/public/${token}`).expect(200);
      await request(built.app).get(`/api/public/${token}/records?limit=1`).expect(200);
      await request(built.app).get(`/api/public/${token}/records/abc`).expect(400);
      await request(built.app).get(`/api/public/${token}/spins`).expect(404);
      await request(built.app).get(`/s/${token}`);
      await new Promise((resolve) => setImmediate(resolve));
      const log = lines.join('');
      expect(log).toContain('/api/public/[token]/records');
      expect(log).toContain('/s/[token]');
      expect(log).not.toContain(token);
    } finally {
      await built.close();
      await db.close();
    }
  });
});
