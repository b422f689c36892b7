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
    env: { NODE_ENV: 'test', LOG_LEVEL: 'silent' },
  },
});
