/**
 * The Record of API.md "Entities as returned", shared by every feature that returns
 * records (crate, search, friends' crates, Hot Off The Press, blindbag).
 */
import type { Request } from 'express';

/** Path of the app's own fallback cover, served by this server (works with no internet). */
export const FALLBACK_COVER_PATH = '/covers/fallback.svg';

/**
 * SELECT list and FROM clause of a Record: alias `r` for records, `m` for moods.
 * Tags come back as the JSON text of the array, as API.md says.
 */
export const RECORD_SELECT = `
  SELECT r.id, r.user_id, r.title, r.artist, r.coverart, r.date_added, m.mood, r.mood_id,
         r.details, to_json(r.tags)::text AS tags
    FROM records r
    JOIN moods m ON m.id = r.mood_id`;

/** Newest first, the order of every record list (API.md "Routes"). */
export const RECORD_ORDER = 'ORDER BY r.date_added DESC, r.id DESC';

/**
 * The search condition of API.md: title, artist, tags or mood contains the text,
 * case-insensitively. `param` is the placeholder (e.g. `$2`) of a `likePattern()`.
 */
export function recordSearchCondition(param: string): string {
  return `(r.title ILIKE ${param} OR r.artist ILIKE ${param} OR m.mood ILIKE ${param}
           OR EXISTS (SELECT 1 FROM unnest(r.tags) AS t(tag) WHERE t.tag ILIKE ${param}))`;
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
}

/** A Record as API.md returns it: coverart never empty. */
export type RecordJson = Omit<RecordRow, 'coverart'> & { coverart: string };

/** The absolute URL of the fallback cover for this request's origin. */
export function fallbackCoverUrl(req: Request): string {
  return `${req.protocol}://${req.get('host') ?? 'localhost'}${FALLBACK_COVER_PATH}`;
}

/**
 * Fills in the fallback cover of rows that have none.
 * @param fallback - from `fallbackCoverUrl(req)`
 */
export function withCoverArt<T extends { coverart: string | null }>(
  rows: T[],
  fallback: string,
): Array<Omit<T, 'coverart'> & { coverart: string }> {
  return rows.map((row) => ({ ...row, coverart: row.coverart || fallback }));
}
