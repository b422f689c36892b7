/**
 * CPU time and memory of processes, read from Linux' /proc: shared by the benchmarks
 * (`bench.ts`, `stats.ts`), so they count PostgreSQL's and the server's time alike.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** Clock ticks a second of /proc's CPU times (Linux' USER_HZ). */
const CLOCK_TICKS = 100;

/** The fields of /proc/<pid>/stat after "(comm)": state ppid … (undefined when the process is gone). */
async function statFields(pid: number | string): Promise<string[] | undefined> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** utime + stime of a process in ms, from /proc/<pid>/stat (0 when gone). */
export async function processCpuMs(pid: number): Promise<number> {
  const fields = await statFields(pid);
  if (!fields) return 0;
  // utime is the 14th field of the line, stime the 15th (indices 11 and 12 after the comm).
  return ((Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS) * 1000;
}

/**
 * CPU ms used so far by a PostgreSQL server: the postmaster and every process it started
 * (backends, background workers). Backends that ended are counted in the postmaster's
 * cutime/cstime (fields 16/17), so they are added.
 */
export async function postgresCpuMs(postmaster: number): Promise<number> {
  let ticks = 0;
  for (const pid of await readdir('/proc')) {
    if (!/^[0-9]+$/.test(pid)) continue;
    const fields = await statFields(pid);
    if (!fields) continue;
    if (Number(pid) === postmaster) {
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    } else if (Number(fields[1]) === postmaster) {
      ticks += Number(fields[11]) + Number(fields[12]);
    }
  }
  return (ticks / CLOCK_TICKS) * 1000;
}

/** The postmaster's pid of the embedded PostgreSQL under `dir` (its postmaster.pid), if any. */
export async function findPostmaster(dir: string): Promise<number | undefined> {
  for (const entry of await readdir(dir, { recursive: true })) {
    if (path.basename(entry) === 'postmaster.pid') {
      return Number((await readFile(path.join(dir, entry), 'utf8')).split('\n')[0]);
    }
  }
  return undefined;
}

/** Resident memory of a process now and at its peak, in MB (/proc/<pid>/status). */
export async function rssMb(pid: number): Promise<{ rss: number; peak: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/**
 * Waits until a server is idle: two samples in a row, `sampleMs` apart, in which its
 * process used less than `busyMs` of CPU and `databaseIdle` said no query of it runs
 * (what a previous load left in flight has then finished). PostgreSQL's own background
 * work (autovacuum after a seed) is not waited for. Gives up after `maxMs`.
 * @param databaseIdle - true when no statement of the server's database is running
 * @returns true when idle, false when still busy after `maxMs`
 */
export async function waitForIdle(
  serverPid: number,
  databaseIdle: () => Promise<boolean>,
  { sampleMs = 250, busyMs = 10, maxMs = 60_000 } = {},
): Promise<boolean> {
  const until = Date.now() + maxMs;
  let quiet = 0;
  let before = await processCpuMs(serverPid);
  while (Date.now() < until) {
    await new Promise((r) => setTimeout(r, sampleMs));
    const now = await processCpuMs(serverPid);
    quiet = now - before < busyMs && (await databaseIdle()) ? quiet + 1 : 0;
    if (quiet >= 2) return true;
    before = now;
  }
  return false;
}
