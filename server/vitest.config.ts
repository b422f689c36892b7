import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * How many test files run at once: at least 3, or one a core beside Vitest's own. The files
 * mostly wait for PostgreSQL and their sockets (the load stays at 1–2 on a 2-core machine
 * with one file at a time, Vitest's default there), and they are made to run side by side:
 * each file makes its own users with unique names, and a file that counts what the whole
 * database holds or runs background workers has a database of its own (harness.ts
 * `useTestApp({ ownDatabase: true })`). Issue 28: `npm test` within 6 minutes.
 */
const FILES_AT_ONCE = Math.max(3, availableParallelism() - 1);

export default defineConfig({
  // The tests read the contract's TypeScript source, so they need no build of it first.
  resolve: {
    // `@/…` is this workspace's src/ (tsconfig.json `paths`; the build rewrites it with tsc-alias).
    alias: {
      '@spincrate/contract': fileURLToPath(new URL('../contract/src/index.ts', import.meta.url)),
      '@/': fileURLToPath(new URL('./src/', import.meta.url)),
    },
  },
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/globalSetup.ts'],
    // A test ends at its limit only when its state never comes: with three files at once on
    // two cores, a test of CPU-bound steps (bcrypt: 20 logins in one test) runs up to half as
    // fast again, and at 30 s "clears the username count after a successful login" was cut
    // off on its way with the machine busy (load 20; issue 28). The client's limit is the same.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: FILES_AT_ONCE,
    env: { NODE_ENV: 'test', LOG_LEVEL: 'silent' },
  },
});
