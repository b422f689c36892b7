import { describe, expect, it } from 'vitest';
import { ValidationError } from '@/lib/errors.js';
import { DISCOGS_COLUMNS } from '@spincrate/contract';
import {
  formatDateAdded,
  parseDateAdded,
  protectDisambiguation,
  readDiscogsCsv,
  stripDisambiguation,
} from './imports.csv.js';
import { formatDetails, parseDetails } from './imports.details.js';

const HEADER = DISCOGS_COLUMNS.join(',');

describe('readDiscogsCsv', () => {
  it('reads a row into artist, title, date added and details', async () => {
    const file = await readDiscogsCsv(
      `${HEADER}\nCL 1355,Miles Davis,Kind Of Blue,Columbia,"LP, Album, Mono",5,1959,,Jazz,2019-03-21 12:17:22,Mint (M),Good Plus (G+),Signed\n`,
    );
    expect(file).toEqual({
      total: 1,
      errors: [],
      rows: [
        {
          row: 1,
          artist: 'Miles Davis',
          title: 'Kind Of Blue',
          dateAdded: new Date('2019-03-21T12:17:22Z'),
          details:
            'Label: Columbia · Cat#: CL 1355 · Format: LP, Album, Mono · Released: 1959 · Media: Mint (M) · Sleeve: Good Plus (G+) · Notes: Signed',
          year: 1959,
          // API.md "Collection details": the Discogs columns fill the fields too.
          collection: {
            rating: 5,
            folder: 'Jazz',
            media_condition: 'Mint (M)',
            sleeve_condition: 'Good Plus (G+)',
            label: 'Columbia',
            catalog_number: 'CL 1355',
            format: 'LP, Album, Mono',
            discogs_release_id: null,
          },
        },
      ],
    });
  });

  it.each([
    ['1959', 1959],
    ['0', null],
    ['', null],
    ['1959-03-02', 1959],
    ['1850', null],
    ['soon', null],
  ])('reads Released %j as the year %j', async (released, year) => {
    const file = await readDiscogsCsv(`${HEADER}
,Artist,Title,,,,${released},,,,,,
`);
    expect(file.rows[0]!.year).toBe(year);
  });

  it('reads a byte-order mark, CRLF, quoted fields with "" and line breaks, and inch marks', async () => {
    const csv =
      `\uFEFF${HEADER}\r\n` +
      `1,"The ""Band""","Line one\r\nline two",Label,"12"", LP",,1970,,,,,,"Notes, with comma\nand a ""quote"""\r\n` +
      `2,Second,Album,,"7"", Single",,,,,,,,\r\n`;
    const file = await readDiscogsCsv(csv);
    expect(file.total).toBe(2);
    expect(file.rows.map((r) => [r.row, r.artist, r.title])).toEqual([
      [1, 'The "Band"', 'Line one\r\nline two'],
      [2, 'Second', 'Album'],
    ]);
    expect(file.rows[0]!.details).toBe(
      'Label: Label · Cat#: 1 · Format: 12", LP · Released: 1970 · Notes: Notes, with comma\nand a "quote"',
    );
    expect(file.rows[1]!.details).toBe('Cat#: 2 · Format: 7", Single');
  });

  it('takes a row that stops early, and leaves out Released 0', async () => {
    const file = await readDiscogsCsv(`${HEADER}\nX1,Short,Row,Label,LP,,0\nX2,Shorter,Row\n`);
    expect(file.rows.map((r) => [r.artist, r.details, r.dateAdded])).toEqual([
      ['Short', 'Label: Label · Cat#: X1 · Format: LP', null],
      ['Shorter', 'Cat#: X2', null],
    ]);
  });

  it('keeps notes alone as they are', async () => {
    const file = await readDiscogsCsv(`Artist,Title,Collection Notes\nA,B,Bought on release day\n`);
    expect(file.rows[0]!.details).toBe('Bought on release day');
  });

  it('reports rows without artist or title by data row number, counting a multi-line row once', async () => {
    const csv = `Artist,Title,Collection Notes\nA,"Two\nlines"\nOk,Fine\n,No artist\nNo title,\n  ,  \nOk,Again\n`;
    const file = await readDiscogsCsv(csv);
    expect(file.total).toBe(6);
    expect(file.errors).toEqual([
      { row: 3, message: 'Artist is empty' },
      { row: 4, message: 'Title is empty' },
      { row: 5, message: 'Artist and Title are empty' },
    ]);
    expect(file.rows.map((r) => r.row)).toEqual([1, 2, 6]);
    expect(file.rows[0]).toMatchObject({ artist: 'A', title: 'Two\nlines' });
  });

  it('reports names over 200 characters and details over 5,000', async () => {
    const long = 'x'.repeat(201);
    const file = await readDiscogsCsv(
      `Artist,Title,Collection Notes\n${long},T,\nA,${long},\nA,T,${'n'.repeat(5001)}\n${'y'.repeat(200)},T,\n`,
    );
    expect(file.errors).toEqual([
      { row: 1, message: 'Artist is longer than 200 characters' },
      { row: 2, message: 'Title is longer than 200 characters' },
      { row: 3, message: 'Details would be longer than 5000 characters' },
    ]);
    expect(file.rows.map((r) => r.row)).toEqual([4]);
  });

  it('removes the disambiguation suffix and keeps non-ASCII names', async () => {
    const file = await readDiscogsCsv(
      `Artist,Title\nNirvana (2),Bleach\nSigur Rós,Ágætis byrjun\n坂本龍一 (3),音楽図鑑\nBjörk,Homogenic\n`,
    );
    expect(file.rows.map((r) => [r.artist, r.title])).toEqual([
      ['Nirvana', 'Bleach'],
      ['Sigur Rós', 'Ágætis byrjun'],
      ['坂本龍一', '音楽図鑑'],
      ['Björk', 'Homogenic'],
    ]);
  });

  it('finds the columns by name in any order and letter case', async () => {
    const file = await readDiscogsCsv(`title,ARTIST,Date Added\nBlue,Joni Mitchell,1971-06-22 08:00:00\n`);
    expect(file.rows[0]).toMatchObject({
      artist: 'Joni Mitchell',
      title: 'Blue',
      dateAdded: new Date('1971-06-22T08:00:00Z'),
    });
  });

  it.each([
    ['no Artist column', 'Name,Title\nA,B\n'],
    ['no Title column', 'Artist,Album\nA,B\n'],
    ['an empty file', ''],
    ['a file that is not CSV', 'Artist,Title\n"unclosed,quote\n'],
  ])('refuses %s with a validation error', async (_name, csv) => {
    await expect(readDiscogsCsv(csv)).rejects.toThrow(ValidationError);
  });

  it('reads a file of many chunks whatever falls on a chunk boundary', async () => {
    const chunk = 64 * 1024;
    // Rows padded in a column the import ignores, so that what follows lands on a boundary.
    let csv = 'Artist,Title,CollectionFolder\n';
    const padTo = (index: number, row: string) => {
      csv += `${row},${'.'.repeat(index - csv.length - row.length - 2)}\n`;
    };
    padTo(chunk - 1, 'A,B');
    csv += '🎷 Band,Emoji\n'; // the emoji's two UTF-16 halves on either side of the first boundary
    padTo(2 * chunk - 1 - 'E,"Two'.length, 'C,D');
    csv += 'E,"Two\nlines"\n'; // a quoted line break right on the second one
    expect(csv.charCodeAt(chunk - 1)).toBe('🎷'.charCodeAt(0));
    expect(csv[2 * chunk - 1]).toBe('\n');
    const file = await readDiscogsCsv(csv);
    expect(file.rows.map((r) => [r.row, r.artist, r.title])).toEqual([
      [1, 'A', 'B'],
      [2, '🎷 Band', 'Emoji'],
      [3, 'C', 'D'],
      [4, 'E', 'Two\nlines'],
    ]);

    const albums = Array.from({ length: 8000 }, (_, i) => ({
      artist: `Artist ${'x'.repeat(i % 13)}🎷${i}`,
      title: `Title ${i}\n${'y'.repeat(i % 7)}😀`,
    }));
    const many = await readDiscogsCsv(
      `Artist,Title\n${albums.map((a) => `${a.artist},"${a.title}"`).join('\n')}\n`,
    );
    expect(many.errors).toEqual([]);
    expect(many.rows.map((r) => ({ artist: r.artist, title: r.title }))).toEqual(albums);
  });
});

describe('disambiguation suffixes', () => {
  it.each([
    ['Nirvana (2)', 'Nirvana'],
    ['Nirvana (2) & Foo (13)', 'Nirvana & Foo'],
    ['Alpha (2), Beta (3)', 'Alpha, Beta'],
    ['Boney M.', 'Boney M.'],
    ['(2)', '(2)'],
    ['Album (Deluxe)', 'Album (Deluxe)'],
  ])('reads %j as %j', (input, expected) => {
    expect(stripDisambiguation(input)).toBe(expected);
  });

  it.each(['Foo (2)', 'A (2), B (3)', 'Plain', 'X (2) (3)'])(
    'protects %j so that it reads back unchanged',
    (artist) => {
      expect(stripDisambiguation(protectDisambiguation(artist))).toBe(artist);
    },
  );
});

describe('Date Added', () => {
  it('reads YYYY-MM-DD HH:MM:SS as UTC and writes it back', () => {
    const date = parseDateAdded('2019-03-21 12:17:22');
    expect(date?.toISOString()).toBe('2019-03-21T12:17:22.000Z');
    expect(formatDateAdded(date!)).toBe('2019-03-21 12:17:22');
  });

  it.each(['', 'yesterday', '2019-02-30 10:00:00', '2019-13-01 00:00:00', '2019-01-01 25:00:00'])(
    'gives null for %j',
    (text) => {
      expect(parseDateAdded(text)).toBeNull();
    },
  );
});

describe('details', () => {
  it.each([
    '',
    'Label: Columbia · Cat#: CL 1355 · Format: LP, Album, Mono · Released: 1959 · Media: Mint (M) · Sleeve: Good Plus (G+) · Notes: a · b',
    'Format: 12", LP',
    '2015 reissue',
    'Notes: typed by hand',
    'Label: A · Label: B',
    'Label:  padded',
    'Released: 0',
    'Label: Foo · Bar',
  ])('parseDetails(%j) formats back to the same text', (details) => {
    expect(formatDetails(parseDetails(details))).toBe(details);
  });

  it('splits the layout into its fields', () => {
    expect(parseDetails('Label: Columbia · Format: LP · Notes: Signed · twice')).toEqual({
      label: 'Columbia',
      format: 'LP',
      notes: 'Signed · twice',
    });
    expect(parseDetails('2015 reissue')).toEqual({ notes: '2015 reissue' });
  });
});
