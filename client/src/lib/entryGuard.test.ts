// @vitest-environment node
/**
 * The build's guard of the first load (issue 11: "the login screen ≤ 100 KB transferred";
 * zod once slipped into the entry): which entries it refuses.
 */
import { describe, expect, it } from 'vitest';
import { entryProblems } from './entryGuard';

const FINE = [
  '/repo/node_modules/react-dom/cjs/react-dom-client.production.js',
  '/repo/node_modules/react-router/dist/development/chunk-X.mjs',
  '/repo/node_modules/@reduxjs/toolkit/dist/redux-toolkit.modern.mjs',
  '/repo/client/src/main.tsx',
  '/repo/client/src/features/auth/LoginPage.tsx',
  '/repo/client/src/lib/session.ts',
];

describe('the first-load guard', () => {
  it('accepts the shell and the login screen within the budget', () => {
    expect(entryProblems(FINE, 80_000)).toEqual([]);
  });

  it.each([
    ['zod', '/repo/node_modules/zod/v4/classic/schemas.js'],
    ['sweetalert2', '/repo/node_modules/sweetalert2/dist/sweetalert2.esm.all.js'],
    ['react-select', '/repo/node_modules/react-select/dist/Select-abc.esm.js'],
    ['react-datepicker', '/repo/node_modules/react-datepicker/dist/index.es.js'],
    ['recharts', '/repo/node_modules/recharts/es6/chart/BarChart.js'],
    ['axios', '/repo/node_modules/axios/lib/axios.js'],
    ['redux-saga', '/repo/node_modules/@redux-saga/core/dist/redux-saga-core.esm.js'],
    ['the records feature', '/repo/client/src/features/records/records.saga.ts'],
    ["the signed-in user's data", '/repo/client/src/app/userData.ts'],
    ['a Windows path', 'C:\\repo\\node_modules\\zod\\index.js'],
  ])('refuses an entry holding %s, naming the module', (_label, id) => {
    const problems = entryProblems([...FINE, id], 80_000);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(id.replace(/\\/g, '/'));
  });

  it('refuses an entry over its byte budget, and one exactly at it passes', () => {
    expect(entryProblems(FINE, 85_001)).toEqual([
      expect.stringMatching(/85001 bytes .* over its budget of 85000/),
    ]);
    expect(entryProblems(FINE, 85_000)).toEqual([]);
  });

  it('reports every problem at once', () => {
    const ids = [...FINE, '/repo/node_modules/zod/index.js', '/repo/node_modules/axios/index.js'];
    expect(entryProblems(ids, 90_000)).toHaveLength(3);
  });
});
