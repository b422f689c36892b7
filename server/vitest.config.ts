import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

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
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Three files at a time, each in a fork of its own (vitest's default is one fewer than
    // the CPUs: one at a time on a 2-core machine, while most of a file's time is spent
    // waiting for PostgreSQL and bcrypt). Files share the run's database: each makes users
    // of its own (unique names); a file that runs whole servers or background workers has a
    // database of its own (harness.ts `useTestApp({ ownDatabase: true })`). No test waits
    // for wall-clock time (issue 28), so a busier machine makes the run slower, not red.
    maxWorkers: 3,
    env: { NODE_ENV: 'test', LOG_LEVEL: 'silent' },
  },
});
