/**
 * Issue 20, item 3: the `coverart` fallback URL is built from configuration (`PUBLIC_URL`),
 * never from the request's `Host` header. API.md "Entities as returned": "`coverart` is
 * always a URL the browser can display, also with no internet: when no cover was found it
 * points at a fallback image served by this app. Never empty."
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  befriend,
  createRecord,
  createSpin,
  createTestApp,
  signedInUser,
  type Agent,
  type TestApp,
} from './harness.js';

const PUBLIC = 'https://crate.example.org';
const FALLBACK = `${PUBLIC}/covers/fallback.svg`;
const FORGED_HOST = 'attacker.example';

let t: TestApp;
let agent: Agent;
let spinId: number;
let friendId: number;

beforeAll(async () => {
  t = createTestApp({ env: { PUBLIC_URL: `${PUBLIC}/` } });
  const viewer = await signedInUser(t);
  agent = viewer.agent;
  const friend = await signedInUser(t);
  friendId = friend.user.id;
  await befriend(t.db, viewer.user.id, friendId);
  const own = await createRecord(t.db, viewer.user.id, { title: 'No Cover', coverart: null });
  spinId = await createSpin(t.db, viewer.user.id, [own]);
  const friends = await createRecord(t.db, friendId, { title: 'No Cover Either', coverart: null });
  await createSpin(t.db, friendId, [friends]);
});
afterAll(async () => {
  await t?.close();
});

/** Every `coverart` of a JSON body, wherever it is. */
function coverarts(body: unknown): string[] {
  const found: string[] = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (key === 'coverart' && typeof inner === 'string') found.push(inner);
        else walk(inner);
      }
    }
  };
  walk(body);
  return found;
}

describe('the fallback cover URL', () => {
  it('names the configured PUBLIC_URL on every route that returns records, whatever Host the request names', async () => {
    const urls = [
      '/api/record',
      '/api/record?limit=10',
      '/api/record/search?search=Cover',
      `/api/spins/single/${spinId}`,
      `/api/social/friends/collection?id=${friendId}`,
      `/api/social/friends/collection/search?search=Cover&id=${friendId}`,
      '/api/social/hotp',
      '/api/social/latestListens',
      '/api/blindbag',
      '/api/stats',
      '/api/record/export?format=json',
    ];
    for (const url of urls) {
      for (const host of [FORGED_HOST, 'localhost:5001']) {
        const res = await agent.get(url).set('Host', host).set('X-Forwarded-Host', FORGED_HOST);
        expect(res.status, url).toBe(200);
        const covers = coverarts(res.body);
        expect(covers.length, url).toBeGreaterThan(0);
        for (const cover of covers) expect(cover, url).toBe(FALLBACK);
      }
    }
  });

  it('names it in the answer to an add whose look-up found nothing', async () => {
    const res = await agent
      .post('/api/record/add')
      .set('Host', FORGED_HOST)
      .send({ title: 'Unfindable', artist: 'Nobody', mood: 1 });
    expect(res.status).toBe(201);
    expect(res.body.coverart).toBe(FALLBACK);
  });

  it('defaults to http://localhost:PORT', async () => {
    const local = createTestApp({ env: { PUBLIC_URL: '', PORT: '5123' } });
    try {
      expect(local.ctx.config.publicOrigin).toBe('http://localhost:5123');
    } finally {
      await local.close();
    }
  });
});
