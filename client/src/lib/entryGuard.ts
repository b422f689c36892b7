/**
 * What the first load's script may hold (issue 11: the login screen ≤ 100 KB transferred).
 * The build (vite.config.ts `guardEntry`) fails when the entry chunk, with the chunks it
 * imports statically, pulls in a module of {@link ENTRY_DENY_LIST} or outgrows
 * {@link ENTRY_BROTLI_BUDGET}; this file holds the decision, so it can be unit-tested. Build
 * code: never imported by the app.
 */

/** One module the first load must not hold, and why. */
export interface DeniedModule {
  /** Matches a module id (an absolute path, `/` separated). */
  pattern: RegExp;
  /** Why it is not part of the first load, and where it belongs. */
  reason: string;
}

/**
 * Modules that once slipped into the first load, or that only signed-in screens, popups and
 * forms after the login use (each is loaded on demand).
 */
const ENTRY_DENY_LIST: readonly DeniedModule[] = [
  {
    pattern: /\/node_modules\/zod\//,
    reason: 'zod: the server validates; the client imports the zod-free limits',
  },
  {
    pattern: /\/node_modules\/sweetalert2\//,
    reason: 'sweetalert2: loaded with the first popup (lib/alerts.ts)',
  },
  { pattern: /\/node_modules\/react-select\//, reason: 'react-select: the screens with a picker load it' },
  { pattern: /\/node_modules\/react-datepicker\//, reason: 'react-datepicker: the add-spin screen loads it' },
  { pattern: /\/node_modules\/recharts\//, reason: 'recharts: the stats screen loads it' },
  { pattern: /\/node_modules\/axios\//, reason: 'axios: loaded with the first request (lib/api.ts)' },
  {
    pattern: /\/node_modules\/(redux-saga|@redux-saga\/[^/]+)\//,
    reason: 'redux-saga: loaded with the first action (app/lazySagas.ts)',
  },
  {
    pattern: /\/node_modules\/idb\//,
    reason: 'idb: the offline copy is opened after sign-in (features/offline, lib/offline/db.ts)',
  },
  {
    pattern: /\/src\/lib\/offline\/(db|sync|outbox|read)\.ts$/,
    reason: 'the offline copy (IndexedDB): loaded after sign-in and at logout, never with the first load',
  },
  {
    pattern:
      /\/src\/(app\/(userData|sagaRuntime|rootSaga)\.ts|features\/(records|social|spins|blindbag|imports|stats)\/)/,
    reason: "the signed-in user's data and the sagas: loaded on demand (app/store.ts)",
  },
];

/**
 * Most bytes the entry chunk and its static imports may take, brotli-compressed at the
 * build's quality. The page, the stylesheet, the logo, the lazy chunks' preload lists (added
 * to the entry after this check) and every response's headers take about 16.3 KB more, so
 * within it the login screen stays under 100 KB (1 KB = 1,024 bytes; `npm run perf:client`
 * measures the whole). Raised from 86,500 by 500 bytes for issue 26's login draft (typing
 * kept while the registration screen loads) and the "Can't reach Spincrate" connectivity
 * watch, which every screen needs from the start; to 87,500 for the route table's nine new
 * lazy screens (wantlist, share links, shared crate, ListenBrainz: their paths, loaders and
 * preload lists took the entry to 87,107 bytes). Vite's modulepreload polyfill is left out
 * (vite.config.ts, 154 bytes): the entry had reached 87,511 bytes from its lazy chunks' names
 * alone, which change with every build of a screen. Lowered to 85,000 when the login screen
 * had grown to about 103 KB in 6 requests: React Router's production build without what only
 * React DevTools reads, and recharts' own copy of Redux Toolkit (build/leanDependencies.ts),
 * took the entry to 83,996 bytes, and the status lines (features/layout/AppStatus.tsx) came
 * back into it (84,456 bytes), a request fewer (98.8 KB in 5 requests).
 */
const ENTRY_BROTLI_BUDGET = 85_000;

/**
 * The problems of a first-load script: one line per denied module it holds (with the reason),
 * and one when it is over budget. Empty when it is fine.
 * @param moduleIds - ids of every module of the entry chunk and of the chunks it imports statically
 * @param brotliBytes - their code's size, brotli-compressed, in bytes
 * @param denyList - defaults to {@link ENTRY_DENY_LIST}
 * @param budget - defaults to {@link ENTRY_BROTLI_BUDGET}
 */
export function entryProblems(
  moduleIds: readonly string[],
  brotliBytes: number,
  denyList: readonly DeniedModule[] = ENTRY_DENY_LIST,
  budget: number = ENTRY_BROTLI_BUDGET,
): string[] {
  const problems: string[] = [];
  for (const { pattern, reason } of denyList) {
    const id = moduleIds.map((m) => m.replace(/\\/g, '/')).find((m) => pattern.test(m));
    if (id !== undefined) problems.push(`holds ${id} (${reason})`);
  }
  if (brotliBytes > budget) {
    problems.push(`is ${brotliBytes} bytes brotli-compressed, over its budget of ${budget}`);
  }
  return problems;
}
