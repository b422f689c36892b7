/**
 * Failed-login limits (API.md "Security"): at most 10 failures per username (ignoring
 * case) and 100 per client address in 15 minutes, then 429 with `Retry-After`. Only
 * failures (401) count, so a correct login is never refused because others are in
 * flight; a success clears the username's count. The registration limit: 20 accounts
 * per client address an hour, checked before any hashing. Counts live in PostgreSQL
 * (`login_failures`, keys `ip:`, `user:`, `user@ip:`, `inflight:…`, `register:`) so they hold
 * across every server process.
 *
 * How a username's failures are counted (issue 26 item 1: nobody may lock another
 * person's name out from one address). Each failure counts three times:
 * - `ip:{address}`: the address's failures over all usernames (100);
 * - `user@ip:{address} {name}`: the username's failures from this address (10): after 10
 *   wrong passwords this address is refused for this name;
 * - `user:{name}`: the username's failures from everywhere (10), to which one address
 *   gives at most its first 9 failures ({@link LOGIN_SHARE_PER_ADDRESS}). So one address
 *   alone never locks the name for anyone else (a correct password from another address
 *   still logs in), while wrong passwords from two or more addresses (e.g. 10 addresses
 *   once each) lock the name everywhere, and a name gets at most 11 wrong passwords
 *   checked in 15 minutes (10 from one address, 1 from another) — the fewest that let the
 *   real user in from elsewhere after someone spent one address's 10.
 * A success clears the username's count (`user:{name}`) and the count of this name from
 * this address; what other addresses spent stays theirs until their window ends.
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
import { setTimeout as sleep } from 'node:timers/promises';
import type { Database } from '@/db/database.js';
import type { Logger } from '@/lib/logger.js';
import { RateLimitedError } from '@/lib/errors.js';
import {
  decrementLoginFailures,
  deleteLoginFailures,
  finishLoginAttempt,
  getLoginFailures,
  incrementLoginFailures,
  reserveLoginAttempt,
} from './user.queries.js';

/** The window of both limits. */
const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Failures allowed per username in a window. */
export const LOGIN_LIMIT_PER_USERNAME = 10;
/** Failures allowed per client address in a window. */
const LOGIN_LIMIT_PER_ADDRESS = 100;

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

/** The window of the registration limit. */
const REGISTER_WINDOW_MS = 60 * 60 * 1000;

/**
 * The registration limit (API.md "Security"): at most `limit` accounts per client address
 * an hour (20 unless configured), then 429 with `Retry-After`. It runs before the body is
 * validated and the password hashed; an attempt counts while in flight and stays counted
 * only when it created an account (a 400 or 409 is given back). The counts live in
 * `login_failures` under `register:`, so they hold across every server process.
 */
export function createRegistrationLimit(db: Database, logger: Logger, limit: number): RequestHandler {
  const prefix = 'register:';
  return rateLimit({
    // Store errors (database down) reach the error handler as 503s, which logs them; no console output.
    logger: {
      error: (err: unknown, message?: string) =>
        logger.debug({ err, prefix }, message ?? 'registration limit store error'),
      warn: (err: unknown, message?: string) =>
        logger.debug({ err, prefix }, message ?? 'registration limit warning'),
    },
    windowMs: REGISTER_WINDOW_MS,
    limit,
    store: new PgLoginFailureStore(db, prefix),
    keyGenerator: (req) => ipKeyGenerator(req.ip ?? 'unknown'),
    standardHeaders: false,
    legacyHeaders: false,
    skipFailedRequests: true,
    passOnStoreError: false,
    handler: (req, _res, next) => {
      const resetTime = (req as AugmentedRequest).rateLimit?.resetTime;
      const seconds = resetTime ? (resetTime.getTime() - Date.now()) / 1000 : REGISTER_WINDOW_MS / 1000;
      next(new RateLimitedError(seconds, 'Too many new accounts from this address; try again later'));
    },
    validate: { trustProxy: false, xForwardedForHeader: false },
  });
}

/** How long one login attempt counts as in flight at most (a process that died mid-login). */
const INFLIGHT_TTL_MS = 60_000;
/** How long a login waits for attempts in flight to finish before it is refused. */
const BUSY_WAIT_MS = 10_000;
/** How often a waiting login looks again. */
const BUSY_POLL_MS = 25;

/** The first wait before finishing an attempt again after the database failed, in ms. */
const RELEASE_RETRY_FIRST_MS = 250;
/** The longest wait between two tries of finishing an attempt, in ms. */
const RELEASE_RETRY_MAX_MS = 5000;

/**
 * Ends a reserved attempt with `finish`; when the database fails it (down, restarting, a
 * killed connection), `finish` goes on being tried in the background, at growing intervals,
 * until it succeeds or the reservation expires anyway (INFLIGHT_TTL_MS after `reservedAt`).
 * Otherwise every attempt cut off by a database outage would count as in flight for a
 * minute after it, and ten of them would keep the user out ("too many logins at once",
 * 429 after a 10 s wait) once the database is back: the faults test saw the first login
 * after PostgreSQL's restart take 10 s. The caller still gets the database's error at once.
 * @param finish - resumable: each of its steps runs until it succeeds once, never again
 * @param reservedAt - when the attempt was reserved (ms since the epoch)
 * @throws the error of the first try when it failed (the retries go on without the caller)
 */
async function finishSurely(finish: () => Promise<void>, reservedAt: number): Promise<void> {
  try {
    await finish();
  } catch (err) {
    void (async () => {
      let waitMs = RELEASE_RETRY_FIRST_MS;
      while (Date.now() + waitMs < reservedAt + INFLIGHT_TTL_MS) {
        // Unreferenced: a retry never keeps a stopping process alive.
        await sleep(waitMs, undefined, { ref: false });
        try {
          await finish();
          return;
        } catch {
          waitMs = Math.min(waitMs * 2, RELEASE_RETRY_MAX_MS);
        }
      }
    })();
    throw err;
  }
}

/**
 * Runs `steps` in parallel, skipping those that succeeded on an earlier call; waits for all.
 * @throws the first failed step's error
 */
function stepsOnce(steps: Array<() => Promise<unknown>>): () => Promise<void> {
  const done = new Set<number>();
  return async () => {
    const results = await Promise.allSettled(
      steps.map(async (step, i) => {
        if (done.has(i)) return;
        await step();
        done.add(i);
      }),
    );
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
  };
}

/** One login attempt counted against the limits; end it exactly once. */
interface LoginAttempt {
  /** The credentials were wrong (a 401): counts one failure for the username and the address. */
  failed(): Promise<void>;
  /** The login succeeded: clears the username's failures. */
  succeeded(): Promise<void>;
  /** Neither (e.g. an error): the attempt just stops counting as in flight. */
  abandoned(): Promise<void>;
}

export interface LoginLimits {
  /**
   * Starts a login attempt for a username from a client address: waits while attempts
   * in flight could still reach a limit, then reserves this one.
   * @throws RateLimitedError (429 with Retry-After) once, in the window, 10 failures for the
   *   username from this address, 10 shared ones for the username (at most 9 per address)
   *   or 100 for the address are counted
   */
  begin(address: string, username: string): Promise<LoginAttempt>;
}

/**
 * Failures of one username from one address that count toward the username's limit from
 * everywhere (one less than {@link LOGIN_LIMIT_PER_USERNAME}, so one address can't reach it).
 */
const LOGIN_SHARE_PER_ADDRESS = LOGIN_LIMIT_PER_USERNAME - 1;

/**
 * Builds both login limits (API.md "Security"; keying in this file's header). Only failures
 * count: an attempt in flight is reserved, so parallel failures can never exceed a limit,
 * but while only attempts in flight (not failures) fill a limit the next attempt waits for
 * them instead of being refused.
 */
export function createLoginLimits(db: Database): LoginLimits {
  const limits = (address: string, username: string) => {
    const name = username.trim().toLowerCase();
    return {
      address: { key: `ip:${address}`, limit: LOGIN_LIMIT_PER_ADDRESS },
      nameHere: { key: `user@ip:${address} ${name}`, limit: LOGIN_LIMIT_PER_USERNAME },
      name: { key: `user:${name}`, limit: LOGIN_LIMIT_PER_USERNAME },
    };
  };
  const finishOne = (key: string, failed: boolean) =>
    db.withTransaction((tx) => finishLoginAttempt(tx, key, failed, LOGIN_WINDOW_MS));
  /** Ends reservations of an attempt that does not go ahead (nothing counted against them). */
  const releaseReserved = (reserved: Array<{ key: string }>, reservedAt: number) =>
    finishSurely(
      stepsOnce(
        reserved.map(
          ({ key }) =>
            () =>
              finishOne(key, false),
        ),
      ),
      reservedAt,
    );

  return {
    async begin(address, username) {
      const limit = limits(ipKeyGenerator(address), username);
      const keys = [limit.address, limit.nameHere, limit.name];
      const deadline = Date.now() + BUSY_WAIT_MS;
      for (;;) {
        const reserved: typeof keys = [];
        const reservedAt = Date.now();
        let refusedUntil: Date | undefined;
        let busy = false;
        try {
          for (const entry of keys) {
            const answer = await db.withTransaction((tx) =>
              reserveLoginAttempt(tx, entry.key, entry.limit, INFLIGHT_TTL_MS),
            );
            if (answer.outcome === 'reserved') {
              reserved.push(entry);
              continue;
            }
            if (answer.outcome === 'refused') refusedUntil = answer.resetAt;
            else busy = true;
            break;
          }
        } catch (err) {
          // The database failed between two reservations: the ones made must not stay in
          // flight (they would hold the limit for INFLIGHT_TTL_MS).
          await releaseReserved(reserved, reservedAt).catch(() => undefined);
          throw err;
        }
        if (reserved.length === keys.length) {
          let ended = false;
          let fromHere: number | undefined;
          const end = async (failed: boolean) => {
            if (ended) return;
            ended = true;
            // Each key is finished once; the name's share needs this address's count first.
            const here = stepsOnce([
              () => finishOne(limit.address.key, failed),
              async () => {
                fromHere = await finishOne(limit.nameHere.key, failed);
              },
            ]);
            const name = stepsOnce([
              () =>
                finishOne(
                  limit.name.key,
                  failed && fromHere !== undefined && fromHere <= LOGIN_SHARE_PER_ADDRESS,
                ),
            ]);
            await finishSurely(async () => {
              await here();
              await name();
            }, reservedAt);
          };
          return {
            failed: () => end(true),
            succeeded: async () => {
              await end(false);
              await deleteLoginFailures(db, limit.nameHere.key);
              await deleteLoginFailures(db, limit.name.key);
            },
            abandoned: () => end(false),
          };
        }
        await releaseReserved(reserved, reservedAt);
        if (refusedUntil) {
          throw new RateLimitedError(
            (refusedUntil.getTime() - Date.now()) / 1000,
            'Too many failed logins; try again later',
          );
        }
        if (busy && Date.now() >= deadline) {
          throw new RateLimitedError(1, 'Too many logins at once; try again shortly');
        }
        await sleep(BUSY_POLL_MS);
      }
    },
  };
}
