import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import fc from 'fast-check';
import pg from 'pg';
import {
  createRecord,
  createSpin,
  createTestApp,
  signedInUser,
  type Agent,
  type TestApp,
} from '@/test/harness.js';

const CALM = 3;
const MELLOW = 10;
const HAPPY = 12;

let t: TestApp;
beforeAll(() => {
  t = createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function review(agent: Agent, year: number | string, today?: string) {
  const res = await agent.get(`/api/stats/year/${year}`).query(today === undefined ? {} : { today });
  expect(res.status).toBe(200);
  return res.body;
}

describe('GET /api/stats/year/{yyyy}', () => {
  it('answers 401 without a session', async () => {
    const res = await request(t.app).get('/api/stats/year/2024');
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthenticated');
  });

  it.each(['abc', '24', '20245', '1899', '2024.0', '-2024'])(
    'answers 400 with fields.year for year %j',
    async (year) => {
      const { agent } = await signedInUser(t);
      const res = await agent.get(`/api/stats/year/${year}`).query({ today: '2024-06-01' });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
      expect(res.body.error.fields).toHaveProperty('year');
    },
  );

  it("answers 400 with fields.year for a year after today's year, and accepts today's year", async () => {
    const { agent } = await signedInUser(t);
    const res = await agent.get('/api/stats/year/2025').query({ today: '2024-12-31' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.fields).toHaveProperty('year');
    expect(res.body.error.message).toMatch(/year/);
    const thisYear = new Date().getUTCFullYear();
    expect((await agent.get(`/api/stats/year/${thisYear + 1}`)).status).toBe(400);
    expect((await agent.get(`/api/stats/year/${thisYear}`)).status).toBe(200);
    expect((await agent.get('/api/stats/year/2025').query({ today: '2025-01-01' })).status).toBe(200);
  });

  it.each(['2025-02-29', 'today', ''])('answers 400 with fields.today for today=%j', async (today) => {
    const { agent } = await signedInUser(t);
    const res = await agent.get('/api/stats/year/2024').query({ today });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toHaveProperty('today');
  });

  it('answers zeros, twelve empty months and no favourite for a year without spins', async () => {
    const { user, agent } = await signedInUser(t);
    await createRecord(t.db, user.id, { dateAdded: '2023-05-01T12:00:00Z' });
    const body = await review(agent, 2023, '2024-02-01');
    expect(body).toEqual({
      year: 2023,
      complete: true,
      spins: 0,
      plays: 0,
      minutes: 0,
      records_played: 0,
      records_added: 1,
      first_plays: 0,
      rescued: 0,
      top_records: [],
      top_artists: [],
      by_mood: [],
      by_tag: [],
      by_decade: [],
      longest_streak: 0,
      busiest_month: null,
      busiest_weekday: null,
      plays_by_month: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
      favourite_new_record: null,
      spend: [],
    });
  });

  it('counts a year across 31 Dec / 1 Jan and 29 Feb: first plays, rescued records, ties', async () => {
    const { user, agent } = await signedInUser(t);
    const { user: other } = await signedInUser(t);
    const rec = (fields: Parameters<typeof createRecord>[2]) => createRecord(t.db, user.id, fields);
    const a = await rec({
      title: 'Kind of Blue',
      artist: 'Miles Davis',
      moodId: MELLOW,
      year: 1959,
      tags: ['Jazz', 'modal'],
      dateAdded: '2022-01-01T10:00:00Z',
    });
    const b = await rec({
      title: 'Bitches Brew',
      artist: 'miles davis',
      moodId: HAPPY,
      year: 1970,
      tags: ['jazz'],
      dateAdded: '2024-01-15T10:00:00Z',
    });
    const c = await rec({
      title: 'Dummy',
      artist: 'Portishead',
      moodId: CALM,
      year: 1994,
      tags: ['trip-hop'],
      dateAdded: '2020-05-01T10:00:00Z',
    });
    // Added exactly 365 days before its first play (2023 has no 29 February).
    const d = await rec({
      title: 'Pink Moon',
      artist: 'Nick Drake',
      moodId: CALM,
      dateAdded: '2023-01-02T08:00:00Z',
    });
    // Added on 31 December 2023 (UTC), a year earlier than its first play.
    const e = await rec({
      title: 'Bryter Layter',
      artist: 'Nick Drake',
      moodId: MELLOW,
      year: 1972,
      dateAdded: '2023-12-31T23:30:00Z',
    });
    // Added in the last second of 2024, played only on 1 January 2025.
    const f = await rec({ title: 'Next Year', artist: 'Later', dateAdded: '2024-12-31T23:59:59Z' });
    const g = await rec({ title: 'Old Year', artist: 'Earlier', dateAdded: '2021-01-01T00:00:00Z' });
    const h = await rec({
      title: 'Moon Safari',
      artist: 'Air',
      moodId: HAPPY,
      year: 2016,
      dateAdded: '2024-06-01T00:00:00Z',
    });
    // Played 364 days after its previous play: not rescued.
    const j = await rec({ title: 'Bloom', artist: 'Beach House', dateAdded: '2020-01-01T00:00:00Z' });
    // Created after h, so it ties with h (1 play, last played 31 December) and comes after it.
    const k = await rec({
      title: 'Third',
      artist: 'Portishead',
      moodId: CALM,
      year: 1994,
      tags: ['Trip-Hop', 'bristol'],
      dateAdded: '2019-06-01T00:00:00Z',
    });
    await rec({ title: 'Next Decade', dateAdded: '2025-01-01T00:00:00Z' });

    const spin = (listenedAt: string, records: number[], minutes: number) =>
      createSpin(t.db, user.id, records, { listenedAt, minutes });
    await spin('2022-03-01', [c], 10);
    await spin('2023-03-05', [j], 10);
    await spin('2023-12-31', [a, g], 60);
    await spin('2024-01-01', [a, e], 45);
    await spin('2024-01-02', [d], 30);
    await spin('2024-02-29', [a, b], 50);
    await spin('2024-02-29', [a], 20);
    await spin('2024-03-01', [c], 40);
    await spin('2024-03-02', [c], 35);
    await spin('2024-03-03', [j], 25);
    await spin('2024-12-31', [b, h, k], 65);
    await spin('2025-01-01', [f], 15);
    // Someone else's spins in the same year count for them only.
    const theirs = await createRecord(t.db, other.id, { dateAdded: '2024-02-01T00:00:00Z' });
    await createSpin(t.db, other.id, [theirs], { listenedAt: '2024-02-29', minutes: 30 });

    const body = await review(agent, 2024, '2024-12-31');
    expect(body.year).toBe(2024);
    expect(body.complete).toBe(true);
    expect(body.spins).toBe(8);
    expect(body.plays).toBe(12);
    expect(body.minutes).toBe(45 + 30 + 50 + 20 + 40 + 35 + 25 + 65);
    expect(body.records_played).toBe(8);
    // b (15 Jan), h (1 Jun), f (31 Dec 23:59:59 UTC); not e (31 Dec 2023) nor 1 Jan 2025.
    expect(body.records_added).toBe(3);
    // b, d, e, h, k were never spun before 2024; a (2023) and c, j (earlier) were.
    expect(body.first_plays).toBe(5);
    // c (731 days after its 2022 play), d (365 days after it was added), k (5 years after).
    expect(body.rescued).toBe(3);
    type Entry = {
      record: { id: number; title: string; play_count: number; coverart: string };
      plays: number;
    };
    expect(body.top_records.map((x: Entry) => [x.record.id, x.plays])).toEqual([
      [a, 3],
      [b, 2], // last played 31 Dec
      [c, 2], // last played 2 Mar
      [h, 1], // 31 Dec, lower id
      [k, 1], // 31 Dec
      [j, 1], // 3 Mar
      [d, 1], // 2 Jan
      [e, 1], // 1 Jan
    ]);
    expect(body.top_records[0].record).toMatchObject({
      id: a,
      title: 'Kind of Blue',
      artist: 'Miles Davis',
      mood: 'Mellow',
      year: 1959,
      play_count: 4, // every year's plays
      last_played: '2024-02-29',
      tags: '["Jazz","modal"]',
    });
    expect(typeof body.top_records[0].record.coverart).toBe('string');
    expect(body.top_artists).toEqual([
      { artist: 'Miles Davis', records: 2, plays: 5 },
      { artist: 'Portishead', records: 2, plays: 3 },
      { artist: 'Nick Drake', records: 2, plays: 2 },
      { artist: 'Air', records: 1, plays: 1 },
      { artist: 'Beach House', records: 1, plays: 1 },
    ]);
    expect(body.by_mood).toEqual([
      { mood: 'Mellow', records: 3, plays: 5 },
      { mood: 'Calm', records: 3, plays: 4 },
      { mood: 'Happy', records: 2, plays: 3 },
    ]);
    expect(body.by_tag).toEqual([
      { tag: 'jazz', records: 2, plays: 5 },
      { tag: 'trip-hop', records: 2, plays: 3 },
      { tag: 'modal', records: 1, plays: 3 },
      { tag: 'bristol', records: 1, plays: 1 },
    ]);
    expect(body.by_decade).toEqual([
      { decade: 1970, records: 2, plays: 3 },
      { decade: 1990, records: 2, plays: 3 },
      { decade: 1950, records: 1, plays: 3 },
      { decade: null, records: 2, plays: 2 },
      { decade: 2010, records: 1, plays: 1 },
    ]);
    // 29 Feb … 3 Mar is the longest run; 31 Dec 2023 … 2 Jan 2024 counts only its 2024 days.
    expect(body.longest_streak).toBe(4);
    expect(body.plays_by_month).toEqual([3, 3, 3, 0, 0, 0, 0, 0, 0, 0, 0, 3]);
    // Four months tie at 3 plays: the earliest.
    expect(body.busiest_month).toBe(1);
    // Tuesdays (2 Jan: 1, 31 Dec: 3) beat Thursday 29 Feb (3).
    expect(body.busiest_weekday).toBe(2);
    expect(body.favourite_new_record.record).toMatchObject({ id: b, title: 'Bitches Brew' });
    expect(body.favourite_new_record.plays).toBe(2);
    expect(body.spend).toEqual([]);

    // The year before: the run across New Year counts 1 day in 2023; nothing added in 2023 was played in it.
    const before = await review(agent, 2023, '2024-12-31');
    expect(before).toMatchObject({
      year: 2023,
      complete: true,
      spins: 2,
      plays: 3,
      minutes: 70,
      records_played: 3,
      records_added: 2,
      first_plays: 3,
      rescued: 3,
      longest_streak: 1,
      busiest_month: 12,
      busiest_weekday: 7,
      plays_by_month: [0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 2],
      favourite_new_record: null,
    });
  });

  it('rescues a record played on 1 January and again on 31 December of a leap year (365 days), not with a play between', async () => {
    const { user, agent } = await signedInUser(t);
    const twice = await createRecord(t.db, user.id, { dateAdded: '2023-12-31T12:00:00Z' });
    const thrice = await createRecord(t.db, user.id, { dateAdded: '2023-12-31T12:00:00Z' });
    await createSpin(t.db, user.id, [twice, thrice], { listenedAt: '2024-01-01' });
    await createSpin(t.db, user.id, [thrice], { listenedAt: '2024-06-01' });
    await createSpin(t.db, user.id, [twice, thrice], { listenedAt: '2024-12-31' });
    const body = await review(agent, 2024, '2024-12-31');
    expect(body).toMatchObject({ records_played: 2, first_plays: 2, rescued: 1, plays: 5 });
  });

  it('sums spend per currency over the records bought in the year only (API.md "Year in review": spend as in Stats, for records bought that year)', async () => {
    const { user, agent } = await signedInUser(t);
    const bought = (cents: number, currency: string, on: string | null) =>
      createRecord(t.db, user.id, {
        collection: { price_cents: cents, price_currency: currency, purchased_on: on },
      });
    await bought(2_550, 'EUR', '2024-01-01');
    await bought(1_000, 'EUR', '2024-12-31');
    await bought(1_999, 'USD', '2024-02-29');
    await bought(5_000, 'EUR', '2023-12-31');
    await bought(7_000, 'EUR', '2025-01-01');
    await bought(9_900, 'EUR', null);
    const body = await review(agent, 2024, '2025-06-01');
    expect(body.spend).toEqual([
      { currency: 'EUR', total: '35.50', records: 2 },
      { currency: 'USD', total: '19.99', records: 1 },
    ]);
    expect((await review(agent, 2023, '2025-06-01')).spend).toEqual([
      { currency: 'EUR', total: '50.00', records: 1 },
    ]);
    expect((await review(agent, 2022, '2025-06-01')).spend).toEqual([]);
  });

  it('groups artists and tags ignoring case over records spelled differently, counts a record once per tag, and leaves out plays of other years', async () => {
    const { user, agent } = await signedInUser(t);
    const rec = (fields: Parameters<typeof createRecord>[2]) =>
      createRecord(t.db, user.id, { dateAdded: '2020-01-01T00:00:00Z', ...fields });
    const r1 = await rec({
      artist: 'air',
      moodId: HAPPY,
      year: 1998,
      tags: ['Electronic', 'electronic', 'French'],
    });
    const r2 = await rec({ artist: 'Air', moodId: HAPPY, year: 1998, tags: ['electronic', 'french'] });
    const r3 = await rec({
      artist: 'AIR',
      moodId: CALM,
      year: 2004,
      tags: ['Electronic', 'electronic', 'French'],
    });
    const r4 = await rec({ artist: 'Zed', moodId: CALM, tags: ['french'] });
    const spin = (listenedAt: string, records: number[]) =>
      createSpin(t.db, user.id, records, { listenedAt, minutes: 30 });
    await spin('2023-06-01', [r1, r4]);
    await spin('2024-03-01', [r1, r2, r3]);
    await spin('2024-03-02', [r1]);
    await spin('2025-01-01', [r4, r2]);

    const body = await review(agent, 2024, '2025-06-01');
    expect(body).toMatchObject({
      spins: 2,
      plays: 4,
      minutes: 60,
      records_played: 3,
      // r2 and r3 were never spun before 2024; r1 was in 2023.
      first_plays: 2,
      // r2 and r3 more than 365 days after they were added; r1 274 days after its 2023 play.
      rescued: 2,
      plays_by_month: [0, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0],
    });
    expect(
      body.top_records.map((x: { record: { id: number }; plays: number }) => [x.record.id, x.plays]),
    ).toEqual([
      [r1, 2],
      [r2, 1],
      [r3, 1],
    ]);
    // One artist whatever the case, named by the spelling first in code-point order.
    expect(body.top_artists).toEqual([{ artist: 'AIR', records: 3, plays: 4 }]);
    expect(body.by_tag).toEqual([
      { tag: 'electronic', records: 3, plays: 4 },
      { tag: 'french', records: 3, plays: 4 },
    ]);
    expect(body.by_mood).toEqual([
      { mood: 'Happy', records: 2, plays: 3 },
      { mood: 'Calm', records: 1, plays: 1 },
    ]);
    expect(body.by_decade).toEqual([
      { decade: 1990, records: 2, plays: 3 },
      { decade: 2000, records: 1, plays: 1 },
    ]);

    // 2025: r4 comes back 580 days after its 2023 play (none in 2024); r2 306 days after its last.
    expect(await review(agent, 2025, '2025-06-01')).toMatchObject({
      spins: 1,
      plays: 2,
      records_played: 2,
      first_plays: 0,
      rescued: 1,
      top_artists: [
        { artist: 'Air', records: 1, plays: 1 },
        { artist: 'Zed', records: 1, plays: 1 },
      ],
      by_tag: [
        { tag: 'french', records: 2, plays: 2 },
        { tag: 'electronic', records: 1, plays: 1 },
      ],
    });
  });

  it('top_records and favourite_new_record carry each record\'s own cover, or null (API.md "Covers served by Spincrate")', async () => {
    // API.md: "Every Record and Want gains `cover`: { "small": "/covers/{key}-250.webp",
    // "large": "/covers/{key}-500.webp" } once the image has been fetched, else `null`".
    const { user, agent } = await signedInUser(t);
    const own = await createRecord(t.db, user.id, {
      coverart: 'https://coverartarchive.org/release/abc/front',
      dateAdded: '2024-03-01T12:00:00Z',
    });
    const bare = await createRecord(t.db, user.id, { dateAdded: '2023-03-01T12:00:00Z' });
    const key = '0123456789abcdef0123456789abcdef';
    await t.db.query('UPDATE records SET cover_key = $2 WHERE id = $1', [own, key]);
    await createSpin(t.db, user.id, [own, bare], { listenedAt: '2024-06-01' });
    await createSpin(t.db, user.id, [own], { listenedAt: '2024-06-02' });
    const body = await review(agent, 2024, '2024-12-31');
    const cover = { small: `/covers/${key}-250.webp`, large: `/covers/${key}-500.webp` };
    expect(
      body.top_records.map((x: { record: { id: number; cover: unknown } }) => [x.record.id, x.record.cover]),
    ).toEqual([
      [own, cover],
      [bare, null],
    ]);
    expect(body.favourite_new_record.record).toMatchObject({ id: own, cover });
  });

  it('is complete from 31 December on, not before', async () => {
    const { agent } = await signedInUser(t);
    expect((await review(agent, 2024, '2024-01-01')).complete).toBe(false);
    expect((await review(agent, 2024, '2024-12-30')).complete).toBe(false);
    expect((await review(agent, 2024, '2024-12-31')).complete).toBe(true);
    expect((await review(agent, 2024, '2025-01-01')).complete).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------
// Property: the year agrees with a plain computation from the same records and spins.

const DAY_MS = 86_400_000;
const BASE = Date.parse('2023-11-15T00:00:00Z');
const dayText = (offset: number) => new Date(BASE + offset * DAY_MS).toISOString().slice(0, 10);
const dayNumber = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);

describe('GET /api/stats/year/{yyyy} after changes', () => {
  it('follows spins added and deleted, records edited and deleted after its first answer', async () => {
    const { user, agent } = await signedInUser(t);
    const rec = (fields: Parameters<typeof createRecord>[2]) =>
      createRecord(t.db, user.id, { dateAdded: '2020-01-01T00:00:00Z', ...fields });
    const r1 = await rec({
      title: 'Moon Safari',
      artist: 'Air',
      moodId: HAPPY,
      year: 1998,
      tags: ['electronic'],
    });
    const r2 = await rec({
      title: 'Talkie Walkie',
      artist: 'Zed',
      moodId: CALM,
      year: 2004,
      tags: ['french'],
    });
    const r3 = await rec({
      title: 'Play',
      artist: 'Moby',
      moodId: CALM,
      year: 1999,
      tags: ['electronic', 'ambient'],
    });
    const r4 = await rec({ title: 'Gone Soon', artist: 'Gone', moodId: CALM, year: 1980, tags: ['gone'] });
    const spin = (listenedAt: string, records: number[]) =>
      createSpin(t.db, user.id, records, { listenedAt, minutes: 30 });
    await spin('2024-03-01', [r1, r2]);
    await spin('2024-04-01', [r3]);
    const s3 = await spin('2024-05-01', [r1]);
    await spin('2024-07-01', [r4]);

    expect(await review(agent, 2024, '2025-06-01')).toMatchObject({
      spins: 4,
      plays: 5,
      records_played: 4,
      top_artists: [
        { artist: 'Air', records: 1, plays: 2 },
        { artist: 'Gone', records: 1, plays: 1 },
        { artist: 'Moby', records: 1, plays: 1 },
        { artist: 'Zed', records: 1, plays: 1 },
      ],
    });

    // Zed's record becomes Air's, happy and of 1998; Play's tags change as a look-up would.
    const edit = await agent.put('/api/record/edit').send({
      id: r2,
      title: 'Talkie Walkie',
      artist: 'Air',
      mood: HAPPY,
      year: 1998,
      details: 'Edited',
    });
    expect(edit.status).toBe(200);
    await t.db.query(`UPDATE records SET tags = ARRAY['Ambient', 'AMBIENT'] WHERE id = $1`, [r3]);
    const added = await agent
      .post('/api/spins/add')
      .send({ timeSpent: '0:45', listenedAt: '2024-06-01', details: 'Again', albums: [r2, r3] });
    expect(added.status).toBe(201);
    expect((await agent.delete(`/api/spins/${s3}`)).status).toBe(204);
    expect((await agent.delete(`/api/record/${r4}`)).status).toBe(204);

    const body = await review(agent, 2024, '2025-06-01');
    expect(body).toMatchObject({
      // The spin of the deleted record stays, with no plays.
      spins: 4,
      plays: 5,
      minutes: 30 + 30 + 30 + 45,
      records_played: 3,
      first_plays: 3,
      // Each first played more than 365 days after it was added.
      rescued: 3,
      top_artists: [
        { artist: 'Air', records: 2, plays: 3 },
        { artist: 'Moby', records: 1, plays: 2 },
      ],
      by_mood: [
        { mood: 'Happy', records: 2, plays: 3 },
        { mood: 'Calm', records: 1, plays: 2 },
      ],
      by_decade: [{ decade: 1990, records: 3, plays: 5 }],
      by_tag: [
        { tag: 'ambient', records: 1, plays: 2 },
        { tag: 'french', records: 1, plays: 2 },
        { tag: 'electronic', records: 1, plays: 1 },
      ],
      longest_streak: 1,
      // March and June have 2 plays each: the earlier; Friday 1 March and Saturday 1 June: Friday.
      busiest_month: 3,
      busiest_weekday: 5,
      plays_by_month: [0, 0, 2, 1, 0, 2, 0, 0, 0, 0, 0, 0],
      favourite_new_record: null,
    });
    expect(
      body.top_records.map((x: { record: { id: number }; plays: number }) => [x.record.id, x.plays]),
    ).toEqual([
      [r2, 2],
      [r3, 2],
      [r1, 1],
    ]);
  });

  it('answers first requests sent together after a large import alike, each record counted once', async () => {
    const { user, agent } = await signedInUser(t);
    // 2,100 records, each played once in 2024 (more changes than one catch-up statement takes).
    const n = 2100;
    await t.db.query(
      `INSERT INTO records (user_id, title, artist, mood_id, tags, date_added)
       SELECT $1, 'Album ' || i, 'Artist ' || (i % 7), 1 + i % 20, ARRAY['Tag ' || (i % 3)], '2024-01-01T12:00:00Z'
         FROM generate_series(1, $2) AS i`,
      [user.id, n],
    );
    await t.db.withTransaction(async (tx) => {
      await tx.query(
        `INSERT INTO spins (user_id, listened_at, minutes_spent, spin_details)
         SELECT $1, '2024-02-01'::date + (i % 300), 30, 'Imported ' || i FROM generate_series(1, $2) AS i`,
        [user.id, n],
      );
      await tx.query(
        `INSERT INTO spin_records (spin_id, record_id, position)
         SELECT s.id, r.id, 0
           FROM (SELECT id, row_number() OVER (ORDER BY id) AS k FROM spins WHERE user_id = $1) s
           JOIN (SELECT id, row_number() OVER (ORDER BY id) AS k FROM records WHERE user_id = $1) r USING (k)`,
        [user.id],
      );
      // The plays the spin writes keep (API.md Record: play_count, last_played).
      await tx.query(
        `UPDATE record_plays p SET play_count = 1,
                last_played = (SELECT max(s.listened_at) FROM spin_records sr JOIN spins s ON s.id = sr.spin_id
                                WHERE sr.record_id = p.record_id)
          WHERE p.user_id = $1`,
        [user.id],
      );
    });

    const answers = await Promise.all([1, 2, 3].map(() => review(agent, 2024, '2024-12-31')));
    for (const body of answers) {
      expect(body).toEqual(answers[0]);
      expect(body).toMatchObject({ spins: n, plays: n, records_played: n, records_added: n, first_plays: n });
    }
    expect(answers[0].by_tag).toEqual([
      { tag: 'tag 0', records: n / 3, plays: n / 3 },
      { tag: 'tag 1', records: n / 3, plays: n / 3 },
      { tag: 'tag 2', records: n / 3, plays: n / 3 },
    ]);
    expect(answers[0].top_artists).toHaveLength(7);
    expect(await review(agent, 2024, '2025-01-01')).toEqual({ ...answers[0], complete: true });
  });
});

describe('GET /api/stats/year/{yyyy}, property', () => {
  it('sums plays_by_month to plays, keeps first_plays ≤ records_played, and agrees with a model', async () => {
    const scenarioArb = fc
      .array(fc.integer({ min: -800, max: 500 }), { minLength: 1, maxLength: 6 })
      .chain((added) =>
        fc.record({
          added: fc.constant(added),
          spins: fc.array(
            fc.record({
              // 2023-11-15 … 2025-03-29: two year boundaries and 29 February 2024.
              day: fc.integer({ min: 0, max: 500 }),
              minutes: fc.integer({ min: 0, max: 300 }),
              records: fc.uniqueArray(fc.integer({ min: 0, max: added.length - 1 }), {
                minLength: 1,
                maxLength: added.length,
              }),
            }),
            { maxLength: 12 },
          ),
          year: fc.constantFrom(2023, 2024, 2025),
        }),
      );
    const { user, agent } = await signedInUser(t);
    await fc.assert(
      fc.asyncProperty(scenarioArb, async ({ added, spins, year }) => {
        await t.db.query('DELETE FROM spins WHERE user_id = $1', [user.id]);
        await t.db.query('DELETE FROM records WHERE user_id = $1', [user.id]);
        const ids: number[] = [];
        for (const offset of added) {
          ids.push(await createRecord(t.db, user.id, { dateAdded: `${dayText(offset)}T12:00:00Z` }));
        }
        for (const s of spins) {
          await createSpin(
            t.db,
            user.id,
            s.records.map((i) => ids[i]!),
            { listenedAt: dayText(s.day), minutes: s.minutes },
          );
        }
        const body = await review(agent, year, '2025-12-31');

        // The model: every play (record index, day), from the generated spins alone.
        const inYear = (date: string) => date.startsWith(`${year}-`);
        const plays = spins.flatMap((s) => s.records.map((r) => ({ r, date: dayText(s.day) })));
        const yearPlays = plays.filter((p) => inYear(p.date));
        const months = Array.from({ length: 12 }, () => 0);
        for (const p of yearPlays) months[Number(p.date.slice(5, 7)) - 1]! += 1;
        const played = new Set(yearPlays.map((p) => p.r));
        let firsts = 0;
        let rescued = 0;
        for (const r of played) {
          const days = [...new Set(plays.filter((p) => p.r === r).map((p) => p.date))].sort();
          if (inYear(days[0]!)) firsts += 1;
          const isRescued = days.some((date, i) => {
            if (!inYear(date)) return false;
            const previous = i > 0 ? days[i - 1]! : dayText(added[r]!);
            return dayNumber(date) - dayNumber(previous) >= 365;
          });
          if (isRescued) rescued += 1;
        }

        expect(body.plays_by_month.reduce((sum: number, n: number) => sum + n, 0)).toBe(body.plays);
        expect(body.first_plays).toBeLessThanOrEqual(body.records_played);
        expect({
          spins: body.spins,
          plays: body.plays,
          minutes: body.minutes,
          records_played: body.records_played,
          records_added: body.records_added,
          first_plays: body.first_plays,
          rescued: body.rescued,
          plays_by_month: body.plays_by_month,
        }).toEqual({
          spins: spins.filter((s) => inYear(dayText(s.day))).length,
          plays: yearPlays.length,
          minutes: spins.filter((s) => inYear(dayText(s.day))).reduce((sum, s) => sum + s.minutes, 0),
          records_played: played.size,
          records_added: added.filter((offset) => inYear(dayText(offset))).length,
          first_plays: firsts,
          rescued,
          plays_by_month: months,
        });
      }),
      { numRuns: 25, seed: 20261125 },
    );
  }, 300_000);
});

describe('the year summaries kept for every user', () => {
  it("brings one user's changed record up to date without reading the other users' groups", async () => {
    // A collector with many groups (a tag per record) and another one with one record.
    const { user: big, agent: bigAgent } = await signedInUser(t);
    const bigRecords = [];
    for (let i = 0; i < 40; i += 1) {
      bigRecords.push(
        await createRecord(t.db, big.id, {
          dateAdded: '2020-01-01T00:00:00Z',
          artist: `Artist ${i}`,
          year: 1950 + i,
          tags: [`tag ${i}`, `style ${i}`],
        }),
      );
    }
    await createSpin(t.db, big.id, bigRecords, { listenedAt: '2024-05-01' });
    const { user: small, agent: smallAgent } = await signedInUser(t);
    const record = await createRecord(t.db, small.id, { dateAdded: '2020-01-01T00:00:00Z', tags: ['jazz'] });
    await createSpin(t.db, small.id, [record], { listenedAt: '2024-05-01' });
    expect((await review(bigAgent, 2024, '2025-01-01')).records_played).toBe(40);
    expect((await review(smallAgent, 2024, '2025-01-01')).records_played).toBe(1);
    // A second play of the small crate's record: its groups change by one play.
    await createSpin(t.db, small.id, [record], { listenedAt: '2024-06-01' });
    // A connection of its own: the counts of what it read are this transaction's alone.
    const own = new pg.Client({ connectionString: t.ctx.config.DATABASE_URL });
    await own.connect();
    let read: { rows: number; own: number; total: number };
    try {
      await own.query('BEGIN');
      await own.query('SELECT 1 FROM year_summary_revs WHERE user_id = $1 FOR UPDATE', [small.id]);
      await own.query('SELECT refresh_record_years(ARRAY[$1]::int[])', [record]);
      // Rows of year_groups the refresh read (before counting them below).
      const stats = await own.query<{ rows: number }>(
        `SELECT (seq_tup_read + idx_tup_fetch)::int AS rows
           FROM pg_stat_xact_user_tables WHERE relname = 'year_groups'`,
      );
      const counts = await own.query<{ own: number; total: number }>(
        `SELECT count(*) FILTER (WHERE user_id = $1)::int AS own, count(*)::int AS total FROM year_groups`,
        [small.id],
      );
      await own.query('COMMIT');
      read = { rows: stats.rows[0]!.rows, ...counts.rows[0]! };
    } finally {
      await own.end();
    }
    // The big collector's 40 records make well over 100 groups; the small one's are a handful.
    expect(read.total - read.own).toBeGreaterThan(100);
    expect(read.rows).toBeLessThanOrEqual(read.own);
    const after = await review(smallAgent, 2024, '2025-01-02');
    expect(after.plays).toBe(2);
    expect(after.records_played).toBe(1);
  });
});

describe('GET /api/stats/year/{yyyy} as a conditional GET', () => {
  it('answers 304 to the same question while nothing changed, and the new numbers after a spin', async () => {
    const { user, agent } = await signedInUser(t);
    const record = await createRecord(t.db, user.id, { dateAdded: '2024-01-10T12:00:00Z' });
    await createSpin(t.db, user.id, [record], { listenedAt: '2024-03-01' });
    const first = await agent.get('/api/stats/year/2024').query({ today: '2024-06-01' });
    expect(first.status).toBe(200);
    expect(first.body.plays).toBe(1);
    const tag = first.headers.etag as string;
    expect(tag).toBeTruthy();

    const again = await agent
      .get('/api/stats/year/2024')
      .query({ today: '2024-06-01' })
      .set('If-None-Match', tag);
    expect(again.status).toBe(304);

    const added = await agent.post('/api/spins/add').send({
      timeSpent: '0:40',
      listenedAt: '2024-03-02',
      details: 'Side two again',
      albums: [record],
    });
    expect(added.status).toBe(201);
    const after = await agent
      .get('/api/stats/year/2024')
      .query({ today: '2024-06-01' })
      .set('If-None-Match', tag);
    expect(after.status).toBe(200);
    expect(after.body.plays).toBe(2);
    expect(after.headers.etag).not.toBe(tag);

    // Another "today" is another question.
    const later = await agent
      .get('/api/stats/year/2024')
      .query({ today: '2025-01-01' })
      .set('If-None-Match', after.headers.etag as string);
    expect(later.status).toBe(200);
    expect(later.body.complete).toBe(true);
  });
});
