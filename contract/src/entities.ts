/**
 * The entities of API.md "Entities as returned" and the other response bodies of
 * "Routes", as zod schemas (to check answers against, and to describe them) and types.
 * They are strict: a field the contract does not name fails the check.
 */
import { z } from 'zod';
import { MAX_ID, WANT_PRIORITY_MAX, WANT_PRIORITY_MIN } from './limits.js';
import { MEDIA_GRADES, SLEEVE_GRADES } from './collection.js';

const id = z.int().min(1).max(MAX_ID);
/** `YYYY-MM-DD`. */
const calendarDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD');
/** ISO 8601 UTC with milliseconds, e.g. `2026-11-20T14:03:00.000Z`. */
const timestamp = z.iso.datetime();
/** A cover the browser can display: an absolute URL or one of this app's paths. Never empty. */
const coverart = z.string().min(1);

/** A price: `{amount: "24.99", currency: "EUR"}`, the amount always with 2 decimals. */
export const priceSchema = z.strictObject({
  amount: z.string().regex(/^[0-9]{1,5}\.[0-9]{2}$/, 'must be a decimal with 2 decimals'),
  currency: z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code'),
});

/** **User** `{id, username}` — the password hash never leaves the server. */
export const userSchema = z.strictObject({ id, username: z.string() });
export type User = z.infer<typeof userSchema>;

/** **Mood** `{id, mood}`. */
export const moodSchema = z.strictObject({ id, mood: z.string() });
export type Mood = z.infer<typeof moodSchema>;

/** A Record's `cover`: `{small: "/covers/{key}-250.webp", large: "/covers/{key}-500.webp"}`. */
export const coverSchema = z.strictObject({
  small: z.string().regex(/^\/covers\/[0-9a-f]{32}-250\.webp$/),
  large: z.string().regex(/^\/covers\/[0-9a-f]{32}-500\.webp$/),
});
export type Cover = z.infer<typeof coverSchema>;

/** The fields of a Record, shared by the Record and the Hot Off The Press row. */
const recordShape = {
  id,
  user_id: id,
  title: z.string(),
  artist: z.string(),
  coverart,
  date_added: timestamp,
  mood: z.string(),
  mood_id: id,
  details: z.string(),
  /** A JSON-encoded array of strings, e.g. `["jazz","modal"]` (a string, not an array). */
  tags: z.string().refine((text) => {
    try {
      const value: unknown = JSON.parse(text);
      return Array.isArray(value) && value.every((tag) => typeof tag === 'string');
    } catch {
      return false;
    }
  }, 'must be a JSON-encoded array of strings'),
  /** The number of the owner's spins that include the record (API.md "Entities"). */
  play_count: z.int().min(0),
  /** `listened_at` of the latest of those spins, or null when never spun. */
  last_played: calendarDate.nullable(),
  /** Original release year 1900–2100, or null. */
  year: z.int().min(1900).max(2100).nullable(),
  /** Digits of the barcode the record was added from, or null. */
  barcode: z.string().regex(/^\d+$/).nullable(),
  /** MusicBrainz release-group UUID, or null. */
  mb_release_group_id: z.uuid().nullable(),
  // The collection details (API.md "Collection details"), null when unknown; a friend's
  // view has price, purchased_on, purchased_from and location always null.
  /** Stars, 1–5. */
  rating: z.int().min(1).max(5).nullable(),
  /** The owner's folder name. */
  folder: z.string().nullable(),
  /** Where the copy stands. */
  location: z.string().nullable(),
  /** A Goldmine grade. */
  media_condition: z.enum(MEDIA_GRADES).nullable(),
  /** A Goldmine grade, or `Generic`, `No Cover`, `Not Graded`. */
  sleeve_condition: z.enum(SLEEVE_GRADES).nullable(),
  price: priceSchema.nullable(),
  /** `YYYY-MM-DD`. */
  purchased_on: calendarDate.nullable(),
  purchased_from: z.string().nullable(),
  label: z.string().nullable(),
  catalog_number: z.string().nullable(),
  format: z.string().nullable(),
  discogs_release_id: id.nullable(),
  /**
   * The cover's thumbnails on Spincrate's own origin, 250 and 500 px wide WebP, once
   * fetched; null until then (show `coverart`). API.md "Covers served by Spincrate".
   */
  cover: coverSchema.nullable(),
};

/** **Record**: one record of a crate, `coverart` always displayable, `tags` JSON text. */
export const recordSchema = z.strictObject(recordShape);
export type CrateRecord = z.infer<typeof recordSchema>;

/**
 * **Release**: one pressing found for a barcode (API.md "Adding by barcode"). `owned`
 * is the caller's: `record_id` the record already added with this barcode or release,
 * `other_editions` the records of the same release group, or the same artist and title
 * ignoring case, that are other pressings.
 */
export const releaseSchema = z.strictObject({
  mb_release_id: z.uuid(),
  mb_release_group_id: z.uuid().nullable(),
  title: z.string(),
  artist: z.string(),
  year: z.int().min(1900).max(2100).nullable(),
  label: z.string().nullable(),
  catalog_number: z.string().nullable(),
  country: z.string().nullable(),
  format: z.string().nullable(),
  coverart: coverart.nullable(),
  owned: z.strictObject({
    record_id: id.nullable(),
    other_editions: z.array(id),
    /** The caller's want with this barcode or release, else null (API.md "Wantlist"). */
    want_id: id.nullable(),
    /**
     * Spincrate's addition: the names of the records above (`record_id` first, then
     * `other_editions`), so a warning can name and link them without reading the crate.
     */
    records: z.array(z.strictObject({ id, title: z.string(), artist: z.string() })),
  }),
});
export type Release = z.infer<typeof releaseSchema>;

/** `GET /api/lookup/barcode`: `{code, releases}`; `releases` is empty when nothing is found. */
export const barcodeLookupSchema = z.strictObject({
  code: z.string().regex(/^\d+$/),
  releases: z.array(releaseSchema),
});
export type BarcodeLookup = z.infer<typeof barcodeLookupSchema>;

/** **Spin** `{id, listened_at: YYYY-MM-DD, time_spent: H:MM, spin_details}`. */
export const spinSchema = z.strictObject({
  id,
  listened_at: calendarDate,
  time_spent: z.string().regex(/^\d{1,2}:\d{2}$/, 'must be H:MM'),
  spin_details: z.string(),
  started_at: timestamp.nullable(),
  scrobble: z.strictObject({
    state: z.enum(['off', 'pending', 'sent', 'partial', 'failed']),
    listens: z.int().min(0),
    message: z.string().nullable(),
  }),
});

/** `POST /api/spins/{id}/send` (202): the spin's id and its `scrobble`, now `pending`. */
export const spinSendSchema = z.strictObject({ id, scrobble: spinSchema.shape.scrobble });
export type SpinSend = z.infer<typeof spinSendSchema>;

/** A track of unknown length counts this many seconds (API.md "ListenBrainz": from a spin to listens). */
export const UNKNOWN_TRACK_SECONDS = 60;

/**
 * `GET /api/record/{id}/sides` (EXTENSIONS.md §8 "Add spin"): the sides of the record's
 * MusicBrainz tracklist in order, each with its number of tracks and its length in whole
 * seconds (a track of unknown length counts `UNKNOWN_TRACK_SECONDS`). `sides` is empty when
 * the record has no tracklist (none found, or MusicBrainz did not answer in time) or its
 * track numbers have no letters.
 */
export const recordSidesSchema = z.strictObject({
  sides: z.array(
    z.strictObject({
      side: z.string().regex(/^[A-Z]$/),
      tracks: z.int().min(1),
      seconds: z.int().min(0),
    }),
  ),
});
export type RecordSides = z.infer<typeof recordSidesSchema>;

/** `GET /api/user/listenbrainz`: the link to ListenBrainz (the token never leaves the server). */
export const listenBrainzAccountSchema = z.strictObject({
  connected: z.boolean(),
  user_name: z.string().nullable(),
  auto_send: z.boolean(),
  paused_reason: z.string().nullable(),
});
export type ListenBrainzAccount = z.infer<typeof listenBrainzAccountSchema>;

/**
 * `POST /api/user/listenbrainz/import` (200): the preview of an import, nothing stored
 * (API.md "ListenBrainz": Import back). `sources` holds every source of the listens found
 * (Spincrate's own and those already imported left out), most listens first: `listens` counts
 * all of that source's listens, matched to a record or not; `spins` the spins they make.
 * `spins` are the spins an import would add, oldest first; `listened_at` is the UTC date of
 * the first listen, `listens` the listens grouped into it.
 */
export const listenBrainzImportPreviewSchema = z.strictObject({
  sources: z.array(z.strictObject({ source: z.string(), listens: z.int().min(1), spins: z.int().min(0) })),
  spins: z.array(
    z.strictObject({
      listened_at: z.iso.date(),
      record_id: id,
      title: z.string(),
      artist: z.string(),
      listens: z.int().min(1),
      source: z.string(),
    }),
  ),
});
export type ListenBrainzImportPreview = z.infer<typeof listenBrainzImportPreviewSchema>;

/** `POST /api/user/listenbrainz/import/confirm` (201): how many spins were added. */
export const listenBrainzImportResultSchema = z.strictObject({ spins_added: z.int().min(0) });
export type ListenBrainzImportResult = z.infer<typeof listenBrainzImportResultSchema>;

/** `PUT /api/user/listenbrainz`: `{connected: true, user_name, auto_send}`. */
export const listenBrainzConnectedSchema = z.strictObject({
  connected: z.literal(true),
  user_name: z.string(),
  auto_send: z.boolean(),
});
export type Spin = z.infer<typeof spinSchema>;

/** One record of a spin as the spins list names it: `{id, title, artist}` (EXTENSIONS.md §2). */
export const spinRecordSchema = z.strictObject({ id, title: z.string(), artist: z.string() });
export type SpinRecord = z.infer<typeof spinRecordSchema>;

/**
 * One spin of `GET /api/spins`: the Spin with `records`, its records still in the crate,
 * by record id ascending (empty when all were deleted). EXTENSIONS.md §2.
 */
export const spinListItemSchema = z.strictObject({
  ...spinSchema.shape,
  records: z.array(spinRecordSchema),
});
export type SpinListItem = z.infer<typeof spinListItemSchema>;

/**
 * One row of `GET /api/spins/single/{id}`: the spin (`id` is the spin's) with one of its
 * records; a spin whose records were all deleted gives one row with the album fields null.
 */
export const spinDetailRowSchema = z.strictObject({
  ...spinSchema.shape,
  album_id: id.nullable(),
  title: z.string().nullable(),
  artist: z.string().nullable(),
  coverart: coverart.nullable(),
  /** The record's own thumbnails (API.md "Covers served by Spincrate"), null until fetched or with no record. */
  cover: coverSchema.nullable(),
});
export type SpinDetailRow = z.infer<typeof spinDetailRowSchema>;

/** **Friend** `{friend_id, friend_username}`. */
export const friendSchema = z.strictObject({ friend_id: id, friend_username: z.string() });
export type Friend = z.infer<typeof friendSchema>;

/** A Hot Off The Press row: a friend's Record with its owner's `username`. */
export const hotpRowSchema = z.strictObject({ ...recordShape, username: z.string() });
export type HotpRow = z.infer<typeof hotpRowSchema>;

/** A Latest Listens row: one record of one of a friend's spins. */
export const latestListenRowSchema = z.strictObject({
  spin_id: id,
  album_id: id,
  title: z.string(),
  artist: z.string(),
  coverart,
  friend_id: id,
  friend_username: z.string(),
  listened_at: calendarDate,
  spin_details: z.string(),
  /** The record's own thumbnails (API.md "Covers served by Spincrate"), null until fetched. */
  cover: coverSchema.nullable(),
});
export type LatestListenRow = z.infer<typeof latestListenRowSchema>;

/**
 * The record the blindbag draws: `{id, title, artist, coverart, cover}`; `cover` is its own
 * thumbnails, null until fetched (API.md "Covers served by Spincrate": every Record gains it).
 */
export const blindbagRecordSchema = z.strictObject({
  id,
  title: z.string(),
  artist: z.string(),
  coverart,
  cover: coverSchema.nullable(),
});
export type BlindbagRecord = z.infer<typeof blindbagRecordSchema>;

/** One row of an import that was not stored: `row` counts data rows from 1. */
export const importRowErrorSchema = z.strictObject({ row: z.int().min(1), message: z.string() });

/** **Import**: progress of a Discogs import; `enriching` until every look-up is done. */
export const importSchema = z.strictObject({
  id,
  status: z.enum(['enriching', 'done']),
  total: z.int().min(0),
  imported: z.int().min(0),
  duplicates: z.int().min(0),
  failed: z.int().min(0),
  enriched: z.int().min(0),
  /**
   * Where the background look-ups stand: `running`, `waiting_for_service` (the metadata
   * service cannot be reached; they resume once it can) or `done`.
   */
  lookups: z.enum(['running', 'waiting_for_service', 'done']),
  errors: z.array(importRowErrorSchema),
});
export type Import = z.infer<typeof importSchema>;

/**
 * **Want** `{id, title, artist, year, barcode, mb_release_id, mb_release_group_id, coverart,
 * priority, max_price, notes, date_added, cover}` as its owner sees it.
 */
export const wantSchema = z.strictObject({
  id,
  title: z.string(),
  artist: z.string(),
  year: z.int().min(1900).max(2100).nullable(),
  barcode: z.string().regex(/^\d+$/).nullable(),
  mb_release_id: z.uuid().nullable(),
  mb_release_group_id: z.uuid().nullable(),
  /** Always displayable: the cover found, or this app's fallback cover. */
  coverart: z.string().min(1),
  /** 1 (most wanted) to 3. */
  priority: z.int().min(WANT_PRIORITY_MIN).max(WANT_PRIORITY_MAX),
  /** The most the user would pay, or null. */
  max_price: priceSchema.nullable(),
  notes: z.string().nullable(),
  date_added: z.iso.datetime(),
  /**
   * The cover's thumbnails on Spincrate's own origin once fetched; null until then (show
   * `coverart`). API.md "Covers served by Spincrate".
   */
  cover: coverSchema.nullable(),
});
export type Want = z.infer<typeof wantSchema>;

/** A friend's Want (and a public one): everything but `max_price`. */
export const friendWantSchema = wantSchema.omit({ max_price: true });
export type FriendWant = z.infer<typeof friendWantSchema>;

/** `GET /api/want/{id}/owners`: the caller's friends who own the wanted album. */
export const wantOwnerSchema = z.strictObject({ friend_id: id, friend_username: z.string(), record_id: id });
export type WantOwner = z.infer<typeof wantOwnerSchema>;

/** The JSON export: every record, every spin with the ids of its records, and every want (API.md "Wantlist"). */
export const crateBackupSchema = z.strictObject({
  records: z.array(recordSchema),
  spins: z.array(z.strictObject({ ...spinSchema.shape, albums: z.array(id) })),
  wants: z.array(wantSchema),
});
export type CrateBackup = z.infer<typeof crateBackupSchema>;

/** A breakdown row of the stats: how many records and plays one mood, tag or decade has. */
const statsShare = { records: z.int().min(0), plays: z.int().min(0) };

/** **Stats** (`GET /api/stats`, API.md "Listening statistics") of the caller's own crate and spins. */
export const statsSchema = z.strictObject({
  today: calendarDate,
  records: z.int().min(0),
  spins: z.int().min(0),
  minutes: z.int().min(0),
  first_spin: calendarDate.nullable(),
  /** The years (ascending, none after `today`'s) with at least one spin: each has a year in review. */
  spin_years: z.array(z.int().min(1900)),
  current_streak: z.int().min(0),
  longest_streak: z.int().min(0),
  days: z.array(z.strictObject({ date: calendarDate, spins: z.int().min(1), minutes: z.int().min(0) })),
  top_records: z.array(recordSchema),
  never_played: z.int().min(0),
  by_mood: z.array(z.strictObject({ mood: z.string(), ...statsShare })),
  by_tag: z.array(z.strictObject({ tag: z.string(), ...statsShare })),
  by_decade: z.array(z.strictObject({ decade: z.int().nullable(), ...statsShare })),
  /** Money spent per currency (API.md "Collection details"): the sum of the prices and the priced records. */
  spend: z.array(z.strictObject({ currency: z.string(), total: z.string(), records: z.int().min(1) })),
  /** The 10 priced, played records with the lowest price per play (ties: record id). */
  cost_per_play: z.array(
    z.strictObject({ record: recordSchema, per_play: z.string(), currency: z.string() }),
  ),
});
export type Stats = z.infer<typeof statsSchema>;

/** A record of a year in review with its plays in that year (`record.play_count` counts every year). */
export const yearRecordSchema = z.strictObject({ record: recordSchema, plays: z.int().min(1) });
export type YearRecord = z.infer<typeof yearRecordSchema>;

/** What was spent on records bought in a period, per currency (API.md "Collection details": Stats' `spend`). */
export const spendSchema = z.strictObject({
  currency: z.string().regex(/^[A-Z]{3}$/),
  /** A decimal string with 2 decimals, e.g. `"1234.50"`. */
  total: z.string().regex(/^\d+\.\d{2}$/),
  records: z.int().min(1),
});

/**
 * **Year in review** (`GET /api/stats/year/{yyyy}`, API.md "Year in review"; EXTENSIONS.md §10)
 * of the caller's own crate and spins in one calendar year. A play is one record in one spin.
 * - `complete`: false before 31 December of `year` (the page says "{year} so far").
 * - `first_plays`: records whose first spin ever is in the year; `rescued`: records played in
 *   the year at least 365 days after their previous play (or, never played before, after
 *   being added).
 * - `top_records` (ties: latest play in the year, then id) and `top_artists` (ties: more
 *   records, then name): at most 10, by plays in the year.
 * - `by_mood`, `by_tag` (at most 20), `by_decade`: the records played in the year and their
 *   plays in it, most plays first (then records, then name / decade, null last).
 * - `longest_streak`: the longest run of consecutive days with spins inside the year.
 * - `busiest_month` (1–12) and `busiest_weekday` (ISO: 1 Monday … 7 Sunday): most plays,
 *   ties the earliest; null without plays. `plays_by_month`: 12 numbers, January first.
 * - `favourite_new_record`: the most played record (ties as `top_records`) added in the year, or null.
 * - `spend`: as in Stats, for the priced records with `purchased_on` in the year.
 */
export const yearReviewSchema = z.strictObject({
  year: z.int().min(1900),
  complete: z.boolean(),
  spins: z.int().min(0),
  plays: z.int().min(0),
  minutes: z.int().min(0),
  records_played: z.int().min(0),
  records_added: z.int().min(0),
  first_plays: z.int().min(0),
  rescued: z.int().min(0),
  top_records: z.array(yearRecordSchema).max(10),
  top_artists: z
    .array(z.strictObject({ artist: z.string(), records: z.int().min(1), plays: z.int().min(1) }))
    .max(10),
  by_mood: z.array(z.strictObject({ mood: z.string(), ...statsShare })),
  by_tag: z.array(z.strictObject({ tag: z.string(), ...statsShare })).max(20),
  by_decade: z.array(z.strictObject({ decade: z.int().nullable(), ...statsShare })),
  longest_streak: z.int().min(0),
  busiest_month: z.int().min(1).max(12).nullable(),
  busiest_weekday: z.int().min(1).max(7).nullable(),
  plays_by_month: z.array(z.int().min(0)).length(12),
  favourite_new_record: yearRecordSchema.nullable(),
  spend: z.array(spendSchema),
});
export type YearReview = z.infer<typeof yearReviewSchema>;

/** `GET /api/record/folders`: the caller's folders by name, with their record counts. */
export const folderListSchema = z.array(z.strictObject({ folder: z.string(), records: z.int().min(1) }));
export type FolderCount = z.infer<typeof folderListSchema>[number];

/** `GET /api/health`: `{status: "ok"}`. */
export const healthSchema = z.strictObject({ status: z.literal('ok') });

/** `GET /api/config`: the client's runtime configuration. */
export const clientConfigSchema = z.strictObject({
  /** URL of the chat-bot frame; the app's own help page when none is configured. */
  chatbotUrl: z.string(),
  /** The chat bot's persona name, shown on the footer button. */
  chatbotName: z.string(),
  /** The creator's username, suggested by the empty-social popup. */
  creatorUsername: z.string(),
  /** URL of the sample image on the image host for /test. */
  imageUrl: z.string(),
  /** The version label shown in the footer, e.g. `v1.3.2`. */
  version: z.string(),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;

/**
 * One page of `GET /api/sync/records` (API.md "Offline copy and repeat-safe writes"): the
 * records changed after `since`, oldest change first; `deleted` the ids deleted after it;
 * `rev` the revision to ask from next; `more` whether another call is needed; `reset` true
 * when `since` is too old (or not one of the caller's revisions): start from nothing.
 */
export const syncRecordsPageSchema = z.strictObject({
  rev: z.int().min(0),
  records: z.array(recordSchema),
  deleted: z.array(id),
  more: z.boolean(),
  reset: z.boolean(),
});
export type SyncRecordsPage = z.infer<typeof syncRecordsPageSchema>;

/** `GET /api/sync/wants`: the same page as `GET /api/sync/records`, of the caller's wants. */
export const syncWantsPageSchema = z.strictObject({
  rev: z.int().min(0),
  wants: z.array(wantSchema),
  deleted: z.array(id),
  more: z.boolean(),
  reset: z.boolean(),
});
export type SyncWantsPage = z.infer<typeof syncWantsPageSchema>;
