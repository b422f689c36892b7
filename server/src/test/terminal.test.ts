/**
 * What `npm start` shows on the terminal (issue 26, item 10): human-readable log lines on
 * a terminal and JSON lines elsewhere, a Ctrl-C without a warning per database connection,
 * and a database that can't be reached named in one line.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '@/config.js';
import { createLogger, logFormatFor } from '@/lib/logger.js';
import { serverTestPort } from '@/test/ports.js';

const SERVER_DIR = path.join(repoRoot, 'server');
const children: ChildProcess[] = [];
const tempDirs: string[] = [];

afterAll(async () => {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null && child.pid) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
  }
  for (const dir of tempDirs) await rm(dir, { recursive: true, force: true });
});

/** A stream keeping what is written to it. */
function memoryStream(): { stream: Writable; text(): string } {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  return { stream, text: () => text };
}

/** The environment of a server process started by these tests. */
function serverEnv(port: number, env: Record<string, string>): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? os.tmpdir(),
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    HOST: '127.0.0.1',
    PORT: String(port),
    SESSION_SECRET: 'terminal-test-secret',
    LASTFM_API_URL: 'http://127.0.0.1:9/2.0/',
    MUSICBRAINZ_API_URL: 'http://127.0.0.1:9/ws/2',
    COVERART_API_URL: 'http://127.0.0.1:9',
    ...env,
  };
}

/**
 * Starts `src/index.ts` as the leader of its own process group (as a terminal starts
 * `npm start`: Ctrl-C then reaches the server and the PostgreSQL it started).
 */
async function startInGroup(env: Record<string, string>) {
  const port = await serverTestPort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/index.ts'], {
    cwd: SERVER_DIR,
    env: serverEnv(port, env),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, port, exited, output: () => output };
}

async function waitForHealth(port: number, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited before it was ready: ${output()}`);
    const status = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return;
    if (Date.now() > deadline) throw new Error(`the server was not ready in time: ${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('log lines', () => {
  it('are human-readable on a terminal and JSON anywhere else', () => {
    expect(logFormatFor({ isTTY: true })).toBe('pretty');
    expect(logFormatFor({ isTTY: false })).toBe('json');
    expect(logFormatFor({})).toBe('json');

    const pretty = memoryStream();
    createLogger('info', pretty.stream, 'pretty').info({ port: 5001 }, 'Spincrate is serving');
    const text = pretty.text();
    expect(text).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: Spincrate is serving\n/);
    expect(text).toContain('port: 5001');
    expect(() => JSON.parse(text) as unknown).toThrow();

    const json = memoryStream();
    createLogger('info', json.stream).info({ port: 5001 }, 'Spincrate is serving');
    expect(JSON.parse(json.text())).toMatchObject({ level: 30, msg: 'Spincrate is serving', port: 5001 });
  });
});

describe('npm start on a terminal', () => {
  it('stops on Ctrl-C (SIGINT to the whole process group, its PostgreSQL too) without a warning per database connection', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'spincrate-ctrlc-'));
    tempDirs.push(dataDir);
    const server = await startInGroup({
      SPINCRATE_DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(await serverTestPort()),
    });
    await waitForHealth(server.port, server.child, server.output);
    // Connections in the pool, idle when Ctrl-C comes.
    await Promise.all(Array.from({ length: 4 }, () => fetch(`http://127.0.0.1:${server.port}/api/health`)));

    process.kill(-server.child.pid!, 'SIGINT');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    const lines = server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(lines.filter((line) => line.msg === 'idle database client error')).toEqual([]);
    expect(lines.filter((line) => line.level >= 40)).toEqual([]);
  }, 240_000);

  it("says in one line that the database at DATABASE_URL's host and port can't be reached", async () => {
    // A port nobody listens on (get-port checks it is free).
    const closed = await serverTestPort();
    const server = await startInGroup({
      DATABASE_URL: `postgresql://spincrate:secret-pw@127.0.0.1:${closed}/spincrate`,
    });
    expect((await server.exited).code).toBe(1);
    const lines = server.output().trim().split('\n');
    expect(lines).toEqual([
      `Spincrate could not start: can't reach the database at 127.0.0.1:${closed} (DATABASE_URL): connection refused`,
    ]);
  }, 60_000);
});
