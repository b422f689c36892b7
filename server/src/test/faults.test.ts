/**
 * The real server process under database faults (API.md "Running under faults"):
 * connections killed, PostgreSQL stopped and started again, statements hitting their
 * time limit and the pool running dry. Each gives 503 `unavailable` with Retry-After,
 * never another 5xx and never a crash, and the server recovers on its own.
 *
 * This file has a PostgreSQL of its own (embedded, in a temporary folder), because it
 * stops it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '@/config.js';
import { clearLockedPorts } from 'get-port';
import { serverTestPort } from '@/test/ports.js';
import { listensOn } from './listensOn.js';
import { Database } from '@/db/database.js';
import { startEmbeddedDatabase, type EmbeddedDatabase } from '@/db/embedded.js';
import { createLogger } from '@/lib/logger.js';
import { uniqueUsername } from './harness.js';

const logger = createLogger('silent');
const STATEMENT_TIMEOUT_MS = 1000;
const POOL_MAX = 4;
/** API.md: the server answers normally again within 5 s of PostgreSQL coming back. */
const RECOVERY_MS = 5000;

let dataDir: string;
let pgPort: number;
let embedded: EmbeddedDatabase | undefined;
let admin: Database;
let child: ChildProcess | undefined;
let childStderr = '';
let base: string;
let cookie: string;
const user = { username: uniqueUsername('fault'), password: 'password123' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function alive(): boolean {
  return child !== undefined && child.exitCode === null && child.signalCode === null;
}

interface Outcome {
  what: string;
  status: number;
  code?: string;
  retryAfter: string | null;
  /** Why the request failed, when it got no answer. */
  failure?: string;
}

/**
 * One request to the server, on a connection of its own (no keep-alive: a reused idle
 * connection can race the server's keep-alive timeout on a busy machine, which says
 * nothing about faults). A network error is status 0.
 */
async function call(
  what: string,
  init: { method?: string; path: string; body?: unknown; session?: boolean },
): Promise<Outcome> {
  const headers: Record<string, string> = {};
  const body = init.body === undefined ? undefined : JSON.stringify(init.body);
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    headers['Content-Length'] = String(Buffer.byteLength(body));
  }
  if (init.session) headers.Cookie = cookie;
  try {
    return await new Promise<Outcome>((resolve, reject) => {
      const req = http.request(base + init.path, {
        method: init.method ?? 'GET',
        headers,
        agent: false,
        timeout: 20_000,
      });
      req.on('timeout', () => req.destroy(new Error('no answer within 20 s')));
      req.on('error', reject);
      req.on('response', (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('error', reject);
        res.on('end', () => {
          let code: string | undefined;
          try {
            code = (JSON.parse(text) as { error?: { code?: string } }).error?.code;
          } catch {
            code = undefined;
          }
          const retryAfter = res.headers['retry-after'];
          resolve({
            what,
            status: res.statusCode ?? 0,
            code,
            retryAfter: typeof retryAfter === 'string' ? retryAfter : null,
          });
        });
      });
      req.end(body);
    });
  } catch (err) {
    const failure = `${(err as NodeJS.ErrnoException).code ?? ''} ${(err as Error).message}; server ${alive() ? 'alive' : 'gone'}`;
    return { what, status: 0, retryAfter: null, failure: alive() ? failure : `${failure}\n${childStderr}` };
  }
}

/** A mix of reads, writes, logins and health checks, like a few users would send. */
const mix: Array<() => Promise<Outcome>> = [
  () => call('health', { path: '/api/health' }),
  () => call('current user', { path: '/api/user', session: true }),
  () => call('moods', { path: '/api/mood', session: true }),
  () => call('records', { path: '/api/record', session: true }),
  () => call('spins', { path: '/api/spins', session: true }),
  () => call('login', { method: 'POST', path: '/api/user/login', body: user }),
  () =>
    call('register', {
      method: 'POST',
      path: '/api/user/register',
      body: { username: uniqueUsername('load'), password: 'password123' },
    }),
];

/** Sends the mix from `workers` loops until `until()` says stop. */
async function load(workers: number, until: () => boolean): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      for (let i = w; !until(); i++) outcomes.push(await mix[i % mix.length]!());
    }),
  );
  return outcomes;
}

/** Every answer is a success or a proper 503 `unavailable` with Retry-After: no 500, no dropped connection. */
function expectOnlySuccessOr503(outcomes: Outcome[]) {
  expect(outcomes.length).toBeGreaterThan(0);
  for (const o of outcomes) {
    if (o.status === 503) {
      expect({ what: o.what, code: o.code, retryAfter: Number(o.retryAfter) > 0 }).toEqual({
        what: o.what,
        code: 'unavailable',
        retryAfter: true,
      });
    } else {
      expect({
        what: o.what,
        status: o.status,
        failure: o.failure,
        ok: o.status >= 200 && o.status < 300,
      }).toEqual({
        what: o.what,
        status: o.status,
        failure: o.failure,
        ok: true,
      });
    }
  }
}

/** Polls until `check` passes; @returns how long that took in ms. */
async function timeUntil(check: () => Promise<boolean>, limitMs: number): Promise<number> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > limitMs) return Date.now() - start;
    await sleep(50);
  }
  return Date.now() - start;
}

async function login(): Promise<string> {
  const res = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(user),
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .find((c) => c.startsWith('spincrate.sid='))!
    .split(';')[0]!;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'spincrate-faults-'));
  pgPort = await serverTestPort();
  embedded = await startEmbeddedDatabase({ dataDir, port: pgPort, logger });
  pgPort = Number(new URL(embedded.url).port);
  const url = new URL(embedded.url);
  url.searchParams.set('application_name', 'faults-admin');
  admin = new Database({ connectionString: url.toString(), logger, max: 2 });

  const port = await serverTestPort();
  base = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, ['--import', 'tsx', 'src/index.ts'], {
    cwd: path.join(repoRoot, 'server'),
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? os.tmpdir(),
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: embedded.url,
      SESSION_SECRET: 'faults-test-secret',
      SPINCRATE_DATA_DIR: dataDir,
      // Every user of this test registers from 127.0.0.1; the limit is tested in limits.test.ts.
      REGISTER_LIMIT_PER_HOUR: '100000',
      PG_POOL_MAX: String(POOL_MAX),
      PG_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
      LASTFM_API_URL: 'http://127.0.0.1:9/2.0/',
      MUSICBRAINZ_API_URL: 'http://127.0.0.1:9/ws/2',
      COVERART_API_URL: 'http://127.0.0.1:9',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr!.on('data', (chunk: Buffer) => (childStderr += chunk.toString()));
  const waited = await timeUntil(
    // The answer counts only when this process is the one listening on the port.
    async () =>
      ((await call('health', { path: '/api/health' })).status === 200 && listensOn(child!.pid!, port)) ||
      !alive(),
    60_000,
  );
  if (!alive() || waited > 60_000) throw new Error(`the server did not start: ${childStderr}`);

  const reg = await call('register', { method: 'POST', path: '/api/user/register', body: user });
  if (reg.status !== 201) throw new Error(`register failed: ${reg.status}`);
  cookie = await login();
}, 120_000);

afterAll(async () => {
  if (child?.pid && alive()) {
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    process.kill(child.pid, 'SIGTERM');
    await Promise.race([exited, sleep(15_000)]);
    if (alive()) process.kill(child.pid, 'SIGKILL');
  }
  await admin?.close().catch(() => undefined);
  await embedded?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}, 60_000);

describe('under database faults', () => {
  it('answers 503 with Retry-After when a statement hits its time limit or the pool runs dry, then recovers', async () => {
    expect(await call('current user', { path: '/api/user', session: true })).toMatchObject({ status: 200 });
    await admin.withTransaction(async (tx) => {
      // Every read of a session now waits for this lock, longer than the statement time
      // limit (a signed-in request reads its session and, since issue 10, not users).
      await tx.query('LOCK TABLE session IN ACCESS EXCLUSIVE MODE');
      const one = await call('current user', { path: '/api/user', session: true });
      expect(one).toMatchObject({ status: 503, code: 'unavailable' });
      expect(Number(one.retryAfter)).toBeGreaterThan(0);
      // More requests than connections: some wait for the pool and give up, all answer 503.
      const many = await Promise.all(
        Array.from({ length: POOL_MAX * 3 }, () =>
          call('current user', { path: '/api/user', session: true }),
        ),
      );
      for (const o of many) expect(o).toMatchObject({ status: 503, code: 'unavailable' });
      // The health check does not touch sessions: the database itself is fine.
      expect(await call('health', { path: '/api/health' })).toMatchObject({ status: 200 });
    });
    expect(await call('current user', { path: '/api/user', session: true })).toMatchObject({ status: 200 });
    expect(alive()).toBe(true);
  });

  it("survives PostgreSQL killing the app's connections while requests run", async () => {
    const endAt = Date.now() + 3000;
    let terminated = 0;
    const killer = (async () => {
      while (Date.now() < endAt) {
        const rows = await admin.query<{ killed: boolean }>(
          `SELECT pg_terminate_backend(pid) AS killed FROM pg_stat_activity
            WHERE datname = current_database() AND pid <> pg_backend_pid()
              AND backend_type = 'client backend' AND application_name <> 'faults-admin'`,
        );
        terminated += rows.filter((r) => r.killed).length;
        await sleep(150);
      }
    })();
    const outcomes = await load(4, () => Date.now() >= endAt);
    await killer;
    expect(terminated).toBeGreaterThan(0);
    expectOnlySuccessOr503(outcomes);
    expect(alive()).toBe(true);

    // Later requests succeed: the pool has replaced the dead connections.
    const took = await timeUntil(
      async () => (await call('current user', { path: '/api/user', session: true })).status === 200,
      RECOVERY_MS,
    );
    expect(took).toBeLessThan(RECOVERY_MS);
    for (const request of mix) {
      const o = await request();
      expect({ what: o.what, status: o.status }).toEqual({
        what: o.what,
        status: o.what === 'register' ? 201 : 200,
      });
    }
  });

  it('answers 503 while PostgreSQL is down, stays up, and answers normally within 5 s of it coming back', async () => {
    let stopLoad = false;
    const during = load(3, () => stopLoad);
    await sleep(500);
    await embedded!.stop();
    embedded = undefined;

    const health = await call('health', { path: '/api/health' });
    expect(health).toMatchObject({ status: 503, code: 'unavailable' });
    expect(Number(health.retryAfter)).toBeGreaterThan(0);
    const me = await call('current user', { path: '/api/user', session: true });
    expect(me).toMatchObject({ status: 503, code: 'unavailable' });
    const loggingIn = await call('login', { method: 'POST', path: '/api/user/login', body: user });
    expect(loggingIn).toMatchObject({ status: 503, code: 'unavailable' });
    await sleep(1500);
    stopLoad = true;
    expectOnlySuccessOr503(await during);
    expect(alive()).toBe(true);
    // Still down: still 503, still alive.
    expect(await call('health', { path: '/api/health' })).toMatchObject({ status: 503 });

    // PostgreSQL comes back on its port, as a restarted server would. get-port keeps a port it
    // handed out in this process from being handed out again for 15 s; a real restart is
    // another process, so that in-process lock is dropped here.
    clearLockedPorts();
    embedded = await startEmbeddedDatabase({ dataDir, port: pgPort, logger });
    expect(Number(new URL(embedded.url).port)).toBe(pgPort);
    const took = await timeUntil(async () => {
      const [h, l] = await Promise.all([
        call('health', { path: '/api/health' }),
        call('login', { method: 'POST', path: '/api/user/login', body: user }),
      ]);
      return h.status === 200 && l.status === 200;
    }, RECOVERY_MS);
    expect(took).toBeLessThan(RECOVERY_MS);
    // The session made before the outage lives on (it is stored in PostgreSQL).
    expect(await call('current user', { path: '/api/user', session: true })).toMatchObject({ status: 200 });
    expect(alive()).toBe(true);
    // Nothing escaped the error handling (express-rate-limit may print its own store errors).
    expect(childStderr).not.toMatch(
      /Unhandled 'error' event|UnhandledPromiseRejection|uncaughtException|Uncaught/,
    );
  }, 60_000);
});
