/**
 * Spec = contract (issue 20 item 5): every route of API.md's tables and text is in the
 * contract's route table with the success status and error statuses API.md gives it, and
 * every route of the contract is in API.md or named below as Spincrate's addition. (The
 * router against the contract is checked in `openapi.router.test.ts`: every mounted route is
 * described and every described route is mounted.)
 *
 * The entities too: every field of API.md's examples (User, Record, Spin, Mood, Friend, Want)
 * and of its "Collection details" table is in the contract's schema, and every field of the
 * schema is named in API.md.
 *
 * API.md is read from `contract/spec/API.md`, a copy kept in the repository so the test runs
 * on any clone; where the project's `../shared/spec/API.md` is beside the clone, the copy
 * must equal it.
 */
import { existsSync, readFileSync } from 'node:fs';
import {
  errorStatuses,
  friendSchema,
  moodSchema,
  recordSchema,
  ROUTES,
  routeKey,
  spinListItemSchema,
  userSchema,
  wantSchema,
  type RouteContract,
} from '@spincrate/contract';
import { describe, expect, it } from 'vitest';

const COPY = new URL('../../../../contract/spec/API.md', import.meta.url);
const SHARED = new URL('../../../../../shared/spec/API.md', import.meta.url);
const apiMd = readFileSync(COPY, 'utf8');

/**
 * Routes Spincrate adds beyond API.md, and why (each also in the OpenAPI, with its summary).
 */
const ADDITIONS: Record<string, string> = {
  'GET /api/record/{}/sides':
    "the sides of a record's tracklist for the add-spin side chips (EXTENSIONS.md §8, ListenBrainz)",
  'GET /api/public/{}/folders':
    "the shared crate's folder names and counts for the public page's folder filter (EXTENSIONS.md §7)",
};

/** `GET /api/record/{id}?x=1` → `GET /api/record/{}`: placeholders named alike, no query. */
function normalized(key: string): string {
  return key.replace(/\?.*$/, '').replace(/\{[^}]+\}/g, '{}');
}

/** One row of an API.md route table. */
interface SpecRow {
  line: number;
  keys: string[];
  success: number;
  errors: number[];
}

/** The rows of API.md's route tables whose first cell names routes (`| GET /api/x | … |`). */
function specRows(markdown: string): SpecRow[] {
  return markdown.split('\n').flatMap((text, index) => {
    if (!/^\| (GET|POST|PUT|DELETE) \//.test(text)) return [];
    // Cells are split on `|` not escaped as `\|` (the export's `format=csv\|json`).
    const cells = text
      .slice(1, -1)
      .split(/(?<!\\)\|/)
      .map((cell) => cell.trim());
    const keys = [...cells[0]!.matchAll(/(GET|POST|PUT|DELETE) (\/[^\s,]+)/g)].map((m) =>
      normalized(`${m[1]} ${m[2]}`),
    );
    const success = Number(/^(\d{3})/.exec(cells[2]!)?.[1]);
    const errors = [...cells[3]!.matchAll(/\b([45]\d\d)\b/g)].map((m) => Number(m[1]));
    return [{ line: index + 1, keys, success, errors }];
  });
}

const contractByKey = new Map<string, RouteContract>(
  ROUTES.map((route) => [normalized(routeKey(route)), route]),
);

describe('API.md and the contract', () => {
  it('reads a copy of API.md equal to the spec beside the clone', () => {
    expect(apiMd).toMatch(/^# Spincrate HTTP API contract/);
    if (existsSync(SHARED)) expect(apiMd).toBe(readFileSync(SHARED, 'utf8'));
  });

  it("has every route of API.md's tables with its success status and error statuses", () => {
    const rows = specRows(apiMd);
    // The tables of "Routes", "Wantlist", "Share links" and "ListenBrainz".
    expect(rows.length).toBeGreaterThan(45);
    for (const row of rows) {
      expect(row.keys.length, `API.md line ${row.line}`).toBeGreaterThan(0);
      expect(Number.isInteger(row.success), `API.md line ${row.line}: success status`).toBe(true);
      for (const key of row.keys) {
        const route = contractByKey.get(key);
        expect(route, `${key} (API.md line ${row.line}) is not in the contract`).toBeDefined();
        expect(route!.success.status, `${key}: success status`).toBe(row.success);
        const statuses = errorStatuses(route!);
        for (const status of row.errors) expect(statuses, `${key}: error ${status}`).toContain(status);
      }
    }
  });

  it("has every route API.md's text names (sync, year in review, folders)", () => {
    const named = new Set(
      [...apiMd.matchAll(/\b(GET|POST|PUT|DELETE) (\/api\/[^\s`|,)]+)/g)].map((m) =>
        normalized(`${m[1]} ${m[2]}`),
      ),
    );
    expect(named).toContain('GET /api/sync/records');
    expect(named).toContain('GET /api/stats/year/{}');
    const missing = [...named].filter((key) => !contractByKey.has(key));
    expect(missing).toEqual([]);
  });

  it('names no route that is neither in API.md nor one of the additions', () => {
    const named = new Set(
      [...apiMd.matchAll(/\b(GET|POST|PUT|DELETE) (\/api\/[^\s`|,)]+)/g)].map((m) =>
        normalized(`${m[1]} ${m[2]}`),
      ),
    );
    const extra = [...contractByKey.keys()].filter((key) => !named.has(key) && !(key in ADDITIONS));
    expect(extra).toEqual([]);
    // An addition that API.md later names is no longer an addition.
    for (const key of Object.keys(ADDITIONS)) expect(named.has(key), key).toBe(false);
    for (const key of Object.keys(ADDITIONS)) expect(contractByKey.has(key), key).toBe(true);
  });

  it('gives every route the error statuses every request may get (API.md "Conventions")', () => {
    // 408 headers or body too slow, 414 URL too long, 431 headers too large, 500, 503.
    for (const route of ROUTES) {
      const statuses = errorStatuses(route);
      for (const status of [408, 414, 431, 500, 503]) expect(statuses, routeKey(route)).toContain(status);
    }
  });
});

/**
 * The top-level keys of the JSON example that follows `**{name}**` in API.md (the first
 * `{ … }` after it, nested objects skipped).
 */
function exampleKeys(markdown: string, name: string): string[] {
  const at = markdown.indexOf(`**${name}**`);
  if (at < 0) throw new Error(`API.md has no **${name}**`);
  const open = markdown.indexOf('{', at);
  let depth = 0;
  let topLevel = '';
  for (let i = open; i < markdown.length; i += 1) {
    const char = markdown[i]!;
    if (char === '{' || char === '[') depth += 1;
    if (depth === 1) topLevel += char;
    if (char === '}' || char === ']') depth -= 1;
    if (depth === 0) break;
  }
  return [...topLevel.matchAll(/"([a-z_]+)"\s*:/g)].map((m) => m[1]!);
}

/** Every `name` API.md writes in backticks. */
const backticked = new Set([...apiMd.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]!));

/** The fields of the "Collection details" table (`| `rating` | 1–5 |`, `| `label`, `catalog_number`, … |`). */
function collectionDetailFields(markdown: string): string[] {
  const section = markdown.slice(markdown.indexOf('## Collection details'), markdown.indexOf('## Wantlist'));
  return section
    .split('\n')
    .filter((line) => /^\| `/.test(line))
    .flatMap((line) => [...line.split('|')[1]!.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]!));
}

describe("API.md's entities and the contract", () => {
  const entities = [
    ['User', userSchema],
    ['Record', recordSchema],
    ['Spin', spinListItemSchema],
    ['Mood', moodSchema],
    ['Friend', friendSchema],
    ['Want', wantSchema],
  ] as const;

  it.each(entities)("has every field of API.md's %s example in the contract's schema", (name, schema) => {
    const keys = exampleKeys(apiMd, name);
    expect(keys.length, name).toBeGreaterThan(1);
    expect(keys.filter((key) => !(key in schema.shape))).toEqual([]);
  });

  it('has every field of the "Collection details" table in the Record', () => {
    const fields = collectionDetailFields(apiMd);
    // rating, folder, location, the two grades, price, purchased_on/from, label, catalog_number, format, release id.
    expect(fields).toHaveLength(12);
    expect(fields.filter((field) => !(field in recordSchema.shape))).toEqual([]);
  });

  it.each(entities)("names every field of the contract's %s in API.md", (name, schema) => {
    expect(
      Object.keys(schema.shape).filter(
        (field) => !backticked.has(field) && !exampleKeys(apiMd, name).includes(field),
      ),
    ).toEqual([]);
  });
});
