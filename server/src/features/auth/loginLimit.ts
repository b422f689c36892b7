/**
 * Failed-login limits (API.md "Security"): at most 10 failures per username (ignoring
 * case) and 100 per client address in 15 minutes, then 429 with `Retry-After`. Only
 * failures (401) count; a success clears the username's count. Counts live in
 * PostgreSQL so they hold across every server process.
 */
import type { RequestHandler } from 'express';
import {
  ipKeyGenerator,
  rateLimit,
  type AugmentedRequest,
  type ClientRateLimitInfo,
  type Options,
  type Store,
} from 'express-rate-limit';
import type { Database } from '../../db/database.js';
import type { Logger } from '../../lib/logger.js';
import { RateLimitedError } from '../../lib/errors.js';
import {
  decrementLoginFailures,
  deleteLoginFailures,
  getLoginFailures,
  incrementLoginFailures,
} from './user.queries.js';

/** The window of both limits. */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Failures allowed per username in a window. */
export const LOGIN_LIMIT_PER_USERNAME = 10;
/** Failures allowed per client address in a window. */
export const LOGIN_LIMIT_PER_ADDRESS = 100;

/** An express-rate-limit store on the `login_failures` table. */
class PgLoginFailureStore implements Store {
  windowMs = LOGIN_WINDOW_MS;
  localKeys = false;

  constructor(
    private readonly db: Database,
    readonly prefix: string,
  ) {}

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const row = await getLoginFailures(this.db, this.prefix + key);
    return row && { totalHits: row.hits, resetTime: row.reset_at };
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    const row = await incrementLoginFailures(this.db, this.prefix + key, this.windowMs);
    return { totalHits: row.hits, resetTime: row.reset_at };
  }

  async decrement(key: string): Promise<void> {
    await decrementLoginFailures(this.db, this.prefix + key);
  }

  async resetKey(key: string): Promise<void> {
    await deleteLoginFailures(this.db, this.prefix + key);
  }
}

/** The username key of a login request: trimmed, lower-cased. */
export function usernameKey(body: unknown): string {
  const username = (body as { username?: unknown } | undefined)?.username;
  return typeof username === 'string' ? username.trim().toLowerCase() : '';
}

function limiter(
  db: Database,
  logger: Logger,
  prefix: string,
  limit: number,
  key: Options['keyGenerator'],
  skip?: Options['skip'],
) {
  return rateLimit({
    // Store errors (database down) reach the error handler as 503s, which logs them; no console output.
    logger: {
      error: (err: unknown, message?: string) =>
        logger.debug({ err, prefix }, message ?? 'login limit store error'),
      warn: (err: unknown, message?: string) =>
        logger.debug({ err, prefix }, message ?? 'login limit warning'),
    },
    windowMs: LOGIN_WINDOW_MS,
    limit,
    store: new PgLoginFailureStore(db, prefix),
    keyGenerator: key,
    skip,
    standardHeaders: false,
    legacyHeaders: false,
    skipSuccessfulRequests: true,
    requestWasSuccessful: (_req, res) => res.statusCode !== 401,
    passOnStoreError: false,
    handler: (req, _res, next) => {
      const resetTime = (req as AugmentedRequest).rateLimit?.resetTime;
      const seconds = resetTime ? (resetTime.getTime() - Date.now()) / 1000 : LOGIN_WINDOW_MS / 1000;
      next(new RateLimitedError(seconds, 'Too many failed logins; try again later'));
    },
    validate: { trustProxy: false, xForwardedForHeader: false },
  });
}

export interface LoginLimits {
  /** Middleware to put before the login handler. */
  middleware: RequestHandler[];
  /** Clears the username's failures after a successful login. */
  clearUsername(username: string): Promise<void>;
}

/** Builds both login limits. */
export function createLoginLimits(db: Database, logger: Logger): LoginLimits {
  const byAddress = limiter(db, logger, 'ip:', LOGIN_LIMIT_PER_ADDRESS, (req) =>
    ipKeyGenerator(req.ip ?? 'unknown'),
  );
  const byUsername = limiter(
    db,
    logger,
    'user:',
    LOGIN_LIMIT_PER_USERNAME,
    (req) => usernameKey(req.body),
    (req) => usernameKey(req.body) === '',
  );
  return {
    middleware: [byAddress, byUsername],
    clearUsername: async (username) => {
      await byUsername.resetKey(username.trim().toLowerCase());
    },
  };
}
