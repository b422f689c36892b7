/**
 * No user can starve the others (API.md "Lists at scale", last rule): at most 4 of one
 * user's heavy requests (lists, searches, stats, export, import) run at once in a server
 * process; the next one waits up to 2 s for a turn, then gets 429 `rate_limited` with
 * `Retry-After`. Heavy work of all users together is bounded too (issue 21, "Fair under
 * several accounts"): at most `heavyRequestsPerProcess(pool size)` heavy requests run at once
 * in a process, so that they never hold more than part of the pg pool and light requests
 * (a record, a spin, the session) always find a connection; a freed turn goes to the user
 * with the fewest heavy requests running. Build it once per app (`createHeavyRequestLimit`)
 * and attach it after `requireAuth` on every heavy route, so that they share the same counts.
 */
import type { Request, RequestHandler } from 'express';
import onFinished from 'on-finished';
import { RateLimitedError } from './errors.js';

/** Heavy requests of one user running at once in one process. */
const HEAVY_REQUESTS_PER_USER = 4;
/**
 * Heavy requests of all users running at once in one process, for a pg pool of `poolMax`
 * connections: 60 % of the pool (at least 1). A heavy request holds one connection at a
 * time (a wants page reads its rows, then its count; the JSON export reads in one
 * transaction), so heavy work never holds more than 60 % of the pool: light requests (a
 * record, a spin, the session) always have the rest, 4 of the default 10. With the default
 * pool, one user's 4 heavy requests leave 2 turns to the others.
 * @param poolMax - the pool's `max` (PG_POOL_MAX)
 */
export function heavyRequestsPerProcess(poolMax: number): number {
  return Math.max(1, Math.floor(poolMax * 0.6));
}
/** How long a request waits for a turn before it is refused, in ms. */
const HEAVY_REQUEST_WAIT_MS = 2000;
/** The `Retry-After` of a refused request, in seconds. */
const RETRY_AFTER_SECONDS = 2;

/** The turns of one user: how many run, and who waits (first come, first served). */
interface Turns {
  running: number;
  waiting: Waiter[];
}

/** A request waiting for its turn; `seq` orders the waits of every key (lower came first). */
interface Waiter {
  seq: number;
  grant: () => void;
}

/**
 * Counts of running requests per key and in all, with a wait queue per key. A key without
 * running or waiting requests is forgotten, so the map holds only the users active right
 * now. A turn given back goes to the waiting key with the fewest requests running (ties:
 * the one that has waited longest), so a user's queue never holds another user's first
 * request back: with `totalMax` turns in all, a user with nothing running gets the next
 * free turn.
 */
export class KeyedConcurrencyLimit {
  private readonly turns = new Map<number, Turns>();
  /** Requests running, all keys together. */
  private running = 0;
  private seq = 0;

  /**
   * @param max - requests of one key that may run at once
   * @param waitMs - longest wait for a turn, in ms
   * @param totalMax - requests of all keys that may run at once (default: no such bound)
   */
  constructor(
    readonly max: number,
    readonly waitMs: number,
    readonly totalMax: number = Number.POSITIVE_INFINITY,
  ) {}

  /** Requests running right now, all keys together. */
  get runningTotal(): number {
    return this.running;
  }

  /**
   * Waits for a turn of `key`.
   * @param onCancel - receives a function that ends the wait as "no turn" (the client went away)
   * @returns a function that ends the turn (call it exactly once), or undefined when no
   *   turn came within `waitMs` or the wait was cancelled
   */
  acquire(key: number, onCancel: (cancel: () => void) => void): Promise<(() => void) | undefined> {
    let turns = this.turns.get(key);
    if (!turns) {
      turns = { running: 0, waiting: [] };
      this.turns.set(key, turns);
    }
    const own = turns;
    if (own.running < this.max && this.running < this.totalMax) {
      this.start(own);
      return Promise.resolve(once(() => this.release(key, own)));
    }
    return new Promise((resolve) => {
      const waiter: Waiter = {
        seq: this.seq++,
        grant: () => {
          clearTimeout(timer);
          resolve(once(() => this.release(key, own)));
        },
      };
      const giveUp = () => {
        clearTimeout(timer);
        const index = own.waiting.indexOf(waiter);
        if (index >= 0) own.waiting.splice(index, 1);
        this.forgetIfIdle(key, own);
        resolve(undefined);
      };
      const timer = setTimeout(giveUp, this.waitMs);
      own.waiting.push(waiter);
      onCancel(() => {
        if (own.waiting.includes(waiter)) giveUp();
      });
    });
  }

  private start(turns: Turns): void {
    turns.running += 1;
    this.running += 1;
  }

  /** Ends a turn of `key`, then hands the free turns to the waiting requests that may run. */
  private release(key: number, own: Turns): void {
    own.running -= 1;
    this.running -= 1;
    this.forgetIfIdle(key, own);
    // A turn of the key's own (per-key bound) or of all keys (total bound) is free now.
    while (this.running < this.totalMax) {
      let next: Turns | undefined;
      for (const turns of this.turns.values()) {
        if (turns.waiting.length === 0 || turns.running >= this.max) continue;
        if (
          !next ||
          turns.running < next.running ||
          (turns.running === next.running && turns.waiting[0]!.seq < next.waiting[0]!.seq)
        )
          next = turns;
      }
      if (!next) return;
      this.start(next);
      next.waiting.shift()!.grant();
    }
  }

  private forgetIfIdle(key: number, turns: Turns): void {
    if (turns.running === 0 && turns.waiting.length === 0 && this.turns.get(key) === turns)
      this.turns.delete(key);
  }
}

function once(fn: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    fn();
  };
}

/**
 * The limit of heavy requests of one app (one server process): 4 per user and `perProcess`
 * in all, the same middleware for every route it is attached to, so they share the counts. Put it after
 * `requireAuth`. A turn is given back when the answer has been sent or the connection
 * closed, whichever comes first (`on-finished`), also when the client went away before
 * the request reached this limit (e.g. while its session was read): such a request takes
 * no turn at all. A request waiting for its turn whose client goes away leaves the queue.
 * @param perProcess - heavy requests of all users at once (see heavyRequestsPerProcess;
 *   default: no bound beyond the per-user one)
 * @throws RateLimitedError (429, `Retry-After`) through `next` when no turn came within 2 s
 */
export function createHeavyRequestLimit(perProcess = Number.POSITIVE_INFINITY): RequestHandler {
  const limit = new KeyedConcurrencyLimit(HEAVY_REQUESTS_PER_USER, HEAVY_REQUEST_WAIT_MS, perProcess);
  return (req: Request, res, next) => {
    const userId = req.user?.id;
    if (userId === undefined) return next();
    // Nobody is left to answer: the connection closed before the request got here.
    if (onFinished.isFinished(res)) return;
    let finished = false;
    let cancelWait = () => {};
    let release: (() => void) | undefined;
    onFinished(res, () => {
      finished = true;
      cancelWait();
      release?.();
    });
    limit
      .acquire(userId, (cancel) => (cancelWait = cancel))
      .then((turn) => {
        if (finished) {
          turn?.();
          return;
        }
        if (!turn) {
          next(new RateLimitedError(RETRY_AFTER_SECONDS, 'Too many requests at once; try again shortly'));
          return;
        }
        release = turn;
        next();
      }, next);
  };
}
