/**
 * The offline copy answers as the server does (EXTENSIONS.md §9: "search, sort and folder filter
 * work on it with the server's rules, so answers are the same as online"): the contract's shared
 * table of cases (contract/src/offlineRules.cases.ts) asked of the API, and the contract's rules
 * applied to the Records `GET /api/sync/*` hands the offline copy. The client runs the same table
 * against the same rules (client/src/lib/offline/offlineRules.test.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  LETTER_RULE_CASES,
  RECORD_RULE_CASES,
  RULE_CASE_CRATE,
  RULE_CASE_LETTER_CRATE,
  RULE_CASE_LETTER_WANTS,
  RULE_CASE_WANTS,
  WANT_LETTER_RULE_CASES,
  WANT_RULE_CASES,
  folderCounts,
  recordList,
  wantList,
  type CrateRecord,
  type RecordRuleCase,
  type RuleCaseRecord,
  type RuleCaseWant,
  type Want,
  type WantRuleCase,
} from '@spincrate/contract';
import { createRecord, createSpin, signedInUser, useTestApp, type Agent } from '@/test/harness.js';

const t = useTestApp();

/** A user of its own holding one crate and wantlist of the case table. */
interface StoredCrate {
  agent: Agent;
  /** Id in this crate → key of the case table. */
  keyOf: Map<number, string>;
  /** Want id → key of the case table. */
  wantKeyOf: Map<number, string>;
}

/** Stores `crate` and `wants` for a new signed-in user, in the table's order. */
async function storeCrate(
  crate: readonly RuleCaseRecord[],
  wants: readonly RuleCaseWant[],
): Promise<StoredCrate> {
  const signedIn = await signedInUser(t);
  const userId = signedIn.user.id;
  const keyOf = new Map<number, string>();
  const wantKeyOf = new Map<number, string>();
  for (const record of crate) {
    const id = await createRecord(t.db, userId, {
      title: record.title,
      artist: record.artist,
      moodId: record.moodId,
      details: record.details,
      tags: record.tags,
      year: record.year,
      dateAdded: record.dateAdded,
      collection: {
        rating: record.rating,
        folder: record.folder,
        price_cents: record.price?.cents ?? null,
        price_currency: record.price?.currency ?? null,
      },
    });
    keyOf.set(id, record.key);
    for (const day of record.plays) await createSpin(t.db, userId, [id], { listenedAt: day });
  }
  for (const want of wants) {
    const rows = await t.db.query<{ id: number }>(
      `INSERT INTO wants (user_id, title, artist, notes, year, priority, date_added)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [userId, want.title, want.artist, want.notes, want.year, want.priority, want.dateAdded],
    );
    wantKeyOf.set(rows[0]!.id, want.key);
  }
  return { agent: signedIn.agent, keyOf, wantKeyOf };
}

/** The two crates of the case table, each with its cases. */
const TABLES = [
  {
    name: 'the shared cases',
    crate: RULE_CASE_CRATE,
    wants: RULE_CASE_WANTS,
    recordCases: RECORD_RULE_CASES,
    wantCases: WANT_RULE_CASES,
  },
  {
    name: 'the letter cases',
    crate: RULE_CASE_LETTER_CRATE,
    wants: RULE_CASE_LETTER_WANTS,
    recordCases: LETTER_RULE_CASES,
    wantCases: WANT_LETTER_RULE_CASES,
  },
] as const;

const stored = new Map<string, StoredCrate>();

beforeAll(async () => {
  for (const table of TABLES) stored.set(table.name, await storeCrate(table.crate, table.wants));
});

/** The stored crate of a table (inside tests only). */
const crateOf = (name: string): StoredCrate => stored.get(name)!;

const label = (c: { sort: string; search?: string; folder?: string }) =>
  `sort=${c.sort}${c.search === undefined ? '' : ` search="${c.search}"`}${c.folder === undefined ? '' : ` folder="${c.folder}"`}`;

describe.each(TABLES.map((table) => [table.name, table] as const))('record lists: %s', (name, table) => {
  it.each(table.recordCases.map((c: RecordRuleCase) => [label(c), c] as const))(
    'the API answers %s',
    async (_, c) => {
      const { agent, keyOf } = crateOf(name);
      const query: Record<string, string> = { sort: c.sort, limit: '200' };
      if (c.search !== undefined) query.search = c.search;
      if (c.folder !== undefined) query.folder = c.folder;
      const path = c.search === undefined ? '/api/record' : '/api/record/search';
      const res = await agent.get(path).query(query);
      expect(res.status).toBe(200);
      expect((res.body as CrateRecord[]).map((r) => keyOf.get(r.id))).toEqual(c.expected);
    },
  );

  it('the contract rules over the synced Records give every case the same answer', async () => {
    const { agent, keyOf } = crateOf(name);
    const res = await agent.get('/api/sync/records').query({ limit: 2000 });
    expect(res.status).toBe(200);
    const records = (res.body as { records: CrateRecord[] }).records;
    expect(records).toHaveLength(table.crate.length);
    for (const c of table.recordCases) {
      const answer = recordList(records, c).map((r) => keyOf.get(r.id));
      expect(answer, label(c)).toEqual(c.expected);
    }
  });
});

describe.each(TABLES.map((table) => [table.name, table] as const))('folders: %s', (name) => {
  it('the contract rules over the synced Records list the folders as GET /api/record/folders does', async () => {
    const { agent } = crateOf(name);
    const folders = await agent.get('/api/record/folders');
    expect(folders.status).toBe(200);
    expect(folders.body.length).toBeGreaterThan(0);
    const synced = await agent.get('/api/sync/records').query({ limit: 2000 });
    expect(folderCounts((synced.body as { records: CrateRecord[] }).records)).toEqual(folders.body);
  });
});

describe.each(TABLES.map((table) => [table.name, table] as const))('wantlists: %s', (name, table) => {
  it.each(table.wantCases.map((c: WantRuleCase) => [label(c), c] as const))(
    'the API answers %s',
    async (_, c) => {
      const { agent, wantKeyOf } = crateOf(name);
      const query: Record<string, string> = { sort: c.sort };
      if (c.search !== undefined) query.search = c.search;
      const res = await agent.get('/api/want').query(query);
      expect(res.status).toBe(200);
      expect((res.body as Want[]).map((w) => wantKeyOf.get(w.id))).toEqual(c.expected);
    },
  );

  it('the contract rules over the synced Wants give every case the same answer', async () => {
    const { agent, wantKeyOf } = crateOf(name);
    const res = await agent.get('/api/sync/wants').query({ limit: 2000 });
    expect(res.status).toBe(200);
    const wants = (res.body as { wants: Want[] }).wants;
    for (const c of table.wantCases) {
      expect(
        wantList(wants, c.sort, c.search).map((w) => wantKeyOf.get(w.id)),
        label(c),
      ).toEqual(c.expected);
    }
  });
});
