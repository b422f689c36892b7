import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import fc from 'fast-check';
import { createRecord, createTestApp, signedInUser, type Agent, type TestApp } from '@/test/harness.js';

const MELLOW = 10;
const HAPPY = 12;
const CALM = 3;

let t: TestApp;
beforeAll(() => {
  t = createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Logs a spin through the API, as the app does. @returns its id */
async function spin(agent: Agent, listenedAt: string, albums: number[], timeSpent = '1:00'): Promise<number> {
  const res = await agent.post('/api/spins/add').send({ listenedAt, timeSpent, details: 'a spin', albums });
  expect(res.status).toBe(201);
  return res.body.id as number;
}

async function stats(agent: Agent, today?: string) {
  const res = await agent.get('/api/stats').query(today === undefined ? {} : { today });
  expect(res.status).toBe(200);
  return res.body;
}

describe('GET /api/stats', () => {
  it('answers 401 without a session', async () => {
    const res = await request(t.app).get('/api/stats');
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthenticated');
  });

  it.each(['2025-02-29', '2025-13-01', '2025-1-01', '01/02/2025', 'today', '', '2025-01-01T00:00:00Z'])(
    'answers 400 with fields.today for today=%j',
    async (today) => {
      const { agent } = await signedInUser(t);
      const res = await agent.get('/api/stats').query({ today });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
      expect(res.body.error.fields).toHaveProperty('today');
    },
  );

  it('answers zeros and empty lists for an empty crate, with today defaulting to the UTC date', async () => {
    const { agent } = await signedInUser(t);
    const before = new Date().toISOString().slice(0, 10);
    const body = await stats(agent);
    const after = new Date().toISOString().slice(0, 10);
    expect([before, after]).toContain(body.today);
    expect(body).toEqual({
      today: body.today,
      records: 0,
      spins: 0,
      minutes: 0,
      first_spin: null,
      spin_years: [],
      current_streak: 0,
      longest_streak: 0,
      days: [],
      top_records: [],
      never_played: 0,
      by_mood: [],
      by_tag: [],
      by_decade: [],
      // API.md "Collection details": no prices, nothing spent.
      spend: [],
      cost_per_play: [],
    });
  });

  it('counts across a year boundary and 29 February, with two spins on one day and a spin of three records', async () => {
    const { user, agent } = await signedInUser(t);
    const a = await createRecord(t.db, user.id, {
      title: 'A',
      moodId: MELLOW,
      year: 1959,
      tags: ['Jazz', 'modal'],
    });
    const b = await createRecord(t.db, user.id, { title: 'B', moodId: MELLOW, year: 1965, tags: ['jazz'] });
    const c = await createRecord(t.db, user.id, {
      title: 'C',
      moodId: HAPPY,
      year: 1994,
      tags: ['trip-hop'],
    });
    await createRecord(t.db, user.id, { title: 'D', moodId: CALM, tags: ['JAZZ'] });

    // 2023-12-30 … 2024-01-02: four days in a row across New Year.
    await spin(agent, '2023-12-30', [a], '0:45');
    await spin(agent, '2023-12-31', [a, b, c], '2:05');
    await spin(agent, '2024-01-01', [b], '0:30');
    await spin(agent, '2024-01-02', [a], '1:00');
    // 28 Feb, 29 Feb and 1 Mar 2024: three in a row; 29 Feb has two spins.
    await spin(agent, '2024-02-28', [c], '0:40');
    await spin(agent, '2024-02-29', [a], '0:50');
    await spin(agent, '2024-02-29', [c, a], '1:10');
    await spin(agent, '2024-03-01', [c], '0:20');

    const body = await stats(agent, '2024-03-02');
    expect(body.today).toBe('2024-03-02');
    expect(body.records).toBe(4);
    expect(body.spins).toBe(8);
    expect(body.minutes).toBe(45 + 125 + 30 + 60 + 40 + 50 + 70 + 20);
    expect(body.first_spin).toBe('2023-12-30');
    expect(body.spin_years).toEqual([2023, 2024]);
    // Today (2 March) has no spin yet: the run ending yesterday counts.
    expect(body.current_streak).toBe(3);
    expect(body.longest_streak).toBe(4);
    expect(body.days).toEqual([
      { date: '2023-12-30', spins: 1, minutes: 45 },
      { date: '2023-12-31', spins: 1, minutes: 125 },
      { date: '2024-01-01', spins: 1, minutes: 30 },
      { date: '2024-01-02', spins: 1, minutes: 60 },
      { date: '2024-02-28', spins: 1, minutes: 40 },
      { date: '2024-02-29', spins: 2, minutes: 120 },
      { date: '2024-03-01', spins: 1, minutes: 20 },
    ]);
    // Plays: a 5 (last 29 Feb), c 4 (last 1 Mar), b 2 (last 1 Jan).
    expect(body.top_records.map((r: { id: number }) => r.id)).toEqual([a, c, b]);
    expect(body.top_records[0]).toMatchObject({
      id: a,
      title: 'A',
      play_count: 5,
      last_played: '2024-02-29',
      year: 1959,
      mood: 'Mellow',
    });
    expect(body.top_records[1]).toMatchObject({ play_count: 4, last_played: '2024-03-01' });
    expect(typeof body.top_records[0].coverart).toBe('string');
    expect(body.never_played).toBe(1);
    expect(body.by_mood).toEqual([
      { mood: 'Mellow', records: 2, plays: 7 },
      { mood: 'Happy', records: 1, plays: 4 },
      { mood: 'Calm', records: 1, plays: 0 },
    ]);
    expect(body.by_tag).toEqual([
      { tag: 'jazz', records: 3, plays: 7 },
      { tag: 'modal', records: 1, plays: 5 },
      { tag: 'trip-hop', records: 1, plays: 4 },
    ]);
    expect(body.by_decade).toEqual([
      { decade: 1950, records: 1, plays: 5 },
      { decade: 1990, records: 1, plays: 4 },
      { decade: 1960, records: 1, plays: 2 },
      { decade: null, records: 1, plays: 0 },
    ]);
  });

  it('lists only the 365 days ending today and anchors the current streak on today', async () => {
    const { user, agent } = await signedInUser(t);
    const a = await createRecord(t.db, user.id);
    await spin(agent, '2024-03-01', [a]);
    await spin(agent, '2024-03-02', [a]);
    await spin(agent, '2025-02-28', [a]);
    await spin(agent, '2025-03-01', [a]);

    // 2025-03-01 − 364 days = 2024-03-02: 1 March 2024 is outside, 2 March inside.
    const onDay = await stats(agent, '2025-03-01');
    expect(onDay.days.map((d: { date: string }) => d.date)).toEqual([
      '2024-03-02',
      '2025-02-28',
      '2025-03-01',
    ]);
    expect(onDay.current_streak).toBe(2);
    expect(onDay.longest_streak).toBe(2);
    expect(onDay.spins).toBe(4);

    // Two days later the run is over: yesterday (2 March) had no spin.
    const later = await stats(agent, '2025-03-03');
    expect(later.current_streak).toBe(0);
    expect(later.days.map((d: { date: string }) => d.date)).toEqual(['2025-02-28', '2025-03-01']);
  });

  it('lists at most 10 top records and 20 tags, ties by last_played then id, and tags by name', async () => {
    const { user, agent } = await signedInUser(t);
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) {
      ids.push(
        await createRecord(t.db, user.id, {
          title: `R${i}`,
          tags: Array.from({ length: 22 }, (_, k) => `t${String(k).padStart(2, '0')}`).slice(i, i + 11),
        }),
      );
    }
    // Every record once; ids[0..5] on 1 May, ids[6..11] on 2 May.
    await spin(agent, '2025-05-01', ids.slice(0, 6));
    await spin(agent, '2025-05-02', ids.slice(6));
    const body = await stats(agent, '2025-05-02');
    expect(body.top_records.map((r: { id: number }) => r.id)).toEqual([...ids.slice(6), ...ids.slice(0, 4)]);
    expect(body.by_tag).toHaveLength(20);
    // t10 and t11 are on 11 records; t00 on 1, t21 on 1.
    expect(body.by_tag[0]).toEqual({ tag: 't10', records: 11, plays: 11 });
    expect(body.by_tag[1]).toEqual({ tag: 't11', records: 11, plays: 11 });
    const counts = body.by_tag.map((g: { records: number }) => g.records);
    expect(counts).toEqual([...counts].sort((x, y) => y - x));
    expect(body.by_tag.at(-1)).toEqual({ tag: 't20', records: 2, plays: 2 });
  });

  it('top_records and cost_per_play carry each record\'s own cover, or null (API.md "Covers served by Spincrate")', async () => {
    // API.md: "Every Record and Want gains `cover`: { "small": "/covers/{key}-250.webp",
    // "large": "/covers/{key}-500.webp" } once the image has been fetched, else `null`".
    const { user, agent } = await signedInUser(t);
    const priced = { price_cents: 1500, price_currency: 'EUR', purchased_on: '2024-05-01' };
    const own = await createRecord(t.db, user.id, {
      coverart: 'https://coverartarchive.org/release/abc/front',
      collection: priced,
    });
    const bare = await createRecord(t.db, user.id, { collection: priced });
    const key = 'abcdef0123456789abcdef0123456789';
    await t.db.query('UPDATE records SET cover_key = $2 WHERE id = $1', [own, key]);
    await spin(agent, '2024-06-01', [own, bare]);
    await spin(agent, '2024-06-02', [own]);
    const body = await stats(agent, '2024-06-02');
    const cover = { small: `/covers/${key}-250.webp`, large: `/covers/${key}-500.webp` };
    expect(body.top_records.map((r: { id: number; cover: unknown }) => [r.id, r.cover])).toEqual([
      [own, cover],
      [bare, null],
    ]);
    expect(
      body.cost_per_play.map((x: { record: { id: number; cover: unknown } }) => [
        x.record.id,
        x.record.cover,
      ]),
    ).toEqual([
      [own, cover],
      [bare, null],
    ]);
  });

  it("counts only the caller's own crate and spins", async () => {
    const { user, agent } = await signedInUser(t);
    const { user: other, agent: otherAgent } = await signedInUser(t);
    const mine = await createRecord(t.db, user.id, { tags: ['mine'] });
    const theirs = await createRecord(t.db, other.id, { tags: ['theirs'] });
    await spin(agent, '2025-06-01', [mine]);
    await spin(otherAgent, '2025-06-01', [theirs]);
    await spin(otherAgent, '2025-06-02', [theirs]);
    const body = await stats(agent, '2025-06-02');
    expect(body).toMatchObject({ records: 1, spins: 1, current_streak: 1 });
    expect(body.by_tag).toEqual([{ tag: 'mine', records: 1, plays: 1 }]);
  });
});

// ---------------------------------------------------------------------------------------
// Property: the endpoint agrees with a plain computation from the same spins.

const DAY_MS = 86_400_000;
const BASE = Date.parse('2023-12-25T00:00:00Z');
const dayText = (offset: number) => new Date(BASE + offset * DAY_MS).toISOString().slice(0, 10);
const MOOD_NAMES: Record<number, string> = { 3: 'Calm', 10: 'Mellow', 12: 'Happy' };
const TAG_POOL = ['jazz', 'Jazz', 'rock', 'ROCK', 'soul', 'ambient'];

interface ModelRecord {
  mood: number;
  year: number | null;
  tags: string[];
}
interface ModelSpin {
  day: number;
  minutes: number;
  records: number[];
}

function expected(records: ModelRecord[], spins: ModelSpin[], today: string) {
  const plays = records.map(() => 0);
  const last: Array<string | null> = records.map(() => null);
  const byDay = new Map<string, { spins: number; minutes: number }>();
  for (const s of spins) {
    const date = dayText(s.day);
    for (const r of s.records) {
      plays[r]! += 1;
      if (last[r] === null || last[r]! < date) last[r] = date;
    }
    const d = byDay.get(date) ?? { spins: 0, minutes: 0 };
    d.spins += 1;
    d.minutes += s.minutes;
    byDay.set(date, d);
  }
  const dates = [...byDay.keys()].sort();
  const windowStart = new Date(Date.parse(`${today}T00:00:00Z`) - 364 * DAY_MS).toISOString().slice(0, 10);
  const prev = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
  let longest = 0;
  for (const d of dates) {
    let n = 0;
    for (let x = d; byDay.has(x); x = prev(x)) n++;
    longest = Math.max(longest, n);
  }
  let current = 0;
  for (let x = byDay.has(today) ? today : prev(today); byDay.has(x); x = prev(x)) current++;
  const group = <K>(key: (i: number) => K[]) => {
    const m = new Map<K, { records: number; plays: number }>();
    records.forEach((_, i) => {
      for (const k of key(i)) {
        const g = m.get(k) ?? { records: 0, plays: 0 };
        g.records += 1;
        g.plays += plays[i]!;
        m.set(k, g);
      }
    });
    return [...m.entries()];
  };
  const cmp = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  // Ties: last_played desc, then id (records are created in index order, so ids ascend with it).
  const topOrder = records
    .map((_, i) => i)
    .filter((i) => plays[i]! > 0)
    .sort((i, j) => plays[j]! - plays[i]! || cmp(last[j]!, last[i]!) || i - j);
  return {
    records: records.length,
    spins: spins.length,
    minutes: spins.reduce((sum, s) => sum + s.minutes, 0),
    first_spin: dates[0] ?? null,
    current_streak: current,
    longest_streak: longest,
    days: dates.filter((d) => d >= windowStart && d <= today).map((d) => ({ date: d, ...byDay.get(d)! })),
    top: topOrder.slice(0, 10).map((i) => ({ index: i, play_count: plays[i]!, last_played: last[i]! })),
    never_played: plays.filter((p) => p === 0).length,
    by_mood: group((i) => [MOOD_NAMES[records[i]!.mood]!])
      .sort(([ka, a], [kb, b]) => b.records - a.records || b.plays - a.plays || cmp(ka, kb))
      .map(([mood, g]) => ({ mood, ...g })),
    by_tag: group((i) => [...new Set(records[i]!.tags.map((tag) => tag.toLowerCase()))])
      .sort(([ka, a], [kb, b]) => b.records - a.records || cmp(ka, kb))
      .slice(0, 20)
      .map(([tag, g]) => ({ tag, ...g })),
    by_decade: group((i) => [records[i]!.year === null ? null : Math.floor(records[i]!.year! / 10) * 10])
      .sort(
        ([ka, a], [kb, b]) =>
          b.records - a.records || b.plays - a.plays || (ka === null ? 1 : kb === null ? -1 : ka - kb),
      )
      .map(([decade, g]) => ({ decade, ...g })),
  };
}

describe('GET /api/stats, property', () => {
  it('agrees with a plain computation from the same records and spins (some spins deleted again)', async () => {
    const recordArb = fc.record({
      mood: fc.constantFrom(CALM, MELLOW, HAPPY),
      year: fc.option(fc.integer({ min: 1900, max: 2100 }), { nil: null }),
      tags: fc.uniqueArray(fc.constantFrom(...TAG_POOL), { maxLength: 3 }),
    });
    const scenarioArb = fc.array(recordArb, { minLength: 1, maxLength: 7 }).chain((records) =>
      fc.record({
        records: fc.constant(records),
        spins: fc.array(
          fc.record({
            // 2023-12-25 … 2024-03-10: a year boundary and 29 February.
            day: fc.integer({ min: 0, max: 76 }),
            minutes: fc.integer({ min: 0, max: 300 }),
            records: fc.uniqueArray(fc.integer({ min: 0, max: records.length - 1 }), {
              minLength: 1,
              maxLength: records.length,
            }),
            deleted: fc.boolean(),
          }),
          { maxLength: 14 },
        ),
        today: fc.integer({ min: 0, max: 80 }),
      }),
    );
    const { user, agent } = await signedInUser(t);
    await fc.assert(
      fc.asyncProperty(scenarioArb, async ({ records, spins, today }) => {
        // A fresh crate for each generated case (one signed-in user, emptied in between).
        await t.db.query('DELETE FROM spins WHERE user_id = $1', [user.id]);
        await t.db.query('DELETE FROM records WHERE user_id = $1', [user.id]);
        const ids: number[] = [];
        for (const r of records)
          ids.push(await createRecord(t.db, user.id, { moodId: r.mood, year: r.year, tags: r.tags }));
        const kept: ModelSpin[] = [];
        for (const s of spins) {
          const id = await spin(
            agent,
            dayText(s.day),
            s.records.map((i) => ids[i]!),
            `${Math.floor(s.minutes / 60)}:${String(s.minutes % 60).padStart(2, '0')}`,
          );
          if (s.deleted) expect((await agent.delete(`/api/spins/${id}`)).status).toBe(204);
          else kept.push(s);
        }
        const want = expected(records, kept, dayText(today));
        const body = await stats(agent, dayText(today));
        const { top, ...rest } = want;
        expect({
          records: body.records,
          spins: body.spins,
          minutes: body.minutes,
          first_spin: body.first_spin,
          current_streak: body.current_streak,
          longest_streak: body.longest_streak,
          days: body.days,
          never_played: body.never_played,
          by_mood: body.by_mood,
          by_tag: body.by_tag,
          by_decade: body.by_decade,
        }).toEqual(rest);
        expect(
          body.top_records.map((r: { id: number; play_count: number; last_played: string }) => ({
            index: ids.indexOf(r.id),
            play_count: r.play_count,
            last_played: r.last_played,
          })),
        ).toEqual(top);
      }),
      { numRuns: 20, seed: 20261123 },
    );
  }, 300_000);
});
