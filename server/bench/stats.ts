/**
 * Measures GET /api/stats (API.md "Listening statistics") on a big crate:
 * `npm run bench:stats --workspace server` (or `npx tsx bench/stats.ts` from server/).
 *
 * Starts the real server in this process on a database of its own (an embedded
 * PostgreSQL in a temporary folder, or a new database on `DATABASE_URL`'s server),
 * seeds a crate of 5,000 records (years, tags, moods) and 20,000 spins of one to three
 * records over three years, with the play counts the spin writes keep, then asks for
 * the stats `BENCH_STATS_REQUESTS` times (default 40, one at a time) and prints:
 * - the server process's CPU time per request (user + system, `process.cpuUsage`;
 *   the requests are made from this process too, which is counted);
 * - PostgreSQL's CPU time per request (embedded server only: the postmaster and its
 *   processes, from /proc, over the same requests);
 * - PostgreSQL's execution time of the two statements (`EXPLAIN (ANALYZE, TIMING OFF)`,
 *   median of 9; `BENCH_STATS_EXPLAIN=1` prints the plans);
 * - for comparison, the server CPU of `GET /api/user` (session, headers, logging: what
 *   every request costs);
 * - the wall time per request (p50, p95), which on a busy machine includes waiting.
 * Goal: under 50 ms of CPU per request (server plus PostgreSQL).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config.js';
import { createDatabase, dropDatabase } from '../src/db/admin.js';
import { createLogger } from '../src/lib/logger.js';
import { RECORD_SELECT } from '../src/features/records/index.js';
import { startServer, type RunningServer } from '../src/server.js';
import { findPostmaster, postgresCpuMs } from './proc.js';

const RECORDS = 5000;
const SPINS = 20000;
const REQUESTS = Number(process.env.BENCH_STATS_REQUESTS ?? 40);
const GOAL_CPU_MS = 50;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function seed(running: RunningServer): Promise<string> {
  const password = 'bench-password-1';
  const username = `stats_${randomBytes(4).toString('hex')}`;
  const register = await fetch(`${running.url}/api/user/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (register.status !== 201) throw new Error(`register failed: ${register.status}`);
  const userId = ((await register.json()) as { id: number }).id;
  const db = running.ctx.db;
  await db.query(
    `INSERT INTO records (user_id, title, artist, mood_id, details, tags, date_added, year)
     SELECT $1, 'Album ' || g, 'Artist ' || (g % 700), 1 + g % 20, '',
            ARRAY[(ARRAY['jazz','Rock','soul','funk','ambient','blues','hip hop'])[1 + g % 7],
                  'tag' || (g % 60), 'vinyl'],
            now() - g * interval '37 minutes',
            CASE WHEN g % 9 = 0 THEN NULL ELSE 1950 + g % 75 END
       FROM generate_series(1, $2::int) AS g`,
    [userId, RECORDS],
  );
  await db.query(
    `INSERT INTO spins (user_id, listened_at, minutes_spent, spin_details)
     SELECT $1, current_date - (g * 7 % 1100), 20 + g % 180, 'Session ' || g
       FROM generate_series(1, $2::int) AS g`,
    [userId, SPINS],
  );
  // One to three records per spin, over the first 4,000 records (the rest never played).
  await db.query(
    `INSERT INTO spin_records (spin_id, record_id, position)
     SELECT s.id, r.id, k
       FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM spins WHERE user_id = $1) s
      CROSS JOIN generate_series(0, 2) AS k
       JOIN (SELECT id, row_number() OVER (ORDER BY id) AS n FROM records WHERE user_id = $1) r
         ON r.n = (s.n * 7 + k * 1013) % 4000 + 1
      WHERE k <= s.n % 3`,
    [userId],
  );
  // The play counts, as the spin writes keep them.
  await db.query(
    `UPDATE record_plays r SET play_count = p.plays, last_played = p.last
       FROM (SELECT sr.record_id, count(*) AS plays, max(s.listened_at) AS last
               FROM spin_records sr JOIN spins s ON s.id = sr.spin_id
              WHERE s.user_id = $1 GROUP BY sr.record_id) p
      WHERE r.record_id = p.record_id`,
    [userId],
  );
  await db.query('ANALYZE');
  const login = await fetch(`${running.url}/api/user/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (login.status !== 200) throw new Error(`login failed: ${login.status}`);
  return login.headers
    .getSetCookie()
    .find((c) => c.startsWith('spincrate.sid='))!
    .split(';')[0]!;
}

/** PostgreSQL's execution time (ms) of the stats statements, from EXPLAIN ANALYZE. */
async function postgresMs(running: RunningServer, userId: number): Promise<number> {
  const { readStatsAggregates } = await import('../src/features/stats/stats.queries.js');
  let total = 0;
  const explain = async (sql: string, params: unknown[]) => {
    const rows = await running.ctx.db.query<{ 'QUERY PLAN': Array<{ 'Execution Time': number }> }>(
      `EXPLAIN (ANALYZE, TIMING OFF, FORMAT JSON) ${sql}`,
      params,
    );
    total += rows[0]!['QUERY PLAN'][0]!['Execution Time'];
    if (process.env.BENCH_STATS_EXPLAIN) {
      const text = await running.ctx.db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE) ${sql}`, params);
      process.stdout.write(`${text.map((r) => r['QUERY PLAN']).join('\n')}\n`);
    }
  };
  // The statement text of readStatsAggregates, captured from a query on a recording stand-in.
  let captured: { sql: string; params: unknown[] } | undefined;
  await readStatsAggregates(
    {
      query: async (sql: string, params?: unknown[]) => {
        captured = { sql, params: params ?? [] };
        return [{}];
      },
    } as never,
    userId,
  );
  await explain(captured!.sql, captured!.params);
  await explain(
    `${RECORD_SELECT} WHERE r.user_id = $1 AND p.play_count > 0
      ORDER BY p.play_count DESC, p.last_played DESC, r.id LIMIT 10`,
    [userId],
  );
  return total;
}

async function main(): Promise<void> {
  const serverUrl = process.env.DATABASE_URL;
  const tempDir = await mkdtemp(path.join(os.tmpdir(), 'spincrate-bench-stats-'));
  const databaseName = `spincrate_bench_stats_${process.pid}_${Date.now()}`;
  let databaseUrl: string | undefined;
  let running: RunningServer | undefined;
  try {
    if (serverUrl) databaseUrl = await createDatabase(serverUrl, databaseName);
    const config = loadConfig({
      NODE_ENV: 'production',
      SESSION_SECRET: randomBytes(32).toString('hex'),
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      SPINCRATE_DATA_DIR: tempDir,
      EMBEDDED_PG_PORT: '0',
      // The bulk seeding may take longer than a request may on a busy machine.
      PG_STATEMENT_TIMEOUT_MS: '60000',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      LASTFM_API_URL: 'http://127.0.0.1:9/2.0/',
      MUSICBRAINZ_API_URL: 'http://127.0.0.1:9/ws/2',
      COVERART_API_URL: 'http://127.0.0.1:9',
    });
    running = await startServer(config, createLogger('warn'));
    const cookie = await seed(running);
    const ask = () => fetch(`${running!.url}/api/stats`, { headers: { Cookie: cookie } });
    for (let i = 0; i < 5; i++) await (await ask()).arrayBuffer(); // warm-up
    const postmaster = databaseUrl ? undefined : await findPostmaster(tempDir);
    const walls: number[] = [];
    const pgStart = postmaster ? await postgresCpuMs(postmaster) : 0;
    const cpuStart = process.cpuUsage();
    for (let i = 0; i < REQUESTS; i++) {
      const t0 = performance.now();
      const res = await ask();
      const body = (await res.json()) as { spins: number; records: number };
      walls.push(performance.now() - t0);
      if (res.status !== 200 || body.spins !== SPINS || body.records !== RECORDS)
        throw new Error(`unexpected answer: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
    }
    const cpu = process.cpuUsage(cpuStart);
    const nodeCpuMs = (cpu.user + cpu.system) / 1000 / REQUESTS;
    const pgCpuMs = postmaster ? ((await postgresCpuMs(postmaster)) - pgStart) / REQUESTS : NaN;
    const basePgStart = postmaster ? await postgresCpuMs(postmaster) : 0;
    const baseStart = process.cpuUsage();
    for (let i = 0; i < REQUESTS; i++) {
      const res = await fetch(`${running.url}/api/user`, { headers: { Cookie: cookie } });
      if (res.status !== 200) throw new Error(`GET /api/user: ${res.status}`);
      await res.arrayBuffer();
    }
    const base = process.cpuUsage(baseStart);
    const baseCpuMs = (base.user + base.system) / 1000 / REQUESTS;
    const basePgCpuMs = postmaster ? ((await postgresCpuMs(postmaster)) - basePgStart) / REQUESTS : NaN;
    const userId = (
      await running.ctx.db.query<{ id: number }>(`SELECT id FROM users WHERE username LIKE 'stats\\_%'`)
    )[0]!.id;
    const pgTimes: number[] = [];
    for (let i = 0; i < (process.env.BENCH_STATS_EXPLAIN ? 1 : 9); i++)
      pgTimes.push(await postgresMs(running, userId));
    pgTimes.sort((a, b) => a - b);
    walls.sort((a, b) => a - b);
    const pgMs = percentile(pgTimes, 50);
    const total = nodeCpuMs + (Number.isNaN(pgCpuMs) ? pgMs : pgCpuMs);
    const lines = [
      `GET /api/stats, ${RECORDS} records, ${SPINS} spins, ${REQUESTS} requests:`,
      `  server process CPU  ${nodeCpuMs.toFixed(1)} ms / request (GET /api/user: ${baseCpuMs.toFixed(1)} ms)`,
      `  PostgreSQL CPU      ${Number.isNaN(pgCpuMs) ? 'n/a (not embedded)' : `${pgCpuMs.toFixed(1)} ms / request (GET /api/user: ${basePgCpuMs.toFixed(1)} ms)`}`,
      `  PostgreSQL time     ${pgMs.toFixed(1)} ms (EXPLAIN ANALYZE execution, timing off, median; includes waiting for a core)`,
      `  CPU total           ${total.toFixed(1)} ms (goal < ${GOAL_CPU_MS} ms): ${total < GOAL_CPU_MS ? 'PASS' : 'FAIL'}`,
      `  wall time           p50 ${percentile(walls, 50).toFixed(1)} ms, p95 ${percentile(walls, 95).toFixed(1)} ms`,
      `  load average        ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`,
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await running?.stop();
    if (databaseUrl && serverUrl) await dropDatabase(serverUrl, databaseName);
    await rm(tempDir, { recursive: true, force: true });
  }
}

await main();
