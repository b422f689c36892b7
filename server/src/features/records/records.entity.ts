/**
 * The Record of API.md "Entities as returned", shared by every feature that returns
 * records (crate, search, friends' crates, Hot Off The Press, blindbag).
 */
import type { Config } from '@/config.js';
import { FALLBACK_COVER_PATH, RECORD_SEARCH_FIELDS, type RecordSearchField } from '@spincrate/contract';

/**
 * A Record's `cover` (API.md "Covers served by Spincrate"): the paths of its thumbnails on
 * our own origin once its `coverart` has them (`records.cover_key`, migration 0013), else null.
 * Also for the other answers that show a record's cover (blindbag, spin details).
 * @param alias - the alias of the `records` row (default `r`)
 * @returns the SQL of a `json` column named `cover`
 */
export function coverColumn(alias = 'r'): string {
  return `CASE WHEN ${alias}.cover_key IS NULL THEN NULL ELSE json_build_object(
           'small', '/covers/' || ${alias}.cover_key || '-250.webp',
           'large', '/covers/' || ${alias}.cover_key || '-500.webp') END AS cover`;
}

const COVER_COLUMN = coverColumn('r');

/**
 * The column list of a Record (no `SELECT`, no `FROM`): alias `r` for a row of
 * `records` (or of a CTE with its columns, e.g. `INSERT … RETURNING *`), `m` for moods,
 * `p` for the record's plays (`record_plays`, migration 0019: join it with
 * `RECORD_PLAYS_JOIN`, or a LEFT JOIN for a record stored by the same statement, whose
 * plays row is made at its end: no plays then).
 * Tags come back as the JSON text of the array (`["jazz","modal"]`, `[]`), as API.md says.
 */
export const RECORD_COLUMNS = recordColumns('owner');

/**
 * Whose view of a record: the owner's, or a friend's, in which `price`, `purchased_on`,
 * `purchased_from` and `location` are always null (API.md "Collection details").
 */
export type RecordView = 'owner' | 'friend';

/**
 * The column list of a Record in a view (see `RECORD_COLUMNS`). `price` is a JSON object
 * `{amount: "24.99", currency}` made from the stored whole cents, or null.
 */
export function recordColumns(view: RecordView): string {
  const owner = view === 'owner';
  const price = owner
    ? `CASE WHEN r.price_cents IS NULL THEN NULL ELSE json_build_object(
           'amount', (r.price_cents / 100)::text || '.' || lpad((r.price_cents % 100)::text, 2, '0'),
           'currency', r.price_currency) END`
    : 'NULL::json';
  return `r.id, r.user_id, r.title, r.artist, r.coverart, r.date_added, m.mood, r.mood_id,
         r.details, to_json(r.tags)::text AS tags, COALESCE(p.play_count, 0) AS play_count, p.last_played, r.year, r.barcode,
         r.mb_release_group_id, r.rating, r.folder, ${owner ? 'r.location' : 'NULL::text AS location'},
         r.media_condition, r.sleeve_condition, ${price} AS price,
         ${owner ? 'r.purchased_on' : 'NULL::date AS purchased_on'},
         ${owner ? 'r.purchased_from' : 'NULL::text AS purchased_from'},
         r.label, r.catalog_number, r.format, r.discogs_release_id, ${COVER_COLUMN}`;
}

/**
 * The join of a record's plays (alias `p`) to a record `r`: every record has its row
 * (migration 0019), made by the statement that stores the record.
 */
export const RECORD_PLAYS_JOIN = 'JOIN record_plays p ON p.record_id = r.id';

/** SELECT list and FROM clause of a Record in a view (see `RECORD_SELECT`). */
export function recordSelect(view: RecordView): string {
  return `
  SELECT ${recordColumns(view)}
    FROM records r
    JOIN moods m ON m.id = r.mood_id
    ${RECORD_PLAYS_JOIN}`;
}

/**
 * SELECT list and FROM clause of a Record: alias `r` for records, `m` for moods, `p` for plays.
 * Tags come back as the JSON text of the array, as API.md says.
 */
export const RECORD_SELECT = recordSelect('owner');

/** Newest first, the order of every record list (API.md "Routes"). */
export const RECORD_ORDER = 'ORDER BY r.date_added DESC, r.id DESC';

/** Each searchable field's own test of a `likePattern()` placeholder `p` (aliases `r`, `m`). */
const FIELD_MATCH: Record<RecordSearchField, (p: string) => string> = {
  title: (p) => `r.title ILIKE ${p}`,
  artist: (p) => `r.artist ILIKE ${p}`,
  mood: (p) => `m.mood ILIKE ${p}`,
  details: (p) => `r.details ILIKE ${p}`,
  year: (p) => `r.year::text LIKE ${p}`,
  tags: (p) => `(array_to_string(r.tags, E'\\x1f') ILIKE ${p}
               AND EXISTS (SELECT 1 FROM unnest(r.tags) AS t(tag) WHERE t.tag ILIKE ${p}))`,
};

/**
 * The search condition of API.md ("Routes": record search; EXTENSIONS.md §1): title,
 * artist, tags, mood, details or year contains the text, case-insensitively — or only the
 * `fields` given (`fields=title,artist`). `param` is the placeholder (e.g. `$2`) of a
 * `likePattern()`; the condition reads `r` (records) and `m` (its mood).
 * The first part finds the candidates through indexes (migration 0006): the records whose
 * `search_text` (their searched fields joined by U+001F) contains the text, by its trigram
 * index, and (when the mood is searched) the records of the moods that contain it, by
 * (user_id, mood_id). A crate of 20,000 records is then no longer read whole for a search
 * (42 → 5 ms for a search with 357 matches). The second part tests the candidates field by
 * field, so a match never spans two fields, even for a search text holding the separator itself.
 * @param fields - the fields to match, at least one (default: all of `RECORD_SEARCH_FIELDS`)
 */
export function recordSearchCondition(
  param: string,
  fields: readonly RecordSearchField[] = RECORD_SEARCH_FIELDS,
): string {
  const candidates = fields.includes('mood')
    ? `(r.search_text ILIKE ${param}
           OR r.mood_id = ANY (ARRAY(SELECT mood_match.id FROM moods mood_match WHERE mood_match.mood ILIKE ${param})))`
    : `r.search_text ILIKE ${param}`;
  return `(${candidates}
           AND (${fields.map((field) => FIELD_MATCH[field](param)).join(' OR ')}))`;
}

/** A record row as `RECORD_SELECT` reads it. */
export interface RecordRow {
  id: number;
  user_id: number;
  title: string;
  artist: string;
  coverart: string | null;
  date_added: Date;
  mood: string;
  mood_id: number;
  details: string;
  tags: string;
  /** Plays: how many of the owner's spins include the record (kept by the spin writes in `record_plays`). */
  play_count: number;
  /** `YYYY-MM-DD` of the latest spin with the record, null when never spun. */
  last_played: string | null;
  /** Original release year, 1900–2100, or null. */
  year: number | null;
  /** 8, 12 or 13 digits, or null. */
  barcode: string | null;
  /** MusicBrainz release-group UUID, or null. */
  mb_release_group_id: string | null;
  /** Collection details (API.md "Collection details"), null when unknown. */
  rating: number | null;
  folder: string | null;
  location: string | null;
  media_condition: string | null;
  sleeve_condition: string | null;
  /** `{amount: "24.99", currency: "EUR"}`. */
  price: { amount: string; currency: string } | null;
  /** `YYYY-MM-DD`. */
  purchased_on: string | null;
  purchased_from: string | null;
  label: string | null;
  catalog_number: string | null;
  format: string | null;
  discogs_release_id: number | null;
  /** The thumbnails on our own origin, null until fetched (API.md "Covers served by Spincrate"). */
  cover: { small: string; large: string } | null;
}

/** A Record as API.md returns it: coverart never empty. */
export type RecordJson = Omit<RecordRow, 'coverart'> & { coverart: string };

/**
 * The absolute URL of the fallback cover (API.md "Entities as returned": `coverart` is never
 * empty), at the app's configured public origin (`PUBLIC_URL`). Never built from a request's
 * `Host` header, which a client may forge (issue 20).
 * @param config - the configuration (`publicOrigin`)
 */
export function fallbackCoverUrl(config: Pick<Config, 'publicOrigin'>): string {
  return `${config.publicOrigin}${FALLBACK_COVER_PATH}`;
}

/**
 * Fills in the fallback cover of rows that have none.
 * @param fallback - from `fallbackCoverUrl(config)`
 */
export function withCoverArt<T extends { coverart: string | null }>(
  rows: T[],
  fallback: string,
): Array<Omit<T, 'coverart'> & { coverart: string }> {
  return rows.map((row) => ({ ...row, coverart: row.coverart || fallback }));
}

/**
 * The JSON object of one Record (API.md "Entities as returned") built by PostgreSQL from
 * a row with `RECORD_SELECT`'s columns: the fallback cover filled in, `date_added` as
 * ISO 8601 UTC with milliseconds — the same JSON as `withCoverArt()` + `res.json()` (no
 * spaces). Made by `row_to_json` of a one-row subquery whose columns are the Record's keys,
 * in their order: about a third cheaper in PostgreSQL than `json_build_object` with 28
 * key/value arguments (issue 24, the first sync's server CPU).
 * @param alias - the row's alias (e.g. `x`)
 * @param fallbackParam - the placeholder (e.g. `$3`) of `fallbackCoverUrl(config)`
 * @returns an SQL expression of type `json`
 */
export function recordJsonObject(alias: string, fallbackParam: string): string {
  const x = alias;
  return `(SELECT row_to_json(j) FROM (SELECT
             ${x}.id, ${x}.user_id, ${x}.title, ${x}.artist,
             COALESCE(NULLIF(${x}.coverart, ''), ${fallbackParam}::text) AS coverart,
             to_char(${x}.date_added AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS date_added,
             ${x}.mood, ${x}.mood_id, ${x}.details, ${x}.tags,
             ${x}.play_count, ${x}.last_played, ${x}.year,
             ${x}.barcode, ${x}.mb_release_group_id,
             ${x}.rating, ${x}.folder, ${x}.location,
             ${x}.media_condition, ${x}.sleeve_condition,
             ${x}.price, ${x}.purchased_on, ${x}.purchased_from,
             ${x}.label, ${x}.catalog_number, ${x}.format,
             ${x}.discogs_release_id, ${x}.cover) j)`;
}
