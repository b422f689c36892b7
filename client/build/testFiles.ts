/**
 * Which client test files share a worker (issue 28: `npm test` within 6 minutes) and which
 * run in one of their own; read by `vite.config.ts` and checked by `testFiles.test.ts`.
 */

/** The client's test files (globs, relative to `client/`). */
export const TEST_FILES = ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'];

/**
 * Test files that run in a worker of their own: they replace a module with `vi.mock` or a
 * global with `vi.stubGlobal`, which would otherwise reach the files run after them in the
 * same worker. Every other file shares its worker's packages and gets the app's modules
 * afresh (`src/test/setup.ts` resets them after each file).
 */
export const ISOLATED_TEST_FILES = [
  'src/app/ScreenErrorBoundary.test.tsx',
  'src/features/auth/auth.saga.test.ts',
  'src/features/records/AddByBarcode.test.tsx',
  'src/features/spins/AddSpinPage.test.tsx',
  'src/features/stats/RewindPage.test.tsx',
  'src/features/stats/StatsPage.test.tsx',
  'src/lib/pwa/NewVersionToast.test.tsx',
  'src/lib/pwa/userCaches.test.ts',
];
