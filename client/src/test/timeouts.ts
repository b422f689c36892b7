/**
 * The time limits of the client tests (read by vite.config.ts and src/test/setup.ts).
 *
 * A test waits for states (an element, a text, a request), never for a duration; these
 * limits only end a test whose state never comes. A step takes as long as the machine
 * needs: with two CPU-burning processes beside `npm test` on the shared 2-core machine
 * (load average 15), screens loaded on demand and rendered in jsdom took long enough
 * that tests passing in 1–5 s alone failed at the waits' limits while still on their
 * way: at 1 s (the default), 4 s and 5 s (`findBy…`/`waitFor`) and at the 15 s test limit
 * (issue 28).
 */

/** How long one test may run, in ms (`test.testTimeout`). */
export const TEST_TIMEOUT_MS = 60_000;

/**
 * How long a `beforeAll`/`beforeEach` may run, in ms (`test.hookTimeout`; the server's is
 * the same): a hook that loads screens' modules up front took over 10 s (Vitest's default).
 */
export const HOOK_TIMEOUT_MS = 120_000;

/**
 * How long a `findBy…`/`waitFor` waits for its state, in ms: just under the test's own
 * limit, so that a state that never comes is reported with the page as it was.
 */
export const ASYNC_UTIL_TIMEOUT_MS = TEST_TIMEOUT_MS - 5_000;
