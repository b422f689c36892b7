// ESLint flat config: typescript-eslint's recommended rules for every workspace,
// React hooks and accessibility (jsx-a11y) rules for the client, no console output in
// shipped code, and the layout rules of the feature folders (README "How the
// repository is laid out"): no imports between features (on the server, one written
// exception: the records domain through server/src/features/records/index.ts), none from
// lib/, entities/ or db/ into a feature or the app shell, none from a feature into the app
// shell (on the client, one written exception: the typed Redux hooks, app/hooks.ts), none
// between the client's entities, and no import cycles.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import jsxA11y from 'eslint-plugin-jsx-a11y-x';
import globals from 'globals';

/** The feature folders of one workspace (`server` or `client`). */
const features = (workspace) =>
  readdirSync(new URL(`./${workspace}/src/features`, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/**
 * The one written exception to "features do not import from each other" (issue 20, "Rooms"):
 * the server's records domain (the Record, Spin and Want entities, storing and reading records,
 * the record lists), which every server feature may import through this one public module.
 */
const PUBLIC_MODULES = { server: ['./records/index.ts'], client: [] };

/**
 * A feature imports only from its own folder, lib/, db/ (server), packages, and on the
 * server the records domain through its public module (`PUBLIC_MODULES`).
 */
const betweenFeatures = (workspace) =>
  features(workspace).map((feature) => ({
    target: `./${workspace}/src/features/${feature}`,
    from: `./${workspace}/src/features`,
    except: [`./${feature}`, ...PUBLIC_MODULES[workspace]],
    message:
      workspace === 'server'
        ? `Features do not import from each other: import the records domain from server/src/features/records/index.ts, move infrastructure that "${feature}" needs into server/src/lib/.`
        : `Features do not import from each other: move what "${feature}" needs into client/src/entities/ (shared domain state, actions, selectors) or client/src/lib/ (infrastructure).`,
  }));

/** Shared code never depends on a feature. */
const sharedCode = ['client/src/lib', 'client/src/entities', 'server/src/lib', 'server/src/db'].map(
  (dir) => ({
    target: `./${dir}`,
    from: `./${dir.split('/').slice(0, 2).join('/')}/features`,
    message: `${dir} is shared code: it must not import from a feature.`,
  }),
);

/**
 * The client's entities (client/src/entities/<name>/: the session, the friends, the crate)
 * are the shared domain: each one's state shape, actions and selectors, imported by
 * features, the app shell and lib/. One entity does not import another; what two of them
 * need goes into lib/ (or the contract).
 */
const entities = readdirSync(new URL('./client/src/entities', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => ({
    target: `./client/src/entities/${entry.name}`,
    from: './client/src/entities',
    except: [`./${entry.name}`],
    message: `Entities do not import from each other: move what "${entry.name}" needs into client/src/lib/.`,
  }));

/** The server's app shell: its install steps (app/), their composition, the process. */
const serverShell = [
  './server/src/app',
  './server/src/app.ts',
  './server/src/server.ts',
  './server/src/index.ts',
];

/**
 * Features do not reach up into the app shell (store, routes, server wiring). On the
 * client the layers are app/ → features/ → entities/ and lib/ (bulletproof-react's
 * unidirectional code): features, entities and lib/ import nothing of app/ but its one
 * written exception, the typed Redux hooks (app/hooks.ts), which every connected component
 * needs and which take only types from app/store.ts (erased at build time).
 */
const intoApp = [
  ...serverShell.map((from) => ({
    target: './server/src/features',
    from,
    message: 'A feature must not import from the app shell (app/, app.ts, server.ts).',
  })),
  ...['features', 'entities', 'lib'].map((dir) => ({
    target: `./client/src/${dir}`,
    from: './client/src/app',
    except: ['./hooks.ts'],
    message: `client/src/${dir} must not import from the app shell (client/src/app/): only its typed hooks, @/app/hooks.`,
  })),
];

/**
 * The server's lib/ and db/ sit below the app shell and import nothing of it; db/ sits below
 * lib/ too, using only its leaves (the logger, the typed errors), which import
 * nothing of db/.
 */
const sharedBelowApp = [
  ...['server/src/lib', 'server/src/db'].flatMap((dir) =>
    serverShell.map((from) => ({
      target: `./${dir}`,
      from,
      message: `${dir} is shared code: it must not import from the app shell (app/, app.ts, server.ts).`,
    })),
  ),
  {
    target: './server/src/db',
    from: './server/src/lib',
    except: ['./logger.ts', './errors.ts'],
    message: 'server/src/db imports nothing above it: of lib/ only the logger and the typed errors.',
  },
];

const layoutZones = [...betweenFeatures('client'), ...betweenFeatures('server'), ...sharedCode, ...entities];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'e2e-results/**',
      'playwright-report/**',
      '.data/**',
      '**/.data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'no-console': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['server/src/**/*.ts', 'client/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // import-x reads the imported files too (for cycles): with TypeScript's parser.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['server/tsconfig.json', 'client/tsconfig.json', 'client/tsconfig.sw.json'],
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...layoutZones, ...intoApp, ...sharedBelowApp] }],
      // Type-only imports are erased at build time and are not followed.
      'import-x/no-cycle': 'error',
    },
  },
  {
    // Tests may render the whole app (its routes and store) to drive a screen as a user would.
    files: ['client/src/**/*.test.{ts,tsx}', 'server/src/**/*.test.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: layoutZones }] },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  { ...jsxA11y.configs.recommended, files: ['client/src/**/*.tsx'] },
  {
    // One alias per workspace (issue 9): `@/…` is the workspace's src/ (e2e: its folder);
    // a relative import stays in its own folder (`./x`). `node scripts/alias-imports.mjs`
    // rewrites any `../` import that a merge brings back.
    files: ['client/src/**/*.{ts,tsx}', 'server/src/**/*.ts', 'e2e/**/*.ts', 'contract/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./',
              message:
                'Import through the workspace alias (@/…) instead of going up with ../ (run node scripts/alias-imports.mjs).',
            },
          ],
        },
      ],
    },
  },
  {
    // Scripts and benchmarks print their results for people on purpose.
    files: ['server/scripts/**', 'server/bench/**', 'e2e/**'],
    rules: { 'no-console': 'off' },
  },
);
