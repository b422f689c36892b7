// @vitest-environment node
/**
 * The build's trims of two libraries (client/build/leanDependencies.ts; issue 11: the login
 * screen ≤ 100 KB): React Router's production build without what only React DevTools reads,
 * and recharts' own copy of Redux Toolkit.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Plugin } from 'vite';
import {
  CHARTS_TOOLKIT_QUERY,
  chartsOwnToolkit,
  reactRouterProduction,
  withoutDevToolsNames,
} from './leanDependencies';

describe('withoutDevToolsNames', () => {
  it('drops the top-level displayName assignments and marks the top-level React calls pure', () => {
    const code = [
      'var RouteContext = React.createContext({ outlet: null });',
      'RouteContext.displayName = "Route";',
      'var Link = React10.forwardRef(function LinkImpl() {});',
      'Link.displayName = "Link";',
      'var MemoizedDataRoutes = React3.memo(DataRoutes2);',
      'function useFetcher() {',
      '  let FetcherForm2 = React10.forwardRef(() => null);',
      '  FetcherForm2.displayName = "fetcher.Form";',
      '}',
      'var objectProtoNames = Object.getOwnPropertyNames(Object.prototype);',
      '',
    ].join('\n');
    expect(withoutDevToolsNames(code)).toBe(
      [
        'var RouteContext = /* @__PURE__ */ React.createContext({ outlet: null });',
        'var Link = /* @__PURE__ */ React10.forwardRef(function LinkImpl() {});',
        'var MemoizedDataRoutes = /* @__PURE__ */ React3.memo(DataRoutes2);',
        'function useFetcher() {',
        '  let FetcherForm2 = React10.forwardRef(() => null);',
        '  FetcherForm2.displayName = "fetcher.Form";',
        '}',
        'var objectProtoNames = Object.getOwnPropertyNames(Object.prototype);',
        '',
      ].join('\n'),
    );
  });

  it("still finds them in the installed React Router's production build (an upgrade that changes its shape fails here)", () => {
    const require = createRequire(import.meta.url);
    const dir = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist', 'production');
    const chunks = readdirSync(dir).filter((name) => /^chunk-.*\.mjs$/.test(name));
    const code = chunks.map((name) => readFileSync(path.join(dir, name), 'utf8')).join('\n');
    expect(code).toMatch(/^Link\.displayName = "Link";$/m);
    const trimmed = withoutDevToolsNames(code);
    expect(trimmed).not.toMatch(/^[\w$]+\.displayName = /m);
    for (const name of ['Form', 'Link', 'FrameworkContext', 'RouteContext'])
      expect(trimmed).toMatch(
        new RegExp(`^var ${name} = /\\* @__PURE__ \\*/ React\\d*\\.(createContext|forwardRef)\\(`, 'm'),
      );
    // Its one difference from the development build the package exports.
    expect(code).toContain('var ENABLE_DEV_WARNINGS = false;');
  });
});

/** A plugin's `resolveId` handler, called as the bundler would with `resolve`. */
function resolveIdOf(plugin: Plugin, resolve: (source: string, importer: string) => { id: string } | null) {
  const hook = plugin.resolveId as { handler: (...args: unknown[]) => unknown };
  return (source: string, importer: string | undefined) =>
    hook.handler.call({ resolve: async (s: string, i: string) => resolve(s, i) }, source, importer, {});
}

describe('reactRouterProduction', () => {
  it("resolves react-router to the package's production build", async () => {
    const resolveId = resolveIdOf(reactRouterProduction(), () => null);
    const id = (await resolveId('react-router', '/repo/client/src/app/App.tsx')) as string;
    expect(id.replace(/\\/g, '/')).toMatch(/\/react-router\/dist\/production\/index\.mjs$/);
  });
});

describe('chartsOwnToolkit', () => {
  const TOOLKIT = '/repo/node_modules/@reduxjs/toolkit/dist/redux-toolkit.modern.mjs';
  const resolveId = resolveIdOf(chartsOwnToolkit(), () => ({ id: TOOLKIT }));

  it("gives recharts' modules a copy of Redux Toolkit of their own", async () => {
    expect(await resolveId('@reduxjs/toolkit', '/repo/node_modules/recharts/es6/state/store.js')).toEqual({
      id: `${TOOLKIT}${CHARTS_TOOLKIT_QUERY}`,
    });
  });

  it("leaves the app's own imports of it alone", async () => {
    expect(await resolveId('@reduxjs/toolkit', '/repo/client/src/app/store.ts')).toBeNull();
    expect(await resolveId('@reduxjs/toolkit', undefined)).toBeNull();
  });
});
