/**
 * Every request body, query and path id of API.md "Routes", with the rules of
 * "Field rules". Each schema parses (trims, converts ids) and its failures carry the
 * messages of `fields` (`{ title: "is required" }`). Fields the client may not set
 * (`user_id`, `id` on add, `date_added`) are dropped.
 */
import { z } from 'zod';
import { parseListenedAt, parseTimeSpent } from './dates.js';
import { idField, idInputSchema, optionalText, requiredText, textError, toId } from './fields.js';
import {
  CURSOR_MAX_LENGTH,
  DEFAULT_RECORD_SORT,
  RECORD_SORTS,
  BARCODE_PATTERN,
  DETAILS_MAX_LENGTH,
  MBID_PATTERN,
  LOOKUP_USERNAME_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_BYTES,
  PASSWORD_MIN_BYTES,
  PAGE_LIMIT_MAX,
  PAGE_LIMIT_MIN,
  SEARCH_MAX_LENGTH,
  SPIN_ALBUMS_MAX,
  SPIN_DETAILS_MAX,
  SYNC_LIMIT_DEFAULT,
  SYNC_LIMIT_MAX,
  SYNC_LIMIT_MIN,
  UUID_PATTERN,
  STATS_TODAY_MAX,
  STATS_TODAY_MIN,
  UNPLAYED_DAYS_MAX,
  USERNAME_MAX_LENGTH,
  USERNAME_PATTERN,
  utf8ByteLength,
  YEAR_MAX,
  YEAR_MIN,
} from './limits.js';
import { collectionDetailsFields, FOLDER_MAX_LENGTH } from './collection.js';

// ---- /api/user ----

const password = z
  .string({ error: textError })
  .refine((p) => p.trim().length > 0, 'is required')
  .refine((p) => utf8ByteLength(p) <= PASSWORD_MAX_BYTES, `must be at most ${PASSWORD_MAX_BYTES} bytes`);

/** POST /api/user/register: `{username, password}`; username 3–30 of `A–Z a–z 0–9 _ . -`, password 8–72 bytes. */
export const registerSchema = z.object({
  username: requiredText(USERNAME_MAX_LENGTH).regex(
    USERNAME_PATTERN,
    'must be 3 to 30 characters: letters, digits, _ . or -',
  ),
  password: password.refine(
    (p) => utf8ByteLength(p) >= PASSWORD_MIN_BYTES,
    `must be at least ${PASSWORD_MIN_BYTES} bytes`,
  ),
});

/** POST /api/user/login: `{username, password}`. */
export const loginSchema = z.object({
  username: requiredText(LOOKUP_USERNAME_MAX_LENGTH),
  password,
});

// ---- /api/record ----

const YEAR_ERROR = `must be a whole number from ${YEAR_MIN} to ${YEAR_MAX}, or null`;

/** `year`: an integer 1900–2100, or null / absent (API.md "Field rules": year). */
export const yearField = z
  .union(
    [z.null(), z.number().int({ error: YEAR_ERROR }).min(YEAR_MIN, YEAR_ERROR).max(YEAR_MAX, YEAR_ERROR)],
    {
      error: YEAR_ERROR,
    },
  )
  .optional();

const BARCODE_ERROR = 'must be 8, 12 or 13 digits';

/** A barcode: 8, 12 or 13 digits, nothing else (API.md "Field rules": barcode), trimmed first. */
export const barcodeField = z
  .string({ error: (issue) => (issue.input === undefined ? 'is required' : BARCODE_ERROR) })
  .trim()
  .regex(BARCODE_PATTERN, { error: BARCODE_ERROR });

/** `mb_release_id`: a MusicBrainz release UUID (API.md "Field rules"), trimmed, read in lower case. */
export const mbReleaseIdField = z
  .string({ error: 'must be a MusicBrainz release id (a UUID)' })
  .trim()
  .regex(MBID_PATTERN, { error: 'must be a MusicBrainz release id (a UUID)' })
  .transform((id) => id.toLowerCase());

/**
 * POST /api/record/add: `{artist, title, mood, details?, year?, barcode?, mb_release_id?}`
 * and the collection details (API.md "Collection details", all optional);
 * `barcode` and `mb_release_id` come from a barcode look-up (API.md "Adding by barcode").
 * Null is taken as absent.
 */
export const addRecordSchema = z.object({
  artist: requiredText(NAME_MAX_LENGTH),
  title: requiredText(NAME_MAX_LENGTH),
  mood: idField,
  details: optionalText(DETAILS_MAX_LENGTH),
  year: yearField,
  barcode: barcodeField.nullish().transform((v) => v ?? undefined),
  mb_release_id: mbReleaseIdField.nullish().transform((v) => v ?? undefined),
  ...collectionDetailsFields,
});

/**
 * PUT /api/record/edit: `{id, artist, title, mood, details, year?}` and the collection
 * details; all but `year` and the details required. `year` or a detail null clears it;
 * absent keeps the stored value (API.md "Collection details").
 */
export const editRecordSchema = z.object({
  id: idField,
  artist: requiredText(NAME_MAX_LENGTH),
  title: requiredText(NAME_MAX_LENGTH),
  mood: idField,
  details: requiredText(DETAILS_MAX_LENGTH),
  year: yearField,
  ...collectionDetailsFields,
});

// ---- lists at scale (API.md "Lists at scale") ----

const LIMIT_ERROR = `must be a whole number from ${PAGE_LIMIT_MIN} to ${PAGE_LIMIT_MAX}`;

/**
 * The paging fields of a record list's query: `limit` (1–200, in digits), `sort` (one of
 * `RECORD_SORTS`, default `newest`) and `cursor` (opaque, from a `Link: rel="next"`).
 * A `cursor` needs a `limit` (the next page's URL always carries both). Without `limit`
 * the whole list is answered.
 */
export const pageQueryFields = {
  limit: z
    .string({ error: LIMIT_ERROR })
    .regex(/^[0-9]{1,3}$/, { error: LIMIT_ERROR })
    .transform(Number)
    .refine((n) => n >= PAGE_LIMIT_MIN && n <= PAGE_LIMIT_MAX, { error: LIMIT_ERROR })
    .optional(),
  sort: z
    .enum(RECORD_SORTS, { error: `must be one of ${RECORD_SORTS.join(', ')}` })
    .optional()
    .transform((sort) => sort ?? DEFAULT_RECORD_SORT),
  cursor: z
    .string({ error: 'is not a valid cursor' })
    .regex(/^[A-Za-z0-9_-]+$/, { error: 'is not a valid cursor' })
    .max(CURSOR_MAX_LENGTH, { error: 'is not a valid cursor' })
    .optional(),
};

/**
 * `folder=F`: show one folder of the crate (exact, ignoring case; API.md "Collection
 * details"), 1–60 characters after trimming.
 */
export const folderQueryField = requiredText(FOLDER_MAX_LENGTH).optional();

/** Refuses a `cursor` without a `limit`. */
export function cursorNeedsLimit(query: { limit?: number; cursor?: string }, ctx: z.RefinementCtx): void {
  if (query.cursor !== undefined && query.limit === undefined) {
    ctx.addIssue({ code: 'custom', path: ['limit'], message: 'is required with a cursor' });
  }
}

/** `GET /api/record?limit=N&sort=S&cursor=C`: all optional (API.md "Lists at scale"). */
export const recordListQuerySchema = z
  .object({ ...pageQueryFields, folder: folderQueryField })
  .superRefine(cursorNeedsLimit);

/** The fields a record search can match (API.md "Routes": `GET /api/record/search`), in their order. */
export const RECORD_SEARCH_FIELDS = ['title', 'artist', 'tags', 'mood', 'details', 'year'] as const;
export type RecordSearchField = (typeof RECORD_SEARCH_FIELDS)[number];

const SEARCH_FIELDS_ERROR = `must be a comma list of ${RECORD_SEARCH_FIELDS.join(', ')}`;

/**
 * `fields=title,artist`: match the search only in these fields (a comma list of
 * `RECORD_SEARCH_FIELDS`, each at most once); absent = every field. Parsed into the fields
 * in `RECORD_SEARCH_FIELDS` order, so `artist,title` and `title,artist` are one list.
 */
export const searchFieldsQueryField = z
  .string({ error: SEARCH_FIELDS_ERROR })
  .transform((text, ctx) => {
    const names = text.split(',').map((name) => name.trim().toLowerCase());
    const known = new Set<string>(RECORD_SEARCH_FIELDS);
    if (names.some((name) => !known.has(name)) || new Set(names).size !== names.length) {
      ctx.addIssue({ code: 'custom', message: SEARCH_FIELDS_ERROR });
      return z.NEVER;
    }
    return RECORD_SEARCH_FIELDS.filter((field) => names.includes(field));
  })
  .optional();

/**
 * GET /api/record/search?search=T (T is 1–200 characters after trimming), with `fields`
 * (which fields to match), `limit`, `sort`, `cursor`, `folder`.
 */
export const searchQuerySchema = z
  .object({
    search: requiredText(SEARCH_MAX_LENGTH),
    fields: searchFieldsQueryField,
    ...pageQueryFields,
    folder: folderQueryField,
  })
  .superRefine(cursorNeedsLimit);

/** `POST /api/record/import`: `{csv, mood}`; the CSV's size (≤ 5 MB) is checked apart (413, not 400). */
export const importBodySchema = z.object({
  csv: z.string({ error: textError }).refine((csv) => csv.trim() !== '', 'is required'),
  mood: idField,
});

/** `GET /api/record/export?format=csv|json`. */
export const exportQuerySchema = z.object({
  format: z.enum(['csv', 'json'], {
    error: (issue) => (issue.input === undefined ? 'is required (csv or json)' : 'must be csv or json'),
  }),
});

// ---- /api/user/listenbrainz ----

/** Longest ListenBrainz token accepted (API.md "Field rules": token). */
export const LISTENBRAINZ_TOKEN_MAX = 100;

/**
 * `PUT /api/user/listenbrainz` `{token, auto_send?}` (`auto_send` default true). When the user
 * is connected already, `token` may be left out to change only `auto_send` (the settings
 * screen's switch, EXTENSIONS.md §8).
 */
export const listenBrainzConnectSchema = z.object({
  token: requiredText(LISTENBRAINZ_TOKEN_MAX).optional(),
  auto_send: z.boolean({ error: 'must be true or false' }).optional(),
});
export type ListenBrainzConnectBody = z.input<typeof listenBrainzConnectSchema>;

/** Most sources one import confirm may name. */
export const LISTENBRAINZ_IMPORT_SOURCES_MAX = 100;
/** Longest source name (a listen's `music_service`, `media_player` or `submission_client`). */
export const LISTENBRAINZ_SOURCE_MAX = 200;
/** Earliest `since` of an import (as `listenedAt`, API.md "Field rules"). */
export const LISTENBRAINZ_IMPORT_SINCE_MIN = '1900-01-01';

const IMPORT_SINCE_ERROR = 'must be a calendar date as YYYY-MM-DD';

/** `since` of an import: a real calendar date `YYYY-MM-DD`, from 1900-01-01 up to tomorrow (UTC). */
const importSince = z
  .string({ error: IMPORT_SINCE_ERROR })
  .trim()
  .refine(
    (text) => {
      if (!isIsoDate(text) || text < LISTENBRAINZ_IMPORT_SINCE_MIN) return false;
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      return text <= tomorrow;
    },
    { error: IMPORT_SINCE_ERROR },
  )
  .optional();

/**
 * `POST /api/user/listenbrainz/import` `{since?}` (API.md "ListenBrainz"): the preview of the
 * listens since that date (UTC), all of them when absent.
 */
export const listenBrainzImportSchema = z.object({ since: importSince });
export type ListenBrainzImportBody = z.input<typeof listenBrainzImportSchema>;

/**
 * `POST /api/user/listenbrainz/import/confirm` `{since?, sources: [source…]}`: the sources
 * (1–100 distinct names of the preview) whose spins are added.
 */
export const listenBrainzImportConfirmSchema = z.object({
  since: importSince,
  sources: z
    .array(z.unknown(), {
      error: (issue) => (issue.input === undefined ? 'is required' : 'must be a list of source names'),
    })
    .min(1, 'must name at least one source')
    .max(LISTENBRAINZ_IMPORT_SOURCES_MAX, `must name at most ${LISTENBRAINZ_IMPORT_SOURCES_MAX} sources`)
    // An element's failure is reported on `sources` itself (API.md: `fields.sources`).
    .transform((items, ctx) => {
      const names: string[] = [];
      for (const item of items) {
        const name = typeof item === 'string' ? item.trim() : '';
        if (name === '' || name.length > LISTENBRAINZ_SOURCE_MAX) {
          ctx.addIssue({
            code: 'custom',
            message: `must be a list of source names of 1 to ${LISTENBRAINZ_SOURCE_MAX} characters`,
          });
          return z.NEVER;
        }
        names.push(name);
      }
      return names;
    }),
});
export type ListenBrainzImportConfirmBody = z.input<typeof listenBrainzImportConfirmSchema>;

// ---- /api/spins ----

const timeSpent = z
  .string({ error: textError })
  .trim()
  .min(1, 'is required')
  .transform((text, ctx) => {
    const minutes = parseTimeSpent(text);
    if (minutes === null) {
      ctx.addIssue({ code: 'custom', message: 'must be hours:minutes (H:MM), hours 0–99, minutes 0–59' });
      return z.NEVER;
    }
    return minutes;
  });

const listenedAt = z
  .string({ error: textError })
  .trim()
  .min(1, 'is required')
  .transform((text, ctx) => {
    const result = parseListenedAt(text);
    if ('error' in result) {
      ctx.addIssue({ code: 'custom', message: result.error });
      return z.NEVER;
    }
    return result.date;
  });

const albums = z
  .array(z.unknown(), {
    error: (issue) =>
      issue.input === undefined || issue.input === null ? 'is required' : 'must be a list of record ids',
  })
  .transform((values, ctx) => {
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (values.length === 0) return fail('must name at least one record');
    if (values.length > SPIN_ALBUMS_MAX) return fail(`must name at most ${SPIN_ALBUMS_MAX} records`);
    const ids = values.map(toId);
    if (ids.some((id) => id === null)) return fail('must be record ids (positive whole numbers)');
    if (new Set(ids).size !== ids.length) return fail('must not name the same record twice');
    return ids as number[];
  });

/** An ISO 8601 timestamp with a zone (`Z` or `±hh:mm`), seconds and fractions optional. */
const ISO_WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;

/** `startedAt` (API.md "Field rules"): optional; parsed to a Date. */
const startedAtField = z
  .string({ error: 'must be an ISO 8601 timestamp with a zone' })
  .trim()
  .transform((text, ctx) => {
    const ms = Date.parse(text);
    if (!ISO_WITH_ZONE.test(text) || Number.isNaN(ms)) {
      ctx.addIssue({ code: 'custom', message: 'must be an ISO 8601 timestamp with a zone' });
      return z.NEVER;
    }
    return { date: text.slice(0, 10), at: new Date(ms) };
  })
  .optional()
  .nullable();

/** Most sides named for one record. */
export const SPIN_SIDES_MAX = 8;

/** `sides` (API.md "Field rules"): `{ "<record id>": ["A", "B"] }`, checked against `albums` below. */
const sidesField = z
  .record(z.string(), z.unknown(), { error: 'must be an object of record id → side letters' })
  .transform((value, ctx) => {
    const sides: Record<number, string[]> = {};
    for (const [key, letters] of Object.entries(value)) {
      const recordId = toId(key);
      const ok =
        recordId !== null &&
        Array.isArray(letters) &&
        letters.length >= 1 &&
        letters.length <= SPIN_SIDES_MAX &&
        letters.every((l) => typeof l === 'string' && /^[A-Z]$/.test(l)) &&
        new Set(letters).size === letters.length;
      if (!ok) {
        ctx.addIssue({
          code: 'custom',
          message: `must map record ids to 1–${SPIN_SIDES_MAX} distinct capital letters A–Z`,
        });
        return z.NEVER;
      }
      sides[recordId] = letters as string[];
    }
    return sides;
  })
  .optional()
  .nullable();

/** The checks of `startedAt` and `sides` that need the other fields. */
function checkStartAndSides(
  spin: {
    listenedAt: string;
    albums: number[];
    startedAt?: { date: string; at: Date } | null;
    sides?: Record<number, string[]> | null;
  },
  ctx: z.RefinementCtx,
): void {
  if (spin.startedAt) {
    const days = Math.abs(
      Date.parse(`${spin.startedAt.date}T00:00:00Z`) - Date.parse(`${spin.listenedAt}T00:00:00Z`),
    );
    if (!(days <= 86_400_000))
      ctx.addIssue({
        code: 'custom',
        path: ['startedAt'],
        message: "must be on the spin's date, give or take a day",
      });
  }
  if (spin.sides) {
    for (const key of Object.keys(spin.sides)) {
      if (!spin.albums.includes(Number(key))) {
        ctx.addIssue({ code: 'custom', path: ['sides'], message: 'must name only records of albums' });
        return;
      }
    }
  }
}

/**
 * `POST /api/spins/add` body `{timeSpent, listenedAt, details, albums}`. Parses to
 * `{ minutesSpent, listenedAt: 'YYYY-MM-DD', details, albums: number[] }`; that albums
 * are the caller's own records is checked when the spin is stored.
 */
/**
 * `clientId`: a UUID (any version) made by the client, so a repeat of a write stores
 * nothing new (API.md "Offline copy and repeat-safe writes"); read in lower case; null or
 * absent means none.
 */
export const clientIdField = z
  .string({ error: 'must be a UUID' })
  .trim()
  .regex(UUID_PATTERN, { error: 'must be a UUID' })
  .transform((id) => id.toLowerCase())
  .nullish()
  .transform((id) => id ?? undefined);

export const addSpinSchema = z
  .object({
    timeSpent,
    listenedAt,
    details: requiredText(SPIN_DETAILS_MAX),
    albums,
    clientId: clientIdField,
    startedAt: startedAtField,
    sides: sidesField,
  })
  .superRefine(checkStartAndSides)
  .transform(({ timeSpent: minutesSpent, ...rest }) => ({ minutesSpent, ...rest }));

/** A spin to store, as `addSpinSchema` parses it. */
export type NewSpin = z.output<typeof addSpinSchema>;

/**
 * `GET /api/spins?limit=N&cursor=C`: both optional (API.md "Lists at scale", issue 10). The
 * spins list has one order (newest `listened_at` first, then `id` desc), so it takes no
 * `sort`; `limit` and `cursor` follow the record lists' rules (a `cursor` needs a `limit`).
 */
export const spinListQuerySchema = z
  .object({ limit: pageQueryFields.limit, cursor: pageQueryFields.cursor })
  .superRefine(cursorNeedsLimit);

// ---- /api/sync ----

const SINCE_ERROR = 'must be a revision (a whole number, 0 or more)';
const SYNC_LIMIT_ERROR = `must be a whole number from ${SYNC_LIMIT_MIN} to ${SYNC_LIMIT_MAX}`;

/**
 * `GET /api/sync/records?since=R&limit=N` (API.md "Offline copy and repeat-safe writes"):
 * `since` a revision from an earlier answer (absent: from nothing), `limit` 1–2000 changes
 * (default 1000), both in digits.
 */
export const syncQuerySchema = z.object({
  since: z
    .string({ error: SINCE_ERROR })
    .regex(/^[0-9]{1,15}$/, { error: SINCE_ERROR })
    .transform(Number)
    .optional(),
  limit: z
    .string({ error: SYNC_LIMIT_ERROR })
    .regex(/^[0-9]{1,4}$/, { error: SYNC_LIMIT_ERROR })
    .transform(Number)
    .refine((n) => n >= SYNC_LIMIT_MIN && n <= SYNC_LIMIT_MAX, { error: SYNC_LIMIT_ERROR })
    .optional()
    .transform((n) => n ?? SYNC_LIMIT_DEFAULT),
});

// ---- /api/social ----

/**
 * `POST /api/social/add` body: `{ friend_username }`, trimmed, 1–200 characters.
 * Whether such a user exists (404) or is the caller (400) is checked against the database.
 */
export const addFriendSchema = z.object({
  friend_username: requiredText(LOOKUP_USERNAME_MAX_LENGTH),
});

/** `GET /api/social/friends/collection?id=F`: F is a user id; with `limit`, `sort`, `cursor`. */
export const friendCollectionQuery = z
  .object({
    id: idField,
    ...pageQueryFields,
    folder: folderQueryField,
  })
  .superRefine(cursorNeedsLimit);

/** `GET /api/social/friends/collection/search?search=T&id=F`: T is 1–200 characters after trimming; with `limit`, `sort`, `cursor`. */
export const friendSearchQuery = z
  .object({
    search: requiredText(SEARCH_MAX_LENGTH),
    // "as above" (API.md "Routes"): the own search's `fields` too.
    fields: searchFieldsQueryField,
    id: idField,
    ...pageQueryFields,
    folder: folderQueryField,
  })
  .superRefine(cursorNeedsLimit);

// ---- /api/blindbag ----

const UNPLAYED_DAYS_ERROR = `must be a whole number of days from 1 to ${UNPLAYED_DAYS_MAX}`;

/**
 * `GET /api/blindbag?search=T&unplayedDays=N`: T optional, trimmed ('' or missing draws
 * from the whole crate); N optional, a whole number of days 1–36500 written in digits.
 */
export const blindbagQuerySchema = z.object({
  search: optionalText(SEARCH_MAX_LENGTH),
  unplayedDays: z
    .string({ error: UNPLAYED_DAYS_ERROR })
    .regex(/^[0-9]{1,5}$/, { error: UNPLAYED_DAYS_ERROR })
    .transform(Number)
    .refine((n) => n >= 1 && n <= UNPLAYED_DAYS_MAX, { error: UNPLAYED_DAYS_ERROR })
    .optional(),
  folder: folderQueryField,
});

// ---- /api/stats ----

/** True when `text` is a real calendar date written `YYYY-MM-DD`. */
export function isIsoDate(text: string): boolean {
  if (!/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(text)) return false;
  const ms = Date.parse(`${text}T00:00:00Z`);
  return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 10) === text;
}

const TODAY_ERROR = 'must be a calendar date as YYYY-MM-DD';

/** `GET /api/stats?today=D`: optional, a real calendar date; missing means the server's UTC date. */
export const statsQuerySchema = z.object({
  today: z
    .string({ error: TODAY_ERROR })
    .refine((text) => isIsoDate(text) && text >= STATS_TODAY_MIN && text <= STATS_TODAY_MAX, {
      error: TODAY_ERROR,
    })
    .optional(),
});

/** The message of a year review's `year` that is not a year 1900–9999 written in four digits. */
export const REVIEW_YEAR_ERROR = 'must be a year as YYYY, from 1900';
/** The message of a year review's `year` after the year of `today` (API.md "Year in review": a year ≤ today's). */
export const REVIEW_YEAR_FUTURE_ERROR = "must not be after today's year";

/**
 * `GET /api/stats/year/{year}`: the path's year, four digits, 1900–9999 (parsed to a number).
 * Whether it is after today's year is checked with `today` (`REVIEW_YEAR_FUTURE_ERROR`).
 */
export const reviewYearParamsSchema = z.object({
  year: z
    .string({ error: REVIEW_YEAR_ERROR })
    .regex(/^[0-9]{4}$/, { error: REVIEW_YEAR_ERROR })
    .transform(Number)
    .refine((year) => year >= Number(STATS_TODAY_MIN.slice(0, 4)), { error: REVIEW_YEAR_ERROR }),
});

// ---- /api/lookup ----

/** `GET /api/lookup/barcode?code=C`: C is 8, 12 or 13 digits (API.md "Routes"). */
export const barcodeLookupQuerySchema = z.object({
  code: barcodeField,
});

// ---- path ids ----

/**
 * `{id}` in a path (`DELETE /api/record/{id}`, `GET /api/spins/single/{id}`, …): a
 * positive integer 1–2147483647 written in digits. The server reads it with `toId`
 * (a bad one is 400 `validation_failed` with `fields.id`).
 */
export const pathIdSchema = z.object({ id: idInputSchema });

/** `GET /api/social/friends/{friendId}/record/{id}`: two positive integer ids (API.md "One record"). */
export const friendRecordPathSchema = z.object({ friendId: idInputSchema, id: idInputSchema });

// ---- input types (what a client sends) ----

/** The body of POST /api/user/login. */
export type Credentials = z.input<typeof loginSchema>;
/** The body of POST /api/user/register. */
export type RegisterBody = z.input<typeof registerSchema>;
/** The body of POST /api/record/add. */
export type AddRecordBody = z.input<typeof addRecordSchema>;
/** The body of PUT /api/record/edit. */
export type EditRecordBody = z.input<typeof editRecordSchema>;
/** The body of POST /api/spins/add. */
export type AddSpinBody = z.input<typeof addSpinSchema>;
/** The body of POST /api/social/add. */
export type AddFriendBody = z.input<typeof addFriendSchema>;
/** The body of POST /api/record/import. */
export type ImportBody = z.input<typeof importBodySchema>;
