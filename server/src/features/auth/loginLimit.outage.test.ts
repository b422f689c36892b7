/**
 * Logins cut off by a database failure do not keep the user out once it is back
 * (API.md "Running under faults": the server answers normally again within 5 s of
 * PostgreSQL coming back; "Security": only failed logins count against a name).
 *
 * Ten logins for one name are stopped by the database while they end (their end cannot
 * be written: the login limits' table is locked until the statement time limit). Each
 * got 503. Before the fix, the ten stayed counted "in flight" for a minute, filled the
 * name's 10, and the user's next correct login waited 10 s and got 429.
 *
 * This file has a database of its own: it locks tables, which would stall other files.
 */
import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Database } from '@/db/database.js';
import { createLogger } from '@/lib/logger.js';
import { createOwnDatabase, createTestApp, createUser, type TestApp } from '@/test/harness.js';

let own: { url: string; drop(): Promise<void> };
let app: TestApp;
let admin: Database;

beforeAll(async () => {
  own = await createOwnDatabase();
  app = createTestApp({
    env: { DATABASE_URL: own.url, PG_STATEMENT_TIMEOUT_MS: '3000', PG_POOL_MAX: '40', TRUST_PROXY: 'true' },
  });
  admin = new Database({ connectionString: own.url, logger: createLogger('silent'), max: 3 });
});

afterAll(async () => {
  await app?.close();
  await admin?.close();
  await own?.drop();
});

/** Holds `LOCK TABLE name` in a transaction of its own until the returned function is called. */
async function lockTable(name: 'users' | 'login_failures'): Promise<() => Promise<void>> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const done = admin.withTransaction(async (tx) => {
    await tx.query(`LOCK TABLE ${name} IN ACCESS EXCLUSIVE MODE`);
    locked();
    await released;
  });
  await Promise.race([isLocked, done]);
  return async () => {
    release();
    await done;
  };
}

/** How many statements wait for a lock on the table. */
async function waitingOn(table: string): Promise<number> {
  const rows = await admin.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_locks l JOIN pg_class c ON c.oid = l.relation
      WHERE c.relname = $1 AND NOT l.granted`,
    [table],
  );
  return rows[0]!.n;
}

async function until(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 20));
}

it('lets the user log in once the database is back after ten logins were cut off while they ended', async () => {
  const user = await createUser(app.db);
  const login = () =>
    request(app.app)
      .post('/api/user/login')
      .set('X-Forwarded-For', '10.20.30.40')
      .send({ username: user.username, password: user.password });

  // The ten logins are counted in flight, then wait to read the user (users is locked).
  const releaseUsers = await lockTable('users');
  const cutOff = Array.from({ length: 10 }, () => login().then((res) => res));
  await until(async () => (await waitingOn('users')) === 10);
  // Their ends cannot be written until the statement time limit: the database "fails" them.
  const releaseLimits = await lockTable('login_failures');
  await releaseUsers();
  const answers = await Promise.all(cutOff);
  expect(answers.map((res) => [res.status, res.body.error?.code])).toEqual(
    Array.from({ length: 10 }, () => [503, 'unavailable']),
  );
  await releaseLimits();

  // The database is fine again: the user's correct login goes in.
  const res = await login();
  expect({ status: res.status, body: res.body }).toEqual({
    status: 200,
    body: { id: user.id, username: user.username },
  });
});
