/**
 * No write on a read (issue 10; API.md "Security": a session ends after 14 days without
 * use and 30 days after login): a request with a valid session runs only the statements
 * it needs — no session UPDATE, no `users` SELECT — while the idle expiry still moves
 * forward, at most a minute late.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRecord, createTestApp, signedInUser, type Agent, type TestApp } from '@/test/harness.js';

const DAY_MS = 24 * 60 * 60 * 1000;
let t: TestApp;

beforeAll(() => {
  t = createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** The statements `work` sends to the database, in order. */
async function statementsOf(work: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const stop = t.db.onStatement((text) => seen.push(text.replace(/\s+/g, ' ').trim()));
  try {
    await work();
  } finally {
    stop();
  }
  return seen;
}

const writesSession = (sql: string) => /^(UPDATE|INSERT INTO|DELETE FROM) "?session"?/i.test(sql);
const readsUsers = (sql: string) => /\bFROM "?users"?\b/i.test(sql);

async function sessionRow(userId: number): Promise<{ expire: Date; now: Date }> {
  const rows = await t.db.query<{ expire: Date; now: Date }>(
    "SELECT expire, localtimestamp AS now FROM session WHERE (sess->'passport'->>'user')::int = $1",
    [userId],
  );
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

/** Pretends the session was last written `ms` ago, with its row expiring in `expiresIn` ms. */
async function ageSession(userId: number, ms: number, expiresIn: number): Promise<void> {
  await t.db.query(
    `UPDATE session SET expire = localtimestamp + $3 * interval '1 millisecond',
            sess = jsonb_set(sess::jsonb, '{touchedAt}', to_jsonb($2::bigint))::json
      WHERE (sess->'passport'->>'user')::int = $1`,
    [userId, Date.now() - ms, expiresIn],
  );
}

describe('a request with a valid session', () => {
  let user: { id: number; username: string };
  let agent: Agent;
  beforeAll(async () => {
    ({ user, agent } = await signedInUser(t));
    await createRecord(t.db, user.id, { title: 'Blue Train' });
  });

  it('GET /api/record reads the session and the crate, and writes nothing', async () => {
    // A crate of its own, never asked for before: in any order of the tests, no list cache
    // answers it (after the revalidation test, the shared user's list was cached).
    const fresh = await signedInUser(t);
    await createRecord(t.db, fresh.user.id, { title: 'Blue Train' });
    const statements = await statementsOf(async () => {
      const res = await fresh.agent.get('/api/record');
      expect(res.status).toBe(200);
      expect(res.body).toHaveLength(1);
    });
    expect(statements.filter(writesSession)).toEqual([]);
    expect(statements.filter(readsUsers)).toEqual([]);
    expect(statements.filter((s) => /^(BEGIN|COMMIT)/i.test(s))).toEqual([]);
    // The session with the crate's version (for its ETag), and the crate.
    expect(statements).toHaveLength(2);
    expect(statements[0]).toMatch(/FROM user_versions/);
    expect(statements[0]).toMatch(/FROM "?session"?/i);
  });

  it('a GET /api/record revalidation (304) sends one statement', async () => {
    // One host for both (the tag names it; supertest gives every request its own port).
    const tag = (await agent.get('/api/record').set('Host', 'spincrate.test')).headers.etag as string;
    const statements = await statementsOf(async () => {
      const res = await agent.get('/api/record').set('Host', 'spincrate.test').set('If-None-Match', tag);
      expect(res.status).toBe(304);
    });
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/FROM "?session"?/i);
  });

  it('GET /api/user answers from the session alone', async () => {
    const statements = await statementsOf(async () => {
      const res = await agent.get('/api/user');
      expect(res.body).toEqual({ id: user.id, username: user.username });
    });
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/FROM "?session"?/i);
  });

  it('moves the idle expiry to 14 days from now once a minute has passed, and not again at once', async () => {
    await ageSession(user.id, 61_000, DAY_MS);
    let touched: { headers: Record<string, unknown> } | undefined;
    const first = await statementsOf(async () => {
      touched = await agent.get('/api/user').expect(200);
    });
    expect(first.filter(writesSession)).toHaveLength(1);
    const row = await sessionRow(user.id);
    expect(Math.abs(row.expire.getTime() - (row.now.getTime() + 14 * DAY_MS))).toBeLessThan(60_000);
    // The browser's cookie is renewed with the row: it too expires 14 days from now.
    const cookie = ([] as string[]).concat((touched!.headers['set-cookie'] as string[] | undefined) ?? []);
    const expires = /Expires=([^;]+)/i.exec(cookie.find((c) => c.startsWith('spincrate.sid=')) ?? '')?.[1];
    expect(expires).toBeDefined();
    expect(Math.abs(Date.parse(expires!) - (Date.now() + 14 * DAY_MS))).toBeLessThan(60_000);

    const second = await statementsOf(() => agent.get('/api/user').expect(200));
    expect(second.filter(writesSession)).toEqual([]);
  });

  it('still ends a session whose idle expiry has passed, within the minute', async () => {
    const other = await signedInUser(t);
    await ageSession(other.user.id, 0, -1000);
    expect((await other.agent.get('/api/record')).status).toBe(401);
  });
});

describe('a deleted user', () => {
  it('is signed out at the session’s next touch', async () => {
    const { user, agent } = await signedInUser(t);
    await t.db.query('DELETE FROM users WHERE id = $1', [user.id]);
    await ageSession(user.id, 61_000, DAY_MS);
    expect((await agent.get('/api/user')).status).toBe(401);
  });
});
