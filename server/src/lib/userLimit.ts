/**
 * No user can starve the others (API.md "Lists at scale", last rule): at most 4 of one
 * user's heavy requests (lists, searches, stats, export, import) run at once in a server
 * process; the next one waits up to 2 s for a turn, then gets 429 `rate_limited` with
 * `Retry-After`. Build it once per app (`createHeavyRequestLimit`) and attach it after `requireAuth` on
 * every heavy route, so that they share the same counts.
 */
import type { Request, RequestHandler } from 'express';
import onFinished from 'on-finished';
import { RateLimitedError } from './errors.js';

/** Heavy requests of one user running at once in one process. */
export const HEAVY_REQUESTS_PER_USER = 4;
/** How long a request waits for a turn before it is refused, in ms. */
export const HEAVY_REQUEST_WAIT_MS = 2000;
/** The `Retry-After` of a refused request, in seconds. */
const RETRY_AFTER_SECONDS = 2;

/** The turns of one user: how many run, and who waits (first come, first served). */
interface Turns {
  running: number;
  waiting: Array<() => void>;
}

/**
 * Counts of running requests per key, with a wait queue. A key without running or
 * waiting requests is forgotten, so the map holds only the users active right now.
 */
export class KeyedConcurrencyLimit {
  private readonly turns = new Map<number, Turns>();

  /**
   * @param max - requests of one key that may run at once
   * @param waitMs - longest wait for a turn, in ms
   */
  constructor(
    readonly max: number,
    readonly waitMs: number,
  ) {}

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
    const release = () => {
      const next = own.waiting.shift();
      if (next)
        next(); // the turn passes on: `running` stays the same
      else {
        own.running -= 1;
        if (own.running === 0) this.turns.delete(key);
      }
    };
    if (own.running < this.max) {
      own.running += 1;
      return Promise.resolve(once(release));
    }
    return new Promise((resolve) => {
      const giveUp = () => {
        clearTimeout(timer);
        const index = own.waiting.indexOf(grant);
        if (index >= 0) own.waiting.splice(index, 1);
        resolve(undefined);
      };
      const grant = () => {
        clearTimeout(timer);
        resolve(once(release));
      };
      const timer = setTimeout(giveUp, this.waitMs);
      own.waiting.push(grant);
      onCancel(() => {
        if (own.waiting.includes(grant)) giveUp();
      });
    });
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
 * The per-user limit of heavy requests of one app (one server process): the same
 * middleware for every route it is attached to, so they share the counts. Put it after
 * `requireAuth`. A turn is given back when the answer has been sent or the connection
 * closed, whichever comes first (`on-finished`), also when the client went away before
 * the request reached this limit (e.g. while its session was read): such a request takes
 * no turn at all. A request waiting for its turn whose client goes away leaves the queue.
 * @throws RateLimitedError (429, `Retry-After`) through `next` when no turn came within 2 s
 */
export function createHeavyRequestLimit(): RequestHandler {
  const limit = new KeyedConcurrencyLimit(HEAVY_REQUESTS_PER_USER, HEAVY_REQUEST_WAIT_MS);
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
