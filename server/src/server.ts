/**
 * Starts and stops the whole server: database (embedded or `DATABASE_URL`), schema,
 * app, HTTP listener and background workers (API.md "Running under faults").
 */
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Config } from './config.js';
import { createApp } from './app.js';
import { loadClientBuild, type ClientBuild } from './app/clientBuild.js';
import { Database } from './db/database.js';
import { startEmbeddedDatabase } from './db/embedded.js';
import { migrate } from './db/migrate.js';
import { describeStartError } from './db/errors.js';
import type { AppContext } from './lib/context.js';
import { answerClientError, MAX_REQUEST_HEAD_BYTES } from './app/clientErrors.js';
import type { Logger } from './lib/logger.js';
import { createMetadataService } from './lib/metadata/index.js';
import { startImportWorker } from './features/imports/imports.worker.js';
import { startCoverWorker } from './features/covers/covers.worker.js';
import { startListenBrainzSender } from './features/listenbrainz/sender.js';

// How long shutdown waits for requests in flight by default (config `SHUTDOWN_GRACE_MS`).
export { SHUTDOWN_GRACE_MS } from './config.js';
/**
 * On shutdown, the longest time spent accepting connections that clients had already
 * made (and the kernel completed) before the listening socket closes.
 */
const ACCEPT_DRAIN_MAX_MS = 1000;
/** Requests (headers and body) must arrive within this time (ms). */
export const REQUEST_TIMEOUT_MS = 30_000;
/**
 * How long an idle keep-alive connection stays open (ms), announced as `Keep-Alive: timeout=65`.
 * Longer than the idle time of the clients and proxies in front (Node's own agent drops an idle
 * socket after 5 s, load balancers after about 60 s), so the client is the side that closes an
 * idle connection. With Node's default of 5 s both sides closed at the same moment, and a
 * request sent on the connection just as the server closed it failed with ECONNRESET.
 */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

export interface RunningServer {
  /** e.g. http://127.0.0.1:5001 */
  url: string;
  ctx: AppContext;
  /** Stops accepting connections, finishes requests in flight (≤ `SHUTDOWN_GRACE_MS`, 10 s), closes everything. */
  stop(): Promise<void>;
}

/**
 * The development session secret: generated once, kept in the data directory.
 * Production must set SESSION_SECRET (config validation enforces it).
 */
function sessionSecret(config: Config): string {
  if (config.SESSION_SECRET) return config.SESSION_SECRET;
  const file = path.join(config.dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * The key that encrypts ListenBrainz tokens at rest (`LISTENBRAINZ_TOKEN_KEY`, 64 hex digits):
 * when unset, generated once and kept in the data directory, as the session secret is.
 */
function listenBrainzTokenKey(config: Config): string {
  if (config.LISTENBRAINZ_TOKEN_KEY) return config.LISTENBRAINZ_TOKEN_KEY;
  const file = path.join(config.dataDir, 'listenbrainz-token-key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.dataDir, { recursive: true });
  const key = randomBytes(32).toString('hex');
  writeFileSync(file, key, { mode: 0o600 });
  return key;
}

/**
 * Starts the server.
 * @throws DatabaseStartError when the database cannot be reached or refuses the login
 *   ("can't reach the database at host:port (DATABASE_URL): connection refused"); Error
 *   when the embedded database cannot be started
 */
export async function startServer(config: Config, logger: Logger): Promise<RunningServer> {
  // The client's build is checked first: a wrong one stops the start before any database work.
  const client = loadClientBuild(config.clientDist);
  let embedded: Awaited<ReturnType<typeof startEmbeddedDatabase>> | undefined;
  let databaseUrl = config.DATABASE_URL;
  if (!databaseUrl) {
    embedded = await startEmbeddedDatabase({
      dataDir: config.dataDir,
      port: config.EMBEDDED_PG_PORT,
      logger,
    });
    databaseUrl = embedded.url;
    logger.info({ dataDir: config.dataDir }, 'embedded PostgreSQL started');
  }
  try {
    return await startOnDatabase(config, logger, databaseUrl, embedded, client);
  } catch (err) {
    // Never leave the embedded PostgreSQL running behind a start that failed.
    await embedded?.stop().catch(() => undefined);
    throw err;
  }
}

/** Another process listens on PORT. */
export class PortInUseError extends Error {
  constructor(readonly port: number) {
    super(
      `Port ${port} is already in use by another process (another Spincrate?); stop it, or set PORT to another port.`,
    );
    this.name = 'PortInUseError';
  }
}

async function startOnDatabase(
  config: Config,
  logger: Logger,
  databaseUrl: string,
  embedded: Awaited<ReturnType<typeof startEmbeddedDatabase>> | undefined,
  client: ClientBuild | undefined,
): Promise<RunningServer> {
  const db = new Database({
    connectionString: databaseUrl,
    logger,
    max: config.PG_POOL_MAX,
    statementTimeoutMs: config.PG_STATEMENT_TIMEOUT_MS,
    connectionTimeoutMs: config.PG_CONNECTION_TIMEOUT_MS,
  });
  try {
    await migrate(databaseUrl, logger);
  } catch (err) {
    await db.close();
    throw describeStartError(err, databaseUrl, embedded ? 'embedded PostgreSQL' : 'DATABASE_URL');
  }
  const ctx: AppContext = {
    config: { ...config, LISTENBRAINZ_TOKEN_KEY: listenBrainzTokenKey(config) },
    db,
    logger,
    metadata: createMetadataService(config, logger),
  };
  const built = createApp(ctx, sessionSecret(config), client);
  const importWorker = await startImportWorker(ctx);
  const coverWorker = startCoverWorker(ctx);
  const worker = { stop: () => Promise.all([importWorker.stop(), coverWorker.stop()]).then(() => undefined) };
  const sender = startListenBrainzSender(ctx);

  // Time limits are checked every second (Node's default is every 30 s, which would let a
  // slow body take up to a minute).
  // The parser reads a URL of up to 16 KiB beside 16 KiB of headers (app/clientErrors.ts).
  const server = http.createServer(
    { connectionsCheckingInterval: 1000, maxHeaderSize: MAX_REQUEST_HEAD_BYTES },
    built.app,
  );
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  // Headers get the same 30 s (API.md "Conventions": 408 when the headers or the body did not
  // arrive within 30 s); Node allows no more than the request's own limit.
  server.headersTimeout = REQUEST_TIMEOUT_MS;
  // Headers over Node's limit (16 KiB), a URL too long for it, a malformed request: API.md's error body.
  server.on('clientError', answerClientError(logger));
  // Responses in progress, so that shutdown can tell their clients not to keep the connection.
  const inFlight = new Set<http.ServerResponse>();
  let shuttingDown = false;
  server.prependListener('request', (_req, res) => {
    if (shuttingDown) res.setHeader('Connection', 'close');
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
  });
  // Connections accepted so far. Node (libuv) accepts one connection per event-loop turn,
  // so under load the kernel can hold several connections whose clients have connected and
  // sent their request, but that the server has not accepted yet; closing the listening
  // socket would reset them. Shutdown first accepts those (see acceptQueued).
  let accepted = 0;
  server.on('connection', () => accepted++);
  /**
   * Resolves once an event-loop turn has passed without accepting a connection, that is
   * once the kernel's queue of connections waiting to be accepted is empty (at most
   * ACCEPT_DRAIN_MAX_MS, so that a stream of new connections cannot hold shutdown up).
   */
  const acceptQueued = async () => {
    const deadline = Date.now() + ACCEPT_DRAIN_MAX_MS;
    for (;;) {
      const before = accepted;
      // The second setImmediate runs after the next poll phase, which accepts a queued
      // connection if there is one.
      await new Promise<void>((resolve) => setImmediate(() => setImmediate(resolve)));
      if (accepted === before || Date.now() >= deadline) return;
    }
  };
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.PORT, config.HOST, () => resolve());
    });
  } catch (err) {
    await worker.stop();
    await sender.stop();
    await built.close();
    await db.close();
    if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') throw new PortInUseError(config.PORT);
    throw err;
  }
  const { port } = server.address() as AddressInfo;
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? '127.0.0.1' : config.HOST;

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      shuttingDown = true;
      // Requests in flight finish; their connections close afterwards instead of idling
      // until the keep-alive timeout. Idle connections close now.
      for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
      server.closeIdleConnections();
      const sweeper = setInterval(() => server.closeIdleConnections(), 100);
      const timer = setTimeout(() => server.closeAllConnections(), config.SHUTDOWN_GRACE_MS);
      await acceptQueued();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      clearInterval(sweeper);
      clearTimeout(timer);
      await worker.stop();
      await sender.stop();
      await built.close();
      await db.close();
      if (embedded) await embedded.stop();
    })());

  return { url: `http://${host}:${port}`, ctx, stop };
}
