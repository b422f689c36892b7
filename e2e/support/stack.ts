/**
 * Starts and stops what the browser journeys run against: the fake metadata server
 * (server/src/test/fakeMetadataServer.ts), the fake ListenBrainz
 * (server/src/test/fakeListenBrainz.ts), a fresh PostgreSQL database and the real built
 * app (`node server/dist/index.js`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, readFileSync, type WriteStream } from 'node:fs';
import { chmod, cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from './locations.js';
import getPort from 'get-port';

/** What global teardown needs to stop everything global setup started. */
export interface StackState {
  /** The app's base URL, e.g. http://127.0.0.1:41234 */
  baseUrl: string;
  /** The fake metadata server's base URL. */
  fakeUrl: string;
  /** Pid of `node server/dist/index.js`. */
  appPid: number;
  /** Pid of the fake metadata server. */
  fakePid: number;
  /** The fake ListenBrainz's base URL (the app's `LISTENBRAINZ_API_URL`). */
  listenBrainzUrl: string;
  /** Pid of the fake ListenBrainz. */
  listenBrainzPid: number;
  /** The fake image host's base URL (127.0.0.1, a port of its own: another origin). */
  imageHostUrl: string;
  /** Pid of the fake image host. */
  imageHostPid?: number;
  /** Temporary folder (embedded PostgreSQL data, session secret); removed at the end. */
  tempDir: string;
  /** When `DATABASE_URL` was given: the server URL and the database created for this run. */
  externalDatabase?: { serverUrl: string; name: string };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function tail(file: string, lines = 40): string {
  if (!existsSync(file)) return '(no log)';
  return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
}

/**
 * Polls `url` until `accept(status)` holds, the child exits or `timeoutMs` passes.
 * @throws Error with the end of the child's log when it does not come up
 */
async function waitForHttp(
  url: string,
  child: ChildProcess,
  logFile: string,
  timeoutMs: number,
  accept: (status: number) => boolean,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError = '';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `${url}: the process exited (${child.exitCode ?? child.signalCode}) before it answered.\n${tail(logFile)}`,
      );
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await response.body?.cancel();
      if (accept(response.status)) return;
      lastError = `HTTP ${response.status}`;
    } catch (err) {
      lastError = (err as Error).message;
    }
    await sleep(250);
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms (${lastError}).\n${tail(logFile)}`);
}

function logTo(file: string): WriteStream {
  return createWriteStream(file, { flags: 'w' });
}

function spawnLogged(command: string, args: string[], env: NodeJS.ProcessEnv, logFile: string): ChildProcess {
  const log = logTo(logFile);
  const child = spawn(command, args, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  child.once('exit', () => log.end());
  // The runner must not wait for these children: teardown stops them by pid.
  child.unref();
  (child.stdout as unknown as { unref?: () => void } | null)?.unref?.();
  (child.stderr as unknown as { unref?: () => void } | null)?.unref?.();
  return child;
}

interface AdminModule {
  createDatabase(serverUrl: string, name: string): Promise<string>;
  dropDatabase(serverUrl: string, name: string): Promise<void>;
}

/** A free TCP port on 127.0.0.1 (get-port keeps it from being handed out twice in this process). */
function freePort(): Promise<number> {
  return getPort({ host: '127.0.0.1' });
}

/** The server's own database admin helpers (server/dist/db/admin.js), so e2e needs no driver of its own. */
async function adminModule(): Promise<AdminModule> {
  const file = path.join(repoRoot, 'server', 'dist', 'db', 'admin.js');
  return (await import(pathToFileURL(file).href)) as AdminModule;
}

/**
 * Starts the fake metadata server, the database and the app.
 * @param options.logFiles - where the app's and the fake's output go
 * @returns what teardown needs, the base URLs included
 * @throws Error when the app is not built or something does not come up
 */
export async function startStack(options: {
  appLog: string;
  fakeLog: string;
  listenBrainzLog: string;
}): Promise<StackState> {
  const serverEntry = path.join(repoRoot, 'server', 'dist', 'index.js');
  const clientIndex = path.join(repoRoot, 'client', 'dist', 'index.html');
  for (const file of [serverEntry, clientIndex]) {
    if (!existsSync(file))
      throw new Error(`${file} is missing: build first (npm run test:e2e runs npm run build).`);
  }
  const fakeEntry = path.join(repoRoot, 'server', 'src', 'test', 'fakeMetadataServer.ts');
  const imageHostEntry = path.join(repoRoot, 'server', 'src', 'test', 'fakeImageHost.ts');
  if (!existsSync(fakeEntry))
    throw new Error(`${fakeEntry} is missing: the journeys need the fake metadata server.`);
  const fakeListenBrainzEntry = path.join(repoRoot, 'server', 'src', 'test', 'fakeListenBrainz.ts');

  const tempDir = await mkdtemp(path.join(os.tmpdir(), 'spincrate-e2e-'));
  // Run as root, the embedded PostgreSQL runs as 'postgres', which must reach its folder inside.
  await chmod(tempDir, 0o755);
  const started: ChildProcess[] = [];
  let externalDatabase: StackState['externalDatabase'];
  try {
    // 1. The fake metadata server (MusicBrainz, Cover Art Archive, Last.fm look-alikes and their images).
    const fakePort = await freePort();
    const fakeUrl = `http://127.0.0.1:${fakePort}`;
    const fake = spawnLogged(
      process.execPath,
      ['--import', 'tsx', fakeEntry, '--port', String(fakePort)],
      { ...process.env, NODE_ENV: 'test' },
      options.fakeLog,
    );
    started.push(fake);
    await waitForHttp(`${fakeUrl}/__fake/health`, fake, options.fakeLog, 60_000, (status) => status === 200);

    // 1b. The fake ListenBrainz (tokens, submit-listens, rate-limit headers), driven over /__fake.
    const listenBrainzPort = await freePort();
    const listenBrainzUrl = `http://127.0.0.1:${listenBrainzPort}`;
    const listenBrainz = spawnLogged(
      process.execPath,
      ['--import', 'tsx', fakeListenBrainzEntry, '--port', String(listenBrainzPort)],
      { ...process.env, NODE_ENV: 'test' },
      options.listenBrainzLog,
    );
    started.push(listenBrainz);
    await waitForHttp(
      `${listenBrainzUrl}/__fake/health`,
      listenBrainz,
      options.listenBrainzLog,
      60_000,
      (status) => status === 200,
    );
    // 1b. A fake image host (a third-party cover host, issue 27): PNG covers on an origin of its own.
    const imagePort = await freePort();
    const imageHostLog = path.join(path.dirname(options.fakeLog), 'fake-image-host.log');
    const imageHostUrl = `http://127.0.0.1:${imagePort}`;
    const imageHost = spawnLogged(
      process.execPath,
      ['--import', 'tsx', imageHostEntry, '--port', String(imagePort)],
      { ...process.env, NODE_ENV: 'test' },
      imageHostLog,
    );
    started.push(imageHost);
    await waitForHttp(`${imageHostUrl}/__fake/health`, imageHost, imageHostLog, 60_000, (s) => s === 200);

    // 2. A fresh database: a new one on DATABASE_URL's server, else an embedded PostgreSQL in tempDir.
    const env: NodeJS.ProcessEnv = { ...process.env };
    delete env.DATABASE_URL;
    delete env.LASTFM_API_KEY;
    delete env.CHATBOT_URL;
    delete env.IMAGE_HOST_URL;
    if (process.env.DATABASE_URL) {
      const admin = await adminModule();
      const name = `spincrate_e2e_${process.pid}_${Date.now()}`;
      env.DATABASE_URL = await admin.createDatabase(process.env.DATABASE_URL, name);
      externalDatabase = { serverUrl: process.env.DATABASE_URL, name };
    } else {
      env.EMBEDDED_PG_PORT = String(await freePort());
    }

    // 3. The real built app, serving a copy of the built client: other builds of the working
    //    tree during the run (hashed chunk names change) cannot pull files from under the browser.
    const clientDist = path.join(tempDir, 'client-dist');
    await cp(path.dirname(clientIndex), clientDist, { recursive: true });
    const port = await freePort();
    Object.assign(env, {
      NODE_ENV: 'production',
      SESSION_SECRET: randomBytes(32).toString('hex'),
      PORT: String(port),
      HOST: '127.0.0.1',
      // The fallback cover's URL is built from it (never from the request's Host header).
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      CLIENT_DIST: clientDist,
      SPINCRATE_DATA_DIR: path.join(tempDir, 'data'),
      LOG_LEVEL: 'warn',
      MUSICBRAINZ_API_URL: `${fakeUrl}/ws/2`,
      COVERART_API_URL: `${fakeUrl}/coverart`,
      LASTFM_API_URL: `${fakeUrl}/2.0/`,
      // The fake image host's covers are shown (CSP img-src) and fetched by the cover worker.
      IMAGE_ORIGINS: `https://lastfm.freetls.fastly.net https://archive.org https://*.archive.org ${imageHostUrl}`,
      // The import journey imports the whole 99-album file: MusicBrainz's real pace (1 request/s) would take minutes.
      MUSICBRAINZ_MIN_INTERVAL_MS: '20',
      LISTENBRAINZ_API_URL: listenBrainzUrl,
      // Every journey registers its own users from 127.0.0.1: far more than 20 accounts an hour.
      REGISTER_LIMIT_PER_HOUR: '100000',
    });
    const app = spawnLogged(process.execPath, [serverEntry], env, options.appLog);
    started.push(app);
    const baseUrl = `http://127.0.0.1:${port}`;
    await waitForHttp(`${baseUrl}/api/health`, app, options.appLog, 180_000, (status) => status === 200);

    return {
      baseUrl,
      fakeUrl,
      appPid: app.pid!,
      fakePid: fake.pid!,
      listenBrainzUrl,
      listenBrainzPid: listenBrainz.pid!,
      imageHostUrl,
      imageHostPid: imageHost.pid,
      tempDir,
      externalDatabase,
    };
  } catch (err) {
    for (const child of started.reverse()) if (child.pid) await stopProcess(child.pid);
    if (externalDatabase) await dropExternalDatabase(externalDatabase);
    await rm(tempDir, { recursive: true, force: true });
    throw err;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Sends SIGTERM to `pid` and waits for it to exit; SIGKILL after `graceMs`.
 * @returns true when it stopped on SIGTERM
 */
async function stopProcess(pid: number, graceMs = 20_000): Promise<boolean> {
  if (!isAlive(pid)) return true;
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    return true;
  }
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await sleep(100);
  }
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Gone in the meantime.
  }
  return false;
}

async function dropExternalDatabase(db: NonNullable<StackState['externalDatabase']>): Promise<void> {
  try {
    const admin = await adminModule();
    await admin.dropDatabase(db.serverUrl, db.name);
  } catch (err) {
    console.warn(`e2e: could not drop database ${db.name}: ${(err as Error).message}`);
  }
}

/** The pid in an embedded PostgreSQL's `postmaster.pid`, if the file is there. */
function postmasterPid(tempDir: string): number | undefined {
  const file = path.join(tempDir, 'data', 'pg', 'postmaster.pid');
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

/**
 * Stops the app (SIGTERM: it closes its embedded PostgreSQL), the fake, drops the
 * run's database when it was on an external server, and removes the temp folder.
 */
export async function stopStack(state: StackState): Promise<void> {
  const clean = await stopProcess(state.appPid);
  if (!clean) console.warn('e2e: the app did not stop on SIGTERM within 20 s and was killed');
  // Only when the app could not stop it itself: the PostgreSQL the app started for this run.
  const pgPid = postmasterPid(state.tempDir);
  if (pgPid !== undefined && isAlive(pgPid)) {
    console.warn(`e2e: stopping the run's embedded PostgreSQL (pid ${pgPid}) left behind by the app`);
    await stopProcess(pgPid);
  }
  await stopProcess(state.fakePid, 5_000);
  await stopProcess(state.listenBrainzPid, 5_000);
  if (state.imageHostPid) await stopProcess(state.imageHostPid, 5_000);
  if (state.externalDatabase) await dropExternalDatabase(state.externalDatabase);
  await rm(state.tempDir, { recursive: true, force: true });
}
