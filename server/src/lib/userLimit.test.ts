/**
 * The per-user limit of heavy requests (API.md "Lists at scale", last rule: "at most 4 of
 * one user's heavy requests run at once; the next waits up to 2 s for a turn, then gets
 * 429 `rate_limited` with `Retry-After`"), on a fake clock: no test here waits for time.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KeyedConcurrencyLimit } from './userLimit.js';

const USER = 7;
const OTHER = 8;

/** The state of a wait: `pending` until it settles, then whether a turn came. */
function track(wait: Promise<(() => void) | undefined>) {
  const seen: { state: 'pending' | 'turn' | 'refused'; release?: () => void } = { state: 'pending' };
  void wait.then((release) => {
    seen.state = release ? 'turn' : 'refused';
    seen.release = release;
  });
  return seen;
}

const noCancel = () => {};

describe('KeyedConcurrencyLimit (4 at once, 2 s wait)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lets 4 run at once; the 5th waits and gets the turn the first one gives back', async () => {
    const limit = new KeyedConcurrencyLimit(4, 2000);
    const running = await Promise.all([1, 2, 3, 4].map(() => limit.acquire(USER, noCancel)));
    expect(running.every((release) => typeof release === 'function')).toBe(true);

    const fifth = track(limit.acquire(USER, noCancel));
    await vi.advanceTimersByTimeAsync(1999);
    expect(fifth.state).toBe('pending');

    running[0]!();
    await vi.advanceTimersByTimeAsync(0);
    expect(fifth.state).toBe('turn');
    // The turn passed on: a sixth request still has to wait.
    const sixth = track(limit.acquire(USER, noCancel));
    await vi.advanceTimersByTimeAsync(0);
    expect(sixth.state).toBe('pending');
  });

  it('refuses a request that got no turn within 2 s', async () => {
    const limit = new KeyedConcurrencyLimit(4, 2000);
    await Promise.all([1, 2, 3, 4].map(() => limit.acquire(USER, noCancel)));
    const fifth = track(limit.acquire(USER, noCancel));
    await vi.advanceTimersByTimeAsync(2000);
    expect(fifth.state).toBe('refused');
  });

  it('gives the turns first come, first served', async () => {
    const limit = new KeyedConcurrencyLimit(1, 2000);
    const first = await limit.acquire(USER, noCancel);
    const order: string[] = [];
    const waits = ['second', 'third', 'fourth'].map((name) =>
      limit.acquire(USER, noCancel).then((release) => {
        order.push(name);
        release?.();
      }),
    );
    first!();
    await Promise.all(waits);
    expect(order).toEqual(['second', 'third', 'fourth']);
  });

  it('counts each user on their own', async () => {
    const limit = new KeyedConcurrencyLimit(4, 2000);
    await Promise.all([1, 2, 3, 4].map(() => limit.acquire(USER, noCancel)));
    const other = track(limit.acquire(OTHER, noCancel));
    await vi.advanceTimersByTimeAsync(0);
    expect(other.state).toBe('turn');
  });

  it('a cancelled wait leaves the queue: the next waiting request gets the turn', async () => {
    const limit = new KeyedConcurrencyLimit(1, 2000);
    const first = await limit.acquire(USER, noCancel);
    let cancel = () => {};
    const gone = track(limit.acquire(USER, (c) => (cancel = c)));
    const next = track(limit.acquire(USER, noCancel));
    cancel();
    await vi.advanceTimersByTimeAsync(0);
    expect(gone.state).toBe('refused');
    first!();
    await vi.advanceTimersByTimeAsync(0);
    expect(next.state).toBe('turn');
  });

  it('a turn given back twice counts once', async () => {
    const limit = new KeyedConcurrencyLimit(1, 2000);
    const first = await limit.acquire(USER, noCancel);
    const second = track(limit.acquire(USER, noCancel));
    const third = track(limit.acquire(USER, noCancel));
    first!();
    first!();
    await vi.advanceTimersByTimeAsync(0);
    expect(second.state).toBe('turn');
    expect(third.state).toBe('pending');
  });
});

describe('KeyedConcurrencyLimit with a bound on all users together (issue 21, fair under several accounts)', () => {
  const THIRD = 9;

  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs at most the total at once, whatever the number of users', async () => {
    const limit = new KeyedConcurrencyLimit(4, 2000, 3);
    const first = await Promise.all([USER, USER, OTHER].map((key) => limit.acquire(key, noCancel)));
    expect(first.every((release) => typeof release === 'function')).toBe(true);
    const waiting = track(limit.acquire(THIRD, noCancel));
    await vi.advanceTimersByTimeAsync(1999);
    expect(waiting.state).toBe('pending');
    expect(limit.runningTotal).toBe(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(waiting.state).toBe('refused');
  });

  it("a freed turn goes to the user with nothing running, before another user's queue", async () => {
    const limit = new KeyedConcurrencyLimit(4, 2000, 2);
    const heavy = await Promise.all([USER, USER].map((key) => limit.acquire(key, noCancel)));
    // The heavy user queues three more, then another user asks once.
    const queued = [1, 2, 3].map(() => track(limit.acquire(USER, noCancel)));
    const other = track(limit.acquire(OTHER, noCancel));
    await vi.advanceTimersByTimeAsync(0);
    expect(other.state).toBe('pending');

    heavy[0]!();
    await vi.advanceTimersByTimeAsync(0);
    expect(other.state).toBe('turn');
    expect(queued.map((q) => q.state)).toEqual(['pending', 'pending', 'pending']);

    // The next freed turn goes back to the heavy user's queue, first come first served.
    heavy[1]!();
    await vi.advanceTimersByTimeAsync(0);
    expect(queued.map((q) => q.state)).toEqual(['turn', 'pending', 'pending']);
  });

  it('among users with as many running, the one that waited longest goes first', async () => {
    const limit = new KeyedConcurrencyLimit(4, 2000, 2);
    const running = await Promise.all([USER, OTHER].map((key) => limit.acquire(key, noCancel)));
    const otherWaits = track(limit.acquire(OTHER, noCancel));
    const userWaits = track(limit.acquire(USER, noCancel));
    running[0]!();
    await vi.advanceTimersByTimeAsync(0);
    // USER now runs 0 and OTHER 1: the user with fewer running goes first.
    expect(userWaits.state).toBe('turn');
    expect(otherWaits.state).toBe('pending');
    userWaits.release!();
    await vi.advanceTimersByTimeAsync(0);
    expect(otherWaits.state).toBe('turn');
  });

  it('still runs at most 4 of one user when the total has room', async () => {
    const limit = new KeyedConcurrencyLimit(4, 2000, 10);
    await Promise.all([1, 2, 3, 4].map(() => limit.acquire(USER, noCancel)));
    const fifth = track(limit.acquire(USER, noCancel));
    const other = track(limit.acquire(OTHER, noCancel));
    await vi.advanceTimersByTimeAsync(0);
    expect(fifth.state).toBe('pending');
    expect(other.state).toBe('turn');
  });

  it('a refused or cancelled wait frees nothing it did not hold', async () => {
    const limit = new KeyedConcurrencyLimit(4, 2000, 1);
    const only = await limit.acquire(USER, noCancel);
    let cancel = () => {};
    const gone = track(limit.acquire(OTHER, (c) => (cancel = c)));
    const timedOut = track(limit.acquire(THIRD, noCancel));
    cancel();
    await vi.advanceTimersByTimeAsync(2000);
    expect([gone.state, timedOut.state]).toEqual(['refused', 'refused']);
    expect(limit.runningTotal).toBe(1);
    only!();
    expect(limit.runningTotal).toBe(0);
    expect(typeof (await limit.acquire(OTHER, noCancel))).toBe('function');
  });
});
