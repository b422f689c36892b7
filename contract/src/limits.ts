/** The field limits of API.md "Conventions" and "Field rules", in one place. */

/** Largest id a path or query may carry (PostgreSQL `integer`). */
export const MAX_ID = 2147483647;

/** Longest title or artist, in characters. */
export const NAME_MAX_LENGTH = 200;
/** Longest record details, in characters. */
export const DETAILS_MAX_LENGTH = 5000;
/** Longest search text, in characters after trimming (1–200; the blindbag's may be empty). */
export const SEARCH_MAX_LENGTH = 200;

/** Shortest username, in characters. */
export const USERNAME_MIN_LENGTH = 3;
/** Longest username, in characters. */
export const USERNAME_MAX_LENGTH = 30;
/** A username: 3–30 characters from `A–Z a–z 0–9 _ . -`. */
export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]{3,30}$/;
/** Longest username typed at login or as a friend's name (longer ones cannot exist, but are not refused as malformed). */
export const LOOKUP_USERNAME_MAX_LENGTH = 200;

/** Longest password accepted, in UTF-8 bytes (bcrypt reads no further). */
export const PASSWORD_MAX_BYTES = 72;
/** Shortest password accepted at registration, in UTF-8 bytes. */
export const PASSWORD_MIN_BYTES = 8;

/** Most characters of a spin's details. */
export const SPIN_DETAILS_MAX = 5000;
/** Most records one spin may name. */
export const SPIN_ALBUMS_MAX = 50;
/** Most hours a spin may last (`timeSpent` is `H:MM` with H ≤ 99). */
export const SPIN_HOURS_MAX = 99;
/** Earliest `listenedAt` accepted, as `YYYY-MM-DD`. */
export const EARLIEST_LISTENED_AT = '1900-01-01';

/** Largest CSV text an import takes, in bytes (5 MB; the route's body limit is 6 MB). */
export const MAX_CSV_BYTES = 5 * 1024 * 1024;
/** Body limit of every JSON route but the import. */
export const JSON_BODY_LIMIT = '100kb';
/** Body limit of `POST /api/record/import`. */
export const IMPORT_BODY_LIMIT = '6mb';

/** Earliest release year a record may carry (API.md "Field rules": year). */
export const YEAR_MIN = 1900;
/** Latest release year a record may carry. */
export const YEAR_MAX = 2100;
/** Longest blindbag "not played in" span, in days (API.md "Routes": `unplayedDays` 1–36500). */
export const UNPLAYED_DAYS_MAX = 36500;
/** Earliest `today` the stats accept, `YYYY-MM-DD`. */
export const STATS_TODAY_MIN = '1900-01-01';
/** Latest `today` the stats accept, `YYYY-MM-DD`. */
export const STATS_TODAY_MAX = '9999-12-31';

/** Fewest records one page of a list may ask for (API.md "Lists at scale": `limit` 1–200). */
export const PAGE_LIMIT_MIN = 1;
/** Most records one page of a list may ask for. */
export const PAGE_LIMIT_MAX = 200;
/**
 * Records in the first page of the own collection the client asks for (`limit`), and that
 * the server hands to the collection page in `index.html` (issue 11): 60 is a whole number
 * of rows at every column count (1, 3, 4, 6) and about two screens of covers on a desktop.
 */
export const COLLECTION_FIRST_PAGE_SIZE = 60;
/** Fewest changes one page of a sync may ask for (API.md "Offline copy and repeat-safe writes": `limit` 1–2000). */
export const SYNC_LIMIT_MIN = 1;
/** Most changes one page of a sync may ask for. */
export const SYNC_LIMIT_MAX = 2000;
/** Changes in a page of a sync when no `limit` is given. */
export const SYNC_LIMIT_DEFAULT = 1000;
/** A UUID of any version, as API.md "Field rules" allows `clientId`. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Longest `cursor` a list accepts, in characters (a real one is far shorter). */
export const CURSOR_MAX_LENGTH = 2000;
/**
 * A barcode as API.md "Field rules" allows it: 8 (EAN-8), 12 (UPC-A) or 13 (EAN-13) digits.
 */
export const BARCODE_PATTERN = /^(?:[0-9]{8}|[0-9]{12}|[0-9]{13})$/;
/** A MusicBrainz id (a UUID), as API.md "Field rules" allows `mb_release_id`. */
export const MBID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Most rows of Hot Off The Press and of Latest Listens. */
export const FEED_LIMIT = 48;

/**
 * The length of a string in UTF-8 bytes, as Node's `Buffer.byteLength(s, 'utf8')`
 * counts it (a lone surrogate is 3 bytes, the replacement character), in plain
 * JavaScript so that the browser can use it too.
 */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/**
 * The orders a record list can be asked for (here, with no zod, so that the client's first
 * load can name them without the schemas) (`sort`). `newest` (the default):
 * `date_added` desc, then `id` desc; `oldest` the reverse; `artist_asc`/`artist_desc`:
 * case- and accent-insensitive (`Intl.Collator('en', {sensitivity: 'base'})`), ties by
 * title, then `id`; `title_asc`/`title_desc`: ties by `id`; `most_played`: `play_count`
 * desc, `last_played` desc, `id` desc; `least_recently_played`: never spun first, then
 * `last_played` asc, then `id` asc. The `_desc` sorts are their `_asc` twins reversed.
 * `rating_desc`: rating desc, unrated last, then `date_added` desc, `id` desc; `price_desc`:
 * price amount desc whatever the currency, unpriced last, then `date_added` desc, `id` desc
 * (API.md "Collection details").
 */
export const RECORD_SORTS = [
  'newest',
  'oldest',
  'artist_asc',
  'artist_desc',
  'title_asc',
  'title_desc',
  'most_played',
  'least_recently_played',
  'rating_desc',
  'price_desc',
] as const;

/** One of `RECORD_SORTS`. */
export type RecordSort = (typeof RECORD_SORTS)[number];

/** The sort of a record list when the query names none. */
export const DEFAULT_RECORD_SORT: RecordSort = 'newest';

// ---- the wantlist (API.md "Wantlist") ----

/** Most wanted. */
export const WANT_PRIORITY_MIN = 1;
/** Least wanted. */
export const WANT_PRIORITY_MAX = 3;
/** The priority of a want added without one. */
export const WANT_PRIORITY_DEFAULT = 2;
/** Longest notes of a want, in characters. */
export const WANT_NOTES_MAX_LENGTH = 1000;

/**
 * The orders of `GET /api/want` (`sort`): `newest` (the default, as in "Lists at scale":
 * `date_added` desc, then `id` desc), `priority` (1 first, then newest first), `artist_asc`
 * (case- and accent-insensitive, ties by title, then `id`), `title_asc` (ties by `id`).
 */
export const WANT_SORTS = ['newest', 'priority', 'artist_asc', 'title_asc'] as const;
/** One of `WANT_SORTS`. */
export type WantSort = (typeof WANT_SORTS)[number];
/** The sort of `GET /api/want` when the query names none (API.md "Lists at scale"). */
export const DEFAULT_WANT_SORT: WantSort = 'newest';
/** The sort the wantlist screen shows first (EXTENSIONS.md §6: "sorted by priority by default"). */
export const WANT_SCREEN_DEFAULT_SORT: WantSort = 'priority';

/**
 * The path of Spincrate's own fallback cover (API.md "Cover art and tags"): the record's
 * `coverart` when no cover was found, shown by the app where a cover cannot be loaded, and kept
 * by the service worker for offline use. Here, with the zod-free limits, so the worker imports it.
 */
export const FALLBACK_COVER_PATH = '/covers/fallback.svg';
