/**
 * API.md "Lists at scale" on the own crate: GET /api/record and GET /api/record/search
 * with `limit`, `sort` and `cursor` (pages, their order, Link rel="next", X-Total-Count,
 * walks while records come and go, cursors that are refused) and the search rule of
 * API.md "Routes" (title, artist, tags, mood, details or year).
 */
import { describe, expect, it } from 'vitest';
import { compareNames, compareRecords, type RecordSort, type RuleRecord } from '@spincrate/contract';
import {
  createRecord,
  createSpin,
  deleteSeenAndUnseen,
  expectEachOnce,
  signedInUser,
  useTestApp,
  walkPages,
  type Agent,
} from '@/test/harness.js';

const t = useTestApp();

type Rec = RuleRecord;

/** The eight sorts of API.md before the collection details' two; each ordered by the contract's reference comparator. */
const SORTS = [
  'newest',
  'oldest',
  'artist_asc',
  'artist_desc',
  'title_asc',
  'title_desc',
  'most_played',
  'least_recently_played',
] as const satisfies readonly RecordSort[];
/** Names that differ only in case, accents or punctuation, as a crate has them. */
const ALBUMS: Array<[artist: string, title: string]> = [
  ['Ólafur Arnalds', 're:member'],
  ['björk', 'Homogenic'],
  ['Bjork', 'Debut'],
  ['Björk', 'debut'],
  ['ABBA', 'Arrival'],
  ['abba', 'Águas'],
  ['a-ha', 'Hunting High and Low'],
  ['The Beatles', 'Abbey Road'],
  ['the xx', 'xx'],
  ['Éric Serra', 'Le Grand Bleu'],
  ['Zero 7', 'Simple Things'],
  ['Ólafur Arnalds', 'Re:member'],
  ['Ásgeir', 'In the Silence'],
  ['Aphex Twin', 'Selected Ambient Works'],
  ['zz top', 'Eliminator'],
];

/** A user whose crate holds ALBUMS with distinct dates (two sharing one) and some spins. */
async function crateWithAlbums(): Promise<{ userId: number; agent: Agent; ids: number[] }> {
  const { user, agent } = await signedInUser(t);
  const ids: number[] = [];
  for (const [i, [artist, title]] of ALBUMS.entries()) {
    // Records 3 and 4 share a date_added: the id decides.
    const day = i === 4 ? 3 : i;
    ids.push(
      await createRecord(t.db, user.id, {
        artist,
        title,
        dateAdded: new Date(Date.UTC(2025, 0, 1 + day, 12, 0, 0)).toISOString(),
      }),
    );
  }
  // Plays: ids[0] twice, ids[1] twice (a later last play), ids[2] once, ids[5] once on the same day as ids[2].
  await createSpin(t.db, user.id, [ids[0]!, ids[1]!], { listenedAt: '2026-01-10' });
  await createSpin(t.db, user.id, [ids[0]!], { listenedAt: '2026-02-10' });
  await createSpin(t.db, user.id, [ids[1]!], { listenedAt: '2026-03-10' });
  await createSpin(t.db, user.id, [ids[2]!, ids[5]!], { listenedAt: '2025-12-01' });
  return { userId: user.id, agent, ids };
}

describe('record list sorts (API.md "Lists at scale")', () => {
  it('orders a page in each of the eight sorts as the spec says, names compared as Intl.Collator base does', async () => {
    const { agent } = await crateWithAlbums();
    const all = (await agent.get('/api/record').expect(200)).body as Rec[];
    expect(all).toHaveLength(ALBUMS.length);
    for (const sort of SORTS) {
      const res = await agent.get(`/api/record?limit=200&sort=${sort}`).expect(200);
      const expected = [...all].sort(compareRecords(sort)).map((r) => `${r.artist} / ${r.title}`);
      expect(
        (res.body as Rec[]).map((r) => `${r.artist} / ${r.title}`),
        sort,
      ).toEqual(expected);
      expect(res.headers['x-total-count']).toBe(String(ALBUMS.length));
      expect(res.headers.link).toBeUndefined();
    }
  });

  it('treats case and accents as equal and punctuation as it counts for Intl.Collator: björk, Bjork and Björk tie', async () => {
    const { agent } = await crateWithAlbums();
    const res = await agent.get('/api/record?limit=200&sort=artist_asc').expect(200);
    const artists = (res.body as Rec[]).map((r) => r.artist);
    // The three spellings of one name are next to each other, ordered by title (Debut = debut, then id), then Homogenic.
    const start = artists.findIndex((a) => compareNames(a, 'bjork') === 0);
    expect(
      artists.slice(start, start + 3).map((a) => a.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '')),
    ).toEqual(['bjork', 'bjork', 'bjork']);
    expect((res.body as Rec[]).slice(start, start + 3).map((r) => r.title)).toEqual([
      'Debut',
      'debut',
      'Homogenic',
    ]);
    // "a-ha" is not "aha": the hyphen counts, as it does for Intl.Collator.
    expect(compareNames('a-ha', 'Aphex Twin')).toBeLessThan(0);
    expect(artists.indexOf('a-ha')).toBeLessThan(artists.indexOf('Aphex Twin'));
    // Á sorts with A, Ó with O, É with E: not after Z.
    expect(artists.indexOf('Ásgeir')).toBeLessThan(artists.indexOf('björk'));
    expect(artists.indexOf('Ólafur Arnalds')).toBeLessThan(artists.indexOf('The Beatles'));
    expect(artists.at(-1)).toBe('zz top');
  });

  it('answers the whole crate exactly as before without limit and cursor: newest first, no paging headers', async () => {
    const { agent } = await crateWithAlbums();
    const res = await agent.get('/api/record').expect(200);
    const records = res.body as Rec[];
    expect(records).toHaveLength(ALBUMS.length);
    expect(records.map((r) => r.id)).toEqual([...records].sort(compareRecords('newest')).map((r) => r.id));
    expect(res.headers.link).toBeUndefined();
    expect(res.headers['x-total-count']).toBeUndefined();
    // The same records as the first page of the default sort with room for everything
    // (the fallback cover's URL names the port each request came to, so it is left out).
    const withoutCover = (list: Rec[]) =>
      list.map(({ coverart: _cover, ...rest }: Rec & { coverart?: string }) => rest);
    const paged = await agent.get('/api/record?limit=200').expect(200);
    expect(withoutCover(paged.body as Rec[])).toEqual(withoutCover(records));
  });

  it('answers the whole crate in a sort given without a limit', async () => {
    const { agent } = await crateWithAlbums();
    const all = (await agent.get('/api/record').expect(200)).body as Rec[];
    const res = await agent.get('/api/record?sort=title_desc').expect(200);
    expect((res.body as Rec[]).map((r) => r.id)).toEqual(
      [...all].sort(compareRecords('title_desc')).map((r) => r.id),
    );
  });
});

describe('record list paging (API.md "Lists at scale")', () => {
  it('answers at most `limit` records with X-Total-Count and a Link rel="next" to the same path and query plus a cursor', async () => {
    const { agent } = await crateWithAlbums();
    const res = await agent.get('/api/record?limit=4&sort=artist_asc').expect(200);
    expect(res.body).toHaveLength(4);
    expect(res.headers['x-total-count']).toBe(String(ALBUMS.length));
    const link = res.headers.link as string;
    const match = /^<([^>]+)>; rel="next"$/.exec(link);
    expect(match, link).not.toBeNull();
    const next = new URL(match![1]!, 'http://localhost');
    expect(next.pathname).toBe('/api/record');
    expect(next.searchParams.get('limit')).toBe('4');
    expect(next.searchParams.get('sort')).toBe('artist_asc');
    expect(next.searchParams.get('cursor')).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('walks every sort from the first page to the last: each record once, in order, the last page without Link', async () => {
    const { agent } = await crateWithAlbums();
    const all = (await agent.get('/api/record').expect(200)).body as Rec[];
    for (const sort of SORTS) {
      const pages = await walkPages<Rec>(agent, `/api/record?limit=4&sort=${sort}`);
      expect(
        pages.map((p) => p.items.length),
        sort,
      ).toEqual([4, 4, 4, 3]);
      expect(pages.every((p) => p.total === String(ALBUMS.length))).toBe(true);
      expect(pages.at(-1)!.link).toBeUndefined();
      expect(
        pages.flatMap((p) => p.items.map((r) => r.id)),
        sort,
      ).toEqual([...all].sort(compareRecords(sort)).map((r) => r.id));
    }
  });

  it('gives no Link when the records exactly fill the page', async () => {
    const { agent } = await crateWithAlbums();
    const res = await agent.get(`/api/record?limit=${ALBUMS.length}`).expect(200);
    expect(res.body).toHaveLength(ALBUMS.length);
    expect(res.headers.link).toBeUndefined();
  });

  it('answers an empty crate with [] and X-Total-Count 0', async () => {
    const { agent } = await signedInUser(t);
    const res = await agent.get('/api/record?limit=10&sort=most_played').expect(200);
    expect(res.body).toEqual([]);
    expect(res.headers['x-total-count']).toBe('0');
    expect(res.headers.link).toBeUndefined();
  });

  // One test per sort: each walk is a few hundred requests and statements, and the time
  // limit is a test's (all sorts in one test went past 30 s on a loaded machine).
  it.each(SORTS)(
    'returns every record that existed during the whole walk exactly once while records are added and deleted between pages (%s)',
    async (sort) => {
      const { user, agent } = await signedInUser(t);
      const initial: number[] = [];
      for (let i = 0; i < 24; i += 1) {
        initial.push(
          await createRecord(t.db, user.id, {
            artist: ['Ábc', 'abd', 'Mno', 'mnö', 'Xyz'][i % 5]!,
            title: `T${(i * 7) % 24}`,
            dateAdded: new Date(Date.UTC(2025, 0, 1 + i)).toISOString(),
          }),
        );
      }
      await createSpin(t.db, user.id, initial.slice(0, 8), { listenedAt: '2026-01-01' });
      await createSpin(t.db, user.id, initial.slice(4, 12), { listenedAt: '2026-02-01' });
      const deleted = new Set<number>();
      let added = 0;
      const pages = await walkPages<Rec>(agent, `/api/record?limit=5&sort=${sort}`, async (seen) => {
        // Records that sort anywhere: first, last and in between, by every key.
        for (const [artist, title, day] of [
          ['Aaa', 'A', 0],
          ['Zzz', 'Z', 40],
          ['Mno', 'T5', 10],
        ] as const) {
          await createRecord(t.db, user.id, {
            artist,
            title,
            dateAdded: new Date(Date.UTC(2025, 0, 1 + day)).toISOString(),
          });
          added += 1;
        }
        // Delete one record not yet seen and one already seen.
        await deleteSeenAndUnseen(agent, (id) => `/api/record/${id}`, initial, seen, deleted);
      });
      const seen = pages.flatMap((p) => p.items.map((r) => r.id));
      expect(added, sort).toBeGreaterThan(0);
      expectEachOnce(
        seen,
        initial.filter((i) => !deleted.has(i)),
        sort,
      );
    },
  );
});

describe('record list query checks (API.md "Lists at scale", "Conventions")', () => {
  it.each(['0', '201', 'abc', '1.5', '-1', '', '1e2'])('answers 400 for limit=%s', async (limit) => {
    const { agent } = await signedInUser(t);
    const res = await agent.get(`/api/record?limit=${limit}`).expect(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.fields).toHaveProperty('limit');
  });

  it('accepts limit 1 and 200', async () => {
    const { agent } = await crateWithAlbums();
    expect((await agent.get('/api/record?limit=1').expect(200)).body).toHaveLength(1);
    expect((await agent.get('/api/record?limit=200').expect(200)).body).toHaveLength(ALBUMS.length);
  });

  it.each(['popular', 'NEWEST', '', 'artist'])('answers 400 for sort=%s, also on search', async (sort) => {
    const { agent } = await signedInUser(t);
    for (const url of [`/api/record?sort=${sort}`, `/api/record/search?search=a&limit=5&sort=${sort}`]) {
      const res = await agent.get(url).expect(400);
      expect(res.body.error.code).toBe('validation_failed');
      expect(res.body.error.fields).toHaveProperty('sort');
    }
  });

  it('answers 400 for a limit or sort given twice', async () => {
    const { agent } = await signedInUser(t);
    await agent.get('/api/record?limit=2&limit=3').expect(400);
    await agent.get('/api/record?sort=newest&sort=oldest').expect(400);
  });
});

describe('record list cursors (API.md "Lists at scale")', () => {
  async function firstCursor(agent: Agent, url: string): Promise<string> {
    const res = await agent.get(url).expect(200);
    const link = res.headers.link as string;
    return new URL(/^<([^>]+)>/.exec(link)![1]!, 'http://localhost').searchParams.get('cursor')!;
  }

  it('answers 400 with the error body for a malformed cursor', async () => {
    const { agent } = await signedInUser(t);
    for (const cursor of ['abc', 'not a cursor', '%%%', 'A'.repeat(3000), '']) {
      const res = await agent.get(`/api/record?limit=5&cursor=${encodeURIComponent(cursor)}`).expect(400);
      expect(res.body.error.code).toBe('validation_failed');
      expect(res.body.error.fields).toHaveProperty('cursor');
    }
  });

  it('answers 400 for a cursor with any character changed', async () => {
    const { agent } = await crateWithAlbums();
    const cursor = await firstCursor(agent, '/api/record?limit=3&sort=title_asc');
    // Not the last character: base64url's last character may carry unused bits, so changing
    // it can leave the decoded bytes as they were.
    for (const at of [0, Math.floor(cursor.length / 2), cursor.length - 2]) {
      const altered = cursor.slice(0, at) + (cursor[at] === 'A' ? 'B' : 'A') + cursor.slice(at + 1);
      const res = await agent.get(`/api/record?limit=3&sort=title_asc&cursor=${altered}`).expect(400);
      expect(res.body.error.fields).toHaveProperty('cursor');
    }
  });

  it('answers 400 for a cursor without a limit', async () => {
    const { agent } = await crateWithAlbums();
    const cursor = await firstCursor(agent, '/api/record?limit=3');
    const res = await agent.get(`/api/record?cursor=${cursor}`).expect(400);
    expect(res.body.error.fields).toHaveProperty('limit');
  });

  it('answers 400 for a cursor of another sort or another search', async () => {
    const { agent } = await crateWithAlbums();
    const cursor = await firstCursor(agent, '/api/record?limit=3&sort=artist_asc');
    await agent.get(`/api/record?limit=3&sort=artist_desc&cursor=${cursor}`).expect(400);
    await agent.get(`/api/record/search?search=a&limit=3&sort=artist_asc&cursor=${cursor}`).expect(400);
  });

  it('refuses another user’s cursor as malformed, revealing nothing of the crate it came from', async () => {
    const owner = await crateWithAlbums();
    const cursor = await firstCursor(owner.agent, '/api/record?limit=3&sort=artist_asc');
    // The cursor itself does not carry the crate's names in the clear. Its bytes are
    // random-looking, so a name of 2 letters ("xx") is in one cursor of about 600 by
    // chance; from 4 letters on, a name found there was put there.
    const decoded = Buffer.from(cursor, 'base64url').toString('latin1');
    for (const name of ALBUMS.flat().filter((n) => n.length >= 4)) {
      expect(decoded).not.toContain(name);
    }
    const other = await signedInUser(t);
    await createRecord(t.db, other.user.id, { artist: 'Other', title: 'Mine' });
    const res = await other.agent.get(`/api/record?limit=3&sort=artist_asc&cursor=${cursor}`).expect(400);
    const malformed = await other.agent
      .get('/api/record?limit=3&sort=artist_asc&cursor=abcdefghijklmnopqrstuvwxyz0123456789abcdefghij')
      .expect(400);
    expect(res.body).toEqual(malformed.body);
    for (const [artist, title] of ALBUMS) {
      expect(res.text).not.toContain(artist);
      expect(res.text).not.toContain(title);
    }
  });
});

describe('record search (API.md "Routes": title, artist, tags, mood, details or year)', () => {
  it('finds words in details and the year, ignoring case, and pages the matches with their count', async () => {
    const { user, agent } = await signedInUser(t);
    const label = await createRecord(t.db, user.id, {
      title: 'Blue Train',
      artist: 'John Coltrane',
      details: 'Label: Blue Note · Catalog#: BLP 1577 · Format: LP',
      dateAdded: '2025-01-03T00:00:00Z',
    });
    const year = await createRecord(t.db, user.id, {
      title: 'Kind of Blue',
      artist: 'Miles Davis',
      year: 1959,
      dateAdded: '2025-01-02T00:00:00Z',
    });
    const notes = await createRecord(t.db, user.id, {
      title: 'Giant Steps',
      artist: 'John Coltrane',
      details: 'Notes: first PRESSING, 1960',
      dateAdded: '2025-01-01T00:00:00Z',
    });
    await createRecord(t.db, user.id, { title: 'Other', artist: 'Someone', details: 'nothing here' });

    const byLabel = await agent.get('/api/record/search?search=blp%201577').expect(200);
    expect((byLabel.body as Rec[]).map((r) => r.id)).toEqual([label]);
    const byYear = await agent.get('/api/record/search?search=1959').expect(200);
    expect((byYear.body as Rec[]).map((r) => r.id)).toEqual([year]);
    const byNotes = await agent.get('/api/record/search?search=pressing').expect(200);
    expect((byNotes.body as Rec[]).map((r) => r.id)).toEqual([notes]);

    // "19" is in a year (1959) and in details (1960): two matches, paged one at a time, oldest first.
    const pages = await walkPages<Rec>(agent, '/api/record/search?search=19&limit=1&sort=oldest');
    expect(pages.map((p) => p.items.map((r) => r.id))).toEqual([[notes], [year]]);
    expect(pages.every((p) => p.total === '2')).toBe(true);

    // A match never spans two fields: title "Blue Train" then artist "John Coltrane".
    const across = await agent.get('/api/record/search?search=Train%1FJohn&limit=5').expect(200);
    expect(across.body).toEqual([]);
    expect(across.headers['x-total-count']).toBe('0');

    // No match: an empty page, counted 0, with no next page.
    const none = await agent.get('/api/record/search?search=no%20such%20record&limit=5').expect(200);
    expect(none.body).toEqual([]);
    expect(none.headers['x-total-count']).toBe('0');
    expect(none.headers.link).toBeUndefined();
  });

  it('finds a record by what an edit wrote, and no longer by what the edit replaced', async () => {
    const { user, agent } = await signedInUser(t);
    // Moods 10 and 12 are "Mellow" and "Happy" (database.sql's moods).
    const id = await createRecord(t.db, user.id, {
      title: 'Old title',
      artist: 'Old artist',
      details: 'Original sleeve',
      moodId: 10,
      tags: ['jazz'],
    });
    await createRecord(t.db, user.id, { title: 'Other', artist: 'Someone', moodId: 1 });
    await agent
      .put('/api/record/edit')
      .send({
        id,
        title: 'Speaking of Now',
        artist: 'Pat Metheny',
        mood: 12,
        details: 'Signed copy',
        year: 2002,
      })
      .expect(200);

    const found = async (text: string) => {
      const res = await agent
        .get(`/api/record/search?search=${encodeURIComponent(text)}&limit=10`)
        .expect(200);
      return (res.body as Rec[]).map((r) => r.id);
    };
    for (const text of ['speaking OF', 'metheny', 'signed', '2002', 'happy', 'JAZZ']) {
      expect(await found(text), text).toEqual([id]);
    }
    for (const text of ['old title', 'old artist', 'original sleeve', 'mellow']) {
      expect(await found(text), text).toEqual([]);
    }
  });
});
