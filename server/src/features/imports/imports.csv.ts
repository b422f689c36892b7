/**
 * Reading a Discogs collection export (API.md "Import from a Discogs collection
 * export"): CSV with or without a byte-order mark, LF or CRLF, quoted fields with `""`
 * escapes and line breaks, rows that stop early. Each data row becomes a record to
 * store or an error naming its row (data rows count from 1; the header is not a row;
 * a quoted field spanning lines is still one row).
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { parse } from 'csv-parse';
import {
  DETAILS_MAX_LENGTH,
  FOLDER_MAX_LENGTH,
  MAX_ID,
  mediaGradeOf,
  NAME_MAX_LENGTH,
  PRESSING_TEXT_MAX_LENGTH,
  RATING_MAX,
  RATING_MIN,
  sleeveGradeOf,
  type MediaGrade,
  type SleeveGrade,
} from '@spincrate/contract';
import { ValidationError } from '@/lib/errors.js';
import { formatDetails, type DetailFields } from './imports.details.js';

/** Longest title and artist (API.md "Field rules"). */
const MAX_NAME_LENGTH = NAME_MAX_LENGTH;
/** Longest details (API.md "Field rules"). */
const MAX_DETAILS_LENGTH = DETAILS_MAX_LENGTH;

/** The columns a row is read from, by what they mean. */
const COLUMNS = {
  artist: 'Artist',
  title: 'Title',
  catalog: 'Catalog#',
  label: 'Label',
  format: 'Format',
  released: 'Released',
  dateAdded: 'Date Added',
  media: 'Collection Media Condition',
  sleeve: 'Collection Sleeve Condition',
  notes: 'Collection Notes',
  rating: 'Rating',
  releaseId: 'release_id',
  folder: 'CollectionFolder',
} as const;

/** Discogs' default collection folder: a record in it has no folder of its own. */
export const DISCOGS_DEFAULT_FOLDER = 'Uncategorized';

/**
 * The collection details a row fills (API.md "Collection details": import), each null when
 * the cell is empty or breaks the field's rule (a grade not in the list, a label over 200
 * characters, …): such a value is kept in `details` only.
 */
export interface DiscogsCollectionFields {
  rating: number | null;
  folder: string | null;
  media_condition: MediaGrade | null;
  sleeve_condition: SleeveGrade | null;
  label: string | null;
  catalog_number: string | null;
  format: string | null;
  discogs_release_id: number | null;
}

type Column = keyof typeof COLUMNS;

/** A row that can be stored. */
export interface DiscogsRow {
  /** Data row number, from 1. */
  row: number;
  artist: string;
  title: string;
  details: string;
  /** From `Date Added`; null when missing or unreadable (the import time is used). */
  dateAdded: Date | null;
  /** From `Released` (API.md: a year, unless `0`); null when empty, `0` or not a year 1900–2100. */
  year: number | null;
  /** From `Rating`, `CollectionFolder`, the conditions, `Label`, `Catalog#`, `Format`, `release_id`. */
  collection: DiscogsCollectionFields;
}

/** A text of 1–max characters, else null. */
function boundedText(text: string, max: number): string | null {
  return text !== '' && [...text].length <= max ? text : null;
}

/**
 * The collection details of a row's cells (API.md "Collection details": `Rating` `0` = none,
 * `CollectionFolder` `Uncategorized` = none).
 * @param cell - the trimmed, unprotected cell of a column ('' when the file has no such column)
 */
function readCollectionFields(cell: (column: Column) => string): DiscogsCollectionFields {
  const rating = /^[0-9]$/.test(cell('rating')) ? Number(cell('rating')) : null;
  const releaseId = /^[1-9][0-9]{0,9}$/.test(cell('releaseId')) ? Number(cell('releaseId')) : null;
  const folder = cell('folder');
  return {
    rating: rating !== null && rating >= RATING_MIN && rating <= RATING_MAX ? rating : null,
    folder: folder === DISCOGS_DEFAULT_FOLDER ? null : boundedText(folder, FOLDER_MAX_LENGTH),
    media_condition: mediaGradeOf(cell('media')),
    sleeve_condition: sleeveGradeOf(cell('sleeve')),
    label: boundedText(cell('label'), PRESSING_TEXT_MAX_LENGTH),
    catalog_number: boundedText(cell('catalog'), PRESSING_TEXT_MAX_LENGTH),
    format: boundedText(cell('format'), PRESSING_TEXT_MAX_LENGTH),
    discogs_release_id: releaseId !== null && releaseId <= MAX_ID ? releaseId : null,
  };
}

/**
 * The release year of a `Released` cell: `1959` (or a date that starts with the year,
 * `1959-03-02`), from 1900 to 2100; null for `0`, empty or anything else.
 */
function parseReleasedYear(released: string): number | null {
  const match = /^([0-9]{4})(?:-[0-9]{2}(?:-[0-9]{2})?)?$/.exec(released.trim());
  if (!match) return null;
  const year = Number(match[1]);
  return year >= 1900 && year <= 2100 ? year : null;
}

/** A row that is not stored, and why (API.md: `errors: [{row, message}]`). */
interface RowError {
  row: number;
  message: string;
}

/** What a file holds: every data row, either readable or an error, in file order. */
export interface DiscogsFile {
  /** Data rows in the file. */
  total: number;
  rows: DiscogsRow[];
  errors: RowError[];
}

/**
 * Discogs' disambiguation suffix ` (2)` after an artist name: at the end, or before a
 * comma or a join phrase (`Nirvana (2) & Foo (3)`). A suffix followed by another one
 * is kept, which is how the export protects names that really end in `(n)`.
 */
const DISAMBIGUATION = / \(\d+\)(?=$|,|\s(?!\())/g;

/** Removes Discogs' disambiguation suffixes: `Nirvana (2)` → `Nirvana`. */
export function stripDisambiguation(artist: string): string {
  return artist.replace(DISAMBIGUATION, '').trim();
}

/**
 * The inverse of `stripDisambiguation` for the export: every `(n)` that an import would
 * remove gets a ` (1)` after it, so `Foo (2)` is written `Foo (2) (1)` and reads back as `Foo (2)`.
 */
export function protectDisambiguation(artist: string): string {
  return artist.replace(DISAMBIGUATION, (suffix) => `${suffix} (1)`);
}

/**
 * A cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, a tab or a carriage
 * return first), or such a cell behind one or more `'` (API.md "Import from a Discogs
 * collection export").
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;
/** What the export writes for a formula-like cell: the cell behind one `'`. */
const PROTECTED_FORMULA = /^'+[=+\-@\t\r]/;

/**
 * The export's protection against spreadsheet formulas: a cell that begins with `=`,
 * `+`, `-`, `@`, a tab or a carriage return is written with a leading `'`. So that the
 * import's removal of that `'` stays exact, a cell that already begins with `'`s before
 * one of those characters (e.g. a title `'=x`) gets one more `'`; any other cell
 * (e.g. the artist `'Til Tuesday`) is written as it is.
 */
export function protectFormula(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

/**
 * The inverse of `protectFormula` for the import: removes one leading `'` where the rest
 * begins with `'`s and then `=`, `+`, `-`, `@`, a tab or a carriage return. A file that
 * holds such a cell of its own (not written by this app) is read the same way.
 */
function unprotectFormula(cell: string): string {
  return PROTECTED_FORMULA.test(cell) ? cell.slice(1) : cell;
}

const DATE_ADDED = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * Reads Discogs' `Date Added` (`YYYY-MM-DD HH:MM:SS`, UTC).
 * @returns the instant, or null when the text is empty or not a real date and time
 */
export function parseDateAdded(text: string): Date | null {
  const match = DATE_ADDED.exec(text);
  if (!match) return null;
  const [year, month, day, hours = 0, minutes = 0, seconds = 0] = match
    .slice(1)
    .map((n) => (n ? Number(n) : 0));
  const date = new Date(Date.UTC(year!, month! - 1, day!, hours, minutes, seconds));
  const same =
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month! - 1 &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hours &&
    date.getUTCMinutes() === minutes &&
    date.getUTCSeconds() === seconds;
  return same ? date : null;
}

/** Writes an instant as Discogs' `Date Added` (UTC, to the second). */
export function formatDateAdded(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

/** Characters handed to the parser per turn of the event loop (a 5 MB file never holds up other requests). */
const PARSE_CHUNK = 64 * 1024;

/** The end of the chunk starting at `start`, never between the two halves of a surrogate pair. */
function chunkEnd(text: string, start: number): number {
  const end = Math.min(start + PARSE_CHUNK, text.length);
  const last = text.charCodeAt(end - 1);
  return end < text.length && last >= 0xd800 && last <= 0xdbff ? end - 1 : end;
}

/**
 * Parses the text into rows of fields, counting each record once whatever its line
 * breaks. The text is parsed a chunk at a time, giving the event loop a turn in between.
 * @throws ValidationError (400) when the text is not CSV
 */
async function readRecords(csv: string): Promise<string[][]> {
  const records: string[][] = [];
  const parser = parse({ bom: true, relax_column_count: true, skip_empty_lines: true });
  let failure: Error | undefined;
  const finished = new Promise<void>((resolve) => {
    parser.on('readable', () => {
      let record: string[] | null;
      while ((record = parser.read() as string[] | null) !== null) records.push(record);
    });
    parser.on('error', (err: Error) => {
      failure = err;
      resolve();
    });
    parser.on('end', () => resolve());
  });
  for (let start = 0; start < csv.length && !failure;) {
    const end = chunkEnd(csv, start);
    parser.write(csv.slice(start, end));
    start = end;
    await nextTurn();
  }
  if (!failure) parser.end();
  await finished;
  if (failure) {
    throw new ValidationError(`csv is not a readable CSV file: ${failure.message}`, {
      csv: 'is not a readable CSV file',
    });
  }
  return records;
}

/** Where each column of interest is in the header; artist and title are required. */
function locateColumns(header: string[]): Partial<Record<Column, number>> {
  const names = header.map((name) => name.trim().toLowerCase());
  const positions: Partial<Record<Column, number>> = {};
  for (const [key, name] of Object.entries(COLUMNS) as Array<[Column, string]>) {
    const index = names.indexOf(name.toLowerCase());
    if (index >= 0) positions[key] = index;
  }
  if (positions.artist === undefined || positions.title === undefined) {
    throw new ValidationError('csv is not a Discogs collection export: it has no Artist or Title column', {
      csv: 'has no Artist or Title column',
    });
  }
  return positions;
}

/** Characters (code points, as PostgreSQL's length() counts them; an emoji is one). */
const characters = (text: string) => [...text].length;

/** What is wrong with a row, or undefined when it can be stored. */
function rowProblem(artist: string, title: string, details: string): string | undefined {
  if (!artist && !title) return 'Artist and Title are empty';
  if (!artist) return 'Artist is empty';
  if (!title) return 'Title is empty';
  if (characters(artist) > MAX_NAME_LENGTH) return `Artist is longer than ${MAX_NAME_LENGTH} characters`;
  if (characters(title) > MAX_NAME_LENGTH) return `Title is longer than ${MAX_NAME_LENGTH} characters`;
  if (characters(details) > MAX_DETAILS_LENGTH)
    return `Details would be longer than ${MAX_DETAILS_LENGTH} characters`;
  return undefined;
}

/**
 * Reads a Discogs collection export.
 * @param csv - the file's text
 * @returns every data row, as a record to store or an error
 * @throws ValidationError (400) when the text is not CSV or has no Artist or Title column
 */
export async function readDiscogsCsv(csv: string): Promise<DiscogsFile> {
  const [header, ...data] = await readRecords(csv);
  if (!header) {
    throw new ValidationError('csv is empty: it is not a Discogs collection export', { csv: 'is empty' });
  }
  const positions = locateColumns(header);
  const file: DiscogsFile = { total: data.length, rows: [], errors: [] };
  data.forEach((fields, index) => {
    const row = index + 1;
    const value = (column: Column) => {
      const position = positions[column];
      // Trimmed first: the `'` the export writes protects a leading tab from the trim.
      return position === undefined ? '' : unprotectFormula((fields[position] ?? '').trim());
    };
    const released = value('released');
    const detailFields: DetailFields = {
      label: value('label'),
      catalog: value('catalog'),
      format: value('format'),
      released: released === '0' ? '' : released,
      media: value('media'),
      sleeve: value('sleeve'),
      notes: value('notes'),
    };
    const artist = stripDisambiguation(value('artist'));
    const title = value('title');
    const details = formatDetails(detailFields);
    const problem = rowProblem(artist, title, details);
    if (problem) file.errors.push({ row, message: problem });
    else
      file.rows.push({
        row,
        artist,
        title,
        details,
        dateAdded: parseDateAdded(value('dateAdded')),
        year: parseReleasedYear(released),
        collection: readCollectionFields(value),
      });
  });
  return file;
}
