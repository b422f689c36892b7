/**
 * A new session is whole from the moment its cookie is sent (issue 28; API.md "Security":
 * a session ends 30 days after login). The login's answer carries the new cookie in its
 * headers; express-session writes the session once more while the body is still being
 * sent. A browser stores the cookie as soon as the headers arrive, so any other request of
 * the page (a service worker's precache, an image, the next API call) may carry it before
 * the login's answer has ended. Such a request must find a signed-in session, not one
 * without its login time, which the lifetime check ends (401, and the session is gone).
 *
 * The test makes that moment last: a trigger in this file's own database holds every
 * second write of a session row until the test lets it go, so the login's answer stops
 * after its headers while the test sends its request with the new cookie.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, useTestApp } from '@/test/harness.js';

const t = useTestApp({ ownDatabase: true });

/** The advisory lock the trigger waits on while the test holds it. */
const HOLD_LOCK = 280028;

let server: http.Server;
let base: string;
beforeAll(async () => {
  await t.db.query(`
    CREATE FUNCTION test_hold_session_rewrite() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM session WHERE sid = NEW.sid) THEN
        PERFORM pg_advisory_xact_lock(${HOLD_LOCK});
      END IF;
      RETURN NEW;
    END $$`);
  await t.db.query(`CREATE TRIGGER test_hold_session_rewrite BEFORE INSERT ON session
                    FOR EACH ROW EXECUTE FUNCTION test_hold_session_rewrite()`);
  server = http.createServer(t.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server?.close(() => resolve()) ?? resolve());
});

interface Answer {
  status: number;
  body: unknown;
}

/** Reads an answer's body to its end. */
function ended(res: http.IncomingMessage): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('error', reject);
    res.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      resolve({ status: res.statusCode ?? 0, body: text ? (JSON.parse(text) as unknown) : undefined });
    });
  });
}

/** GET /api/user with `cookie`, to the end of its answer. */
function getUser(cookie: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}/api/user`, { headers: { Cookie: cookie }, agent: false }, (res) => {
        ended(res).then(resolve, reject);
      })
      .on('error', reject);
  });
}

/**
 * POST /api/user/login; resolves with the answer's headers (status and session cookie) as
 * soon as they arrive, and with a promise of the rest of the answer.
 */
function login(
  username: string,
  password: string,
): Promise<{
  status: number;
  cookie: string;
  end: Promise<Answer>;
}> {
  const body = JSON.stringify({ username, password });
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}/api/user/login`,
      {
        method: 'POST',
        agent: false,
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
      },
      (res) => {
        const setCookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
        const cookie = setCookie.find((c) => c.startsWith('spincrate.sid='))?.split(';')[0] ?? '';
        resolve({ status: res.statusCode ?? 0, cookie, end: ended(res) });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('POST /api/user/login', () => {
  it('answers a request sent with the new cookie before the login answer has ended: signed in', async () => {
    const user = await createUser(t.db);
    const holder: pg.PoolClient = await t.db.pool.connect();
    let held = true;
    try {
      await holder.query('SELECT pg_advisory_lock($1)', [HOLD_LOCK]);
      const answer = await login(user.username, user.password);
      expect(answer.status).toBe(200);
      expect(answer.cookie).not.toBe('');

      // The login's second write of the session waits for the lock: its answer has not ended.
      const early = await getUser(answer.cookie);
      expect(early).toEqual({ status: 200, body: { id: user.id, username: user.username } });

      await holder.query('SELECT pg_advisory_unlock($1)', [HOLD_LOCK]);
      held = false;
      expect(await answer.end).toEqual({ status: 200, body: { id: user.id, username: user.username } });
      // And the session stays signed in afterwards.
      expect(await getUser(answer.cookie)).toEqual({
        status: 200,
        body: { id: user.id, username: user.username },
      });
    } finally {
      if (held) await holder.query('SELECT pg_advisory_unlock($1)', [HOLD_LOCK]).catch(() => undefined);
      holder.release();
    }
  });
});
