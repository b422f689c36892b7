/**
 * One lane per user for the writes that lock the same rows (issue 21, "Concurrent writes
 * fail today"): a user's spin adds and deletes run one after another in a server process.
 *
 * Why: every write of a user locks the user's `user_versions` row (and a spin its records)
 * until it commits, so two writes of the same user never run at the same time in
 * PostgreSQL anyway. Sent at once, 25 spins of one user each took a pooled connection and
 * sat on it waiting for the row lock of the one before; the 6th and later waited for a
 * connection instead, and under load (two busy CPUs) some waited longer than the pool's
 * `PG_CONNECTION_TIMEOUT_MS` (2 s) and were answered 503. In a lane they wait in memory, in
 * order, holding no connection: one user's burst takes one connection, never the pool.
 * Across server processes the row locks still order them (taken by id, see spins.queries.ts).
 */

/** Runs the work of each key one at a time, in the order it was given. */
export class WriteLanes {
  /** The last work queued per key (settled or not); a key is forgotten when its lane is empty. */
  private readonly tails = new Map<number, Promise<void>>();

  /**
   * Runs `work` once every earlier work of `key` has settled (resolved or thrown).
   * @param key - whose lane (a user id)
   * @returns what `work` returns; its error as it is
   */
  run<T>(key: number, work: () => Promise<T>): Promise<T> {
    const before = this.tails.get(key) ?? Promise.resolve();
    const result = before.then(work);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** Keys with work queued or running (for tests: an idle lane holds nothing). */
  get size(): number {
    return this.tails.size;
  }
}
