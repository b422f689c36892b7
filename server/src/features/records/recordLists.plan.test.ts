/**
 * The plans of record list pages (API.md "Lists at scale"; migration 0003): on a crate of
 * a few thousand records, among other crates, with fresh statistics, the first page and a
 * later page of each of the eight sorts read an index in the sort's order — no Sort step —
 * so a page's cost does not grow with the crate. The play sorts read the index of
 * `record_plays` (migration 0019) and join each record by its id.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORD_SORTS } from '@spincrate/contract';
import { Database } from '@/db/database.js';
import { createLogger } from '@/lib/logger.js';
import { createOwnDatabase, createUser } from '@/test/harness.js';
import { pageStatement, type PageRow } from './recordLists.js';

let own: Awaited<ReturnType<typeof createOwnDatabase>>;
let db: Database;
let userId: number;

beforeAll(async () => {
  own = await createOwnDatabase();
  db = new Database({
    connectionString: own.url,
    logger: createLogger('silent'),
    statementTimeoutMs: 60_000,
  });
  const users = [];
  for (let i = 0; i < 4; i += 1) users.push(await createUser(db));
  userId = users[0]!.id;
  // 4 crates of 3,000 records: names with case and accents, dates, plays (a third never spun),
  // ratings, prices (some unrated, unpriced) and folders (most in none).
  await db.query(
    `INSERT INTO records (user_id, title, artist, mood_id, date_added,
                          rating, price_cents, price_currency, folder)
     SELECT u.id,
            (ARRAY['Blue', 'blüe', 'Álbum', 'zebra', 'Échos'])[1 + g % 5] || ' ' || g,
            (ARRAY['Björk', 'bjork', 'ABBA', 'a-ha', 'Ólafur Arnalds', 'The xx'])[1 + g % 6] || ' ' || (g % 97),
            1 + g % 20,
            timestamptz '2020-01-01' + g * interval '37 minutes',
            CASE WHEN g % 6 = 0 THEN NULL ELSE 1 + g % 5 END,
            CASE WHEN g % 4 = 0 THEN NULL ELSE (g * 37) % 50000 END,
            CASE WHEN g % 4 = 0 THEN NULL ELSE (ARRAY['EUR', 'USD', 'GBP'])[1 + g % 3] END,
            (ARRAY['Jazz', 'Rock', 'Shelf 2', 'jazz', NULL, NULL, NULL, NULL, NULL, NULL])[1 + g % 10]
       FROM unnest($1::int[]) AS u(id), generate_series(1, 3000) AS g`,
    [users.map((u) => u.id)],
  );
  // The plays (migration 0019: a row of record_plays per record), numbered as the records.
  await db.query(
    `UPDATE record_plays p
        SET play_count = CASE WHEN x.g % 3 = 0 THEN 0 ELSE x.g % 11 + 1 END,
            last_played = CASE WHEN x.g % 3 = 0 THEN NULL ELSE date '2024-01-01' + (x.g % 500)::int END
       FROM (SELECT id, row_number() OVER (PARTITION BY user_id ORDER BY id) AS g FROM records) x
      WHERE p.record_id = x.id`,
  );
  await db.query('ANALYZE records');
  await db.query('ANALYZE record_plays');
  await db.query('ANALYZE moods');
}, 120_000);

afterAll(async () => {
  await db?.close();
  await own?.drop();
});

/** Every node of an EXPLAIN (FORMAT JSON) plan: its type with the table it reads (`Seq Scan on records`), and its index condition. */
function nodeTypes(plan: unknown): string[] {
  const types: string[] = [];
  const visit = (node: Record<string, unknown>) => {
    const relation = node['Relation Name'] as string | undefined;
    types.push(relation ? `${node['Node Type'] as string} on ${relation}` : (node['Node Type'] as string));
    if (typeof node['Index Cond'] === 'string') types.push(`Index Cond ${node['Index Cond']}`);
    for (const child of (node.Plans as Array<Record<string, unknown>> | undefined) ?? []) visit(child);
  };
  visit((plan as Array<{ Plan: Record<string, unknown> }>)[0]!.Plan);
  return types;
}

async function explain(sql: string, params: unknown[]): Promise<string[]> {
  const rows = await db.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) ${sql}`, params);
  return nodeTypes(rows[0]!['QUERY PLAN']);
}

describe('record list pages on a crate of 3,000 records', () => {
  it.each(RECORD_SORTS)(
    'reads the first page and a later page of %s from an index, with no sort step',
    async (sort) => {
      const query = { ownerId: userId, sort };
      const first = pageStatement(query, 48, undefined, 'http://x/fallback.svg');
      const firstTypes = await explain(first.sql, first.params);
      expect(firstTypes).not.toContain('Sort');
      expect(firstTypes).not.toContain('Incremental Sort');
      expect(firstTypes).not.toContain('Seq Scan on records');
      expect(firstTypes).not.toContain('Seq Scan on record_plays');

      // The start of a later page: the key of the 200th record in this order.
      const firstPages = pageStatement(query, 199, undefined, 'x');
      const rows = await db.query<PageRow>(firstPages.sql, firstPages.params);
      const last = rows.sort((a, b) => a.n! - b.n!).at(-1)!;
      const later = pageStatement(query, 48, { keys: last.keys!, id: last.id! }, 'http://x/fallback.svg');
      const types = await explain(later.sql, later.params);
      expect(types).not.toContain('Sort');
      expect(types).not.toContain('Incremental Sort');
      expect(types).not.toContain('Seq Scan on records');
      expect(types).not.toContain('Seq Scan on record_plays');
      // The page starts in the index at the cursor: the keyset is an index condition, not a filter.
      expect(
        types.some((line) => /^Index Cond .*ROW\(.*\) [<>] ROW\(/.test(line)),
        types.join('\n'),
      ).toBe(true);
    },
  );
});

describe('a folder of a crate of 3,000 records (API.md "Collection details": folder=F)', () => {
  it("reads only the folder's records, through the folder index (ignoring case), never the whole crate", async () => {
    const first = pageStatement({ ownerId: userId, sort: 'newest', folder: 'JAZZ' }, 48, undefined, 'x');
    const types = await explain(first.sql, first.params);
    expect(types).not.toContain('Seq Scan on records');
    expect(types.filter((line) => line.startsWith('Index Cond')).join('\n')).toMatch(
      /user_id = .* AND \(lower\(folder\) = 'jazz'::text\)/,
    );
  });
});
