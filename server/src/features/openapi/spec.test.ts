/**
 * Spec = contract (issue 20 item 5): every route of API.md's tables and text is in the
 * contract's route table with the success status and error statuses API.md gives it, and
 * every route of the contract is in API.md or named below as Spincrate's addition. (The
 * router against the contract is checked in `openapi.router.test.ts`: every mounted route is
 * described and every described route is mounted.)
 *
 * API.md is read from `contract/spec/API.md`, a copy kept in the repository so the test runs
 * on any clone; where the project's `../shared/spec/API.md` is beside the clone, the copy
 * must equal it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { errorStatuses, ROUTES, routeKey, type RouteContract } from '@spincrate/contract';
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
