/**
 * Issue 20, item 3: nothing checked that a new table bumps the user's version. API.md
 * "Lists at scale": "The tag changes whenever the answer would … also when another server
 * process made the change" — the ETags of the lists come from `user_versions`, bumped by
 * triggers in the transaction of every write (migration 0004). So every table of the
 * migrated schema that holds a `user_id` column has a trigger that bumps `user_versions`
 * after each INSERT, UPDATE and DELETE, or is listed below as exempt, with the reason.
 */
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createLogger } from '@/lib/logger.js';
import { Database } from './database.js';

type Write = 'INSERT' | 'UPDATE' | 'DELETE';

/** Tables (or one write of a table) whose writes change no list answer, and why. */
const EXEMPT: Record<string, Partial<Record<Write, string>> | string> = {
  user_versions: 'the versions themselves',
  imports:
    'the progress of an import (GET /api/record/import/{id}) has no ETag; the records an import stores bump through the records triggers',
  record_tombstones:
    'written only by the records triggers (a deletion), which bump the version themselves; the sync has no ETag',
  want_tombstones:
    'written only by the wants triggers (a deletion), which bump the version themselves; the sync has no ETag',
  listenbrainz_accounts:
    'the ListenBrainz link (GET /api/user/listenbrainz) has no ETag; what a Spin shows of the sending lives in spins, whose triggers bump',
  listenbrainz_outbox:
    "the sender's queue of listens, shown by no answer; the spin's scrobble state is written to spins, whose triggers bump",
  listenbrainz_imports:
    'the keys of the listens imported from ListenBrainz, shown by no answer; the spins an import adds bump through the spins triggers',
  friendships: { UPDATE: 'a friendship is only ever added or ended: no statement updates one' },
  record_plays: {
    INSERT:
      "written only by the records insert trigger (a record's row of no plays), with the records insert, which bumps",
    DELETE: 'deleted only with its record (ON DELETE CASCADE), whose delete bumps',
  },
  share_links:
    'the share links list (GET /api/share) is tagged by a digest of its body, built on every request; the public routes have no ETag and no cached body: a revoked link must fail at once',
  lookup_user_turns: "each user's latest turn in the shared MusicBrainz pace, shown by no answer",
  spin_days:
    "the year in review's summary of a day's spins, kept by the spins triggers, which bump the version themselves",
  record_years:
    "the year in review's summary of a record's plays in a year, derived from records and spins, whose triggers bump",
  year_groups:
    "the year in review's groups (moods, decades, artists, tags), derived from records and spins, whose triggers bump",
  year_summary_revs: 'how far the year summaries have caught up with the sync revision, shown by no answer',
};

const db = new Database({ connectionString: inject('databaseUrl'), logger: createLogger('silent') });
afterAll(() => db.close());

describe('the version triggers of the migrated schema', () => {
  it('cover every write of every table with a user_id column, or the table is exempt with a reason', async () => {
    const tables = await db.query<{ table: string }>(
      `SELECT c.relname AS table
         FROM pg_attribute a
         JOIN pg_class c ON c.oid = a.attrelid
         JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND a.attname = 'user_id' AND NOT a.attisdropped
        ORDER BY 1`,
    );
    // The tables of today's schema are found (the query itself can fail).
    expect(tables.map((t) => t.table)).toEqual(
      expect.arrayContaining(['friendships', 'imports', 'records', 'spins', 'user_versions']),
    );
    // Each trigger's events (tgtype bits: 4 INSERT, 8 DELETE, 16 UPDATE) when its function writes user_versions.
    const triggers = await db.query<{ table: string; inserts: boolean; deletes: boolean; updates: boolean }>(
      `SELECT c.relname AS table, (t.tgtype & 4) <> 0 AS inserts, (t.tgtype & 8) <> 0 AS deletes,
              (t.tgtype & 16) <> 0 AS updates
         FROM pg_trigger t
         JOIN pg_class c ON c.oid = t.tgrelid
         JOIN pg_proc p ON p.oid = t.tgfoid
        WHERE NOT t.tgisinternal AND t.tgenabled <> 'D' AND p.prosrc ~* 'insert\\s+into\\s+user_versions'`,
    );
    const missing: string[] = [];
    for (const { table } of tables) {
      const exempt = EXEMPT[table];
      if (typeof exempt === 'string') continue;
      const own = triggers.filter((t) => t.table === table);
      const covered: Record<Write, boolean> = {
        INSERT: own.some((t) => t.inserts),
        UPDATE: own.some((t) => t.updates),
        DELETE: own.some((t) => t.deletes),
      };
      for (const write of ['INSERT', 'UPDATE', 'DELETE'] as const) {
        if (!covered[write] && !exempt?.[write]) missing.push(`${table}: ${write}`);
      }
    }
    expect(
      missing,
      'add a version trigger (see migration 0004) or list the table in EXEMPT with a reason',
    ).toEqual([]);
  });

  it('lists as exempt only tables that exist and hold a user_id', async () => {
    const rows = await db.query<{ table: string }>(
      `SELECT c.relname AS table FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
        WHERE c.relnamespace = 'public'::regnamespace AND a.attname = 'user_id' AND NOT a.attisdropped`,
    );
    const withUserId = new Set(rows.map((r) => r.table));
    for (const table of Object.keys(EXEMPT)) expect(withUserId.has(table), table).toBe(true);
  });
});
