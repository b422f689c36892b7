/**
 * The offline copy answers as the server does (EXTENSIONS.md §9: "search, sort and folder filter
 * work on it with the server's rules, so answers are the same as online"): the contract's shared
 * table of cases (contract/src/offlineRules.cases.ts) asked of the API, and the contract's rules
 * applied to the Records `GET /api/sync/*` hands the offline copy. The client runs the same table
 * against the same rules (client/src/lib/offline/offlineRules.test.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  RECORD_RULE_CASES,
  RULE_CASE_CRATE,
  RULE_CASE_WANTS,
  WANT_RULE_CASES,
  recordList,
  wantList,
  type CrateRecord,
  type Want,
} from '@spincrate/contract';
import { createRecord, createSpin, signedInUser, useTestApp, type Agent } from '@/test/harness.js';

const t = useTestApp();

let agent: Agent;
/** Key of the case table → id in this crate, and back. */
const keyOf = new Map<number, string>();
const wantKeyOf = new Map<number, string>();

beforeAll(async () => {
  const signedIn = await signedInUser(t);
  agent = signedIn.agent;
  const userId = signedIn.user.id;
  for (const record of RULE_CASE_CRATE) {
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
  for (const want of RULE_CASE_WANTS) {
    const rows = await t.db.query<{ id: number }>(
      `INSERT INTO wants (user_id, title, artist, notes, year, priority, date_added)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [userId, want.title, want.artist, want.notes, want.year, want.priority, want.dateAdded],
    );
    wantKeyOf.set(rows[0]!.id, want.key);
  }
});

const label = (c: { sort: string; search?: string; folder?: string }) =>
  `sort=${c.sort}${c.search === undefined ? '' : ` search="${c.search}"`}${c.folder === undefined ? '' : ` folder="${c.folder}"`}`;

describe('record lists: the shared cases', () => {
  it.each(RECORD_RULE_CASES.map((c) => [label(c), c] as const))('the API answers %s', async (_, c) => {
    const query: Record<string, string> = { sort: c.sort, limit: '200' };
    if (c.search !== undefined) query.search = c.search;
    if (c.folder !== undefined) query.folder = c.folder;
    const path = c.search === undefined ? '/api/record' : '/api/record/search';
    const res = await agent.get(path).query(query);
    expect(res.status).toBe(200);
    expect((res.body as CrateRecord[]).map((r) => keyOf.get(r.id))).toEqual(c.expected);
  });

  it('the contract rules over the synced Records give every case the same answer', async () => {
    const res = await agent.get('/api/sync/records').query({ limit: 2000 });
    expect(res.status).toBe(200);
    const records = (res.body as { records: CrateRecord[] }).records;
    expect(records).toHaveLength(RULE_CASE_CRATE.length);
    for (const c of RECORD_RULE_CASES) {
      const answer = recordList(records, c).map((r) => keyOf.get(r.id));
      expect(answer, label(c)).toEqual(c.expected);
    }
  });
});

describe('wantlists: the shared cases', () => {
  it.each(WANT_RULE_CASES.map((c) => [label(c), c] as const))('the API answers %s', async (_, c) => {
    const query: Record<string, string> = { sort: c.sort };
    if (c.search !== undefined) query.search = c.search;
    const res = await agent.get('/api/want').query(query);
    expect(res.status).toBe(200);
    expect((res.body as Want[]).map((w) => wantKeyOf.get(w.id))).toEqual(c.expected);
  });

  it('the contract rules over the synced Wants give every case the same answer', async () => {
    const res = await agent.get('/api/sync/wants').query({ limit: 2000 });
    expect(res.status).toBe(200);
    const wants = (res.body as { wants: Want[] }).wants;
    for (const c of WANT_RULE_CASES) {
      expect(
        wantList(wants, c.sort, c.search).map((w) => wantKeyOf.get(w.id)),
        label(c),
      ).toEqual(c.expected);
    }
  });
});
