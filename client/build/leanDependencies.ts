/**
 * Two libraries' code the first load carried without using it (issue 11: the login screen
 * ≤ 100 KB transferred). Both plugins are build only: the development server and the tests
 * use the packages as they are.
 *
 * - React Router's package exports only its development build, whose warnings
 *   (`ENABLE_DEV_WARNINGS`) are its one difference from the production build beside it;
 *   and each of its components and contexts is followed by a `displayName` assignment (read
 *   by React DevTools alone), which the bundler must keep, and with it the component, its
 *   hooks and helpers, whether the app uses them or not (`<Form>`, `<ScrollRestoration>`,
 *   `unstable_HistoryRouter`, the fetchers): {@link reactRouterProduction}.
 * - recharts builds its charts' own Redux store with Redux Toolkit, its listener middleware
 *   included. The toolkit's module is part of the first load (app/store.ts), so everything
 *   any chunk takes from it was there too: {@link chartsOwnToolkit}.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/** React Router's module, as the app and its screens import it. */
const REACT_ROUTER = /^react-router$/;

/** The modules of React Router's production build (`dist/production/chunk-….mjs`). */
const REACT_ROUTER_PRODUCTION_CHUNK = /[\\/]react-router[\\/]dist[\\/]production[\\/]chunk-[^\\/]*\.mjs$/;

/** A top-level `Name.displayName = "…";` statement (a line of its own, not indented). */
const DISPLAY_NAME_STATEMENT = /^[\w$]+\.displayName = "[^"\n]*";\n?/gm;

/**
 * A top-level `var Name = React.createContext(`, `forwardRef(` or `memo(` (React Router
 * names its React import `React`, `React2`, …): calls without side effects, left out by the
 * bundler when nothing uses their value once they are marked so.
 */
const PURE_REACT_CALL = /^(var [\w$]+ = )(React\d*\.(?:createContext|forwardRef|memo)\()/gm;

/**
 * React Router's production code without what only React DevTools reads: the top-level
 * `displayName` assignments go, and its top-level `createContext`, `forwardRef` and `memo`
 * calls are marked pure (`@__PURE__`), so the components and contexts the app does not use
 * are left out of the bundle. What the app uses behaves as before (React reads `displayName`
 * only in development builds and in DevTools).
 * @param code - a module of React Router's production build
 */
export function withoutDevToolsNames(code: string): string {
  return code.replace(DISPLAY_NAME_STATEMENT, '').replace(PURE_REACT_CALL, '$1/* @__PURE__ */ $2');
}

/**
 * Builds the app with React Router's production build (`dist/production`, beside the
 * development build its package exports; the same code with `ENABLE_DEV_WARNINGS` off, so
 * no development warnings in the console) and drops from it what only React DevTools reads
 * ({@link withoutDevToolsNames}). Build only.
 */
export function reactRouterProduction(): Plugin {
  const require = createRequire(import.meta.url);
  const production = path.join(
    path.dirname(require.resolve('react-router/package.json')),
    'dist',
    'production',
    'index.mjs',
  );
  return {
    name: 'spincrate-react-router-production',
    apply: 'build',
    enforce: 'pre',
    resolveId: {
      filter: { id: REACT_ROUTER },
      handler: () => production,
    },
    transform: {
      filter: { id: REACT_ROUTER_PRODUCTION_CHUNK },
      handler: (code) => ({ code: withoutDevToolsNames(code), map: null }),
    },
  };
}

/** Redux Toolkit, as recharts imports it. */
const REDUX_TOOLKIT = /^@reduxjs\/toolkit$/;

/** A module of recharts. */
const RECHARTS_MODULE = /[\\/]node_modules[\\/]recharts[\\/]/;

/** The query that makes recharts' copy of Redux Toolkit a module of its own. */
export const CHARTS_TOOLKIT_QUERY = '?charts';

/**
 * Gives recharts a copy of Redux Toolkit of its own (the same file, as another module), which
 * goes with the charts' chunk, so what only the charts take from the toolkit (the listener
 * middleware, `autoBatchEnhancer`, `current`, …) is no longer part of the first load. The
 * charts' store is theirs alone (recharts' own React context), made, fed and read by the
 * copy; immer and Redux stay shared. Build only.
 */
export function chartsOwnToolkit(): Plugin {
  return {
    name: 'spincrate-charts-own-toolkit',
    apply: 'build',
    enforce: 'pre',
    resolveId: {
      filter: { id: REDUX_TOOLKIT },
      async handler(source, importer, options) {
        if (!importer || !RECHARTS_MODULE.test(importer)) return null;
        const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
        return resolved ? { ...resolved, id: `${resolved.id}${CHARTS_TOOLKIT_QUERY}` } : null;
      },
    },
  };
}
