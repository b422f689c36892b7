/**
 * Where cover thumbnails are kept (API.md "Covers served by Spincrate"): a small
 * interface, so that an S3-compatible object store could hold the bytes later; the
 * default keeps them in PostgreSQL (`covers.small` / `covers.large`, migration 0013), so
 * every server process shares them.
 */
import type { Queryable } from '@/db/database.js';

/** The widths of the thumbnails, in px. */
export const COVER_SIZES = [250, 500] as const;
export type CoverSize = (typeof COVER_SIZES)[number];

/** Both thumbnails of one cover, WebP bytes. */
export interface CoverThumbnails {
  small: Buffer;
  large: Buffer;
}

/** A store of cover thumbnails keyed by cover key (32 hex digits). */
export interface CoverStore {
  /**
   * The WebP bytes of one thumbnail.
   * @returns null when the store has no finished thumbnails for the key
   */
  get(key: string, size: CoverSize): Promise<Buffer | null>;
  /**
   * Stores both thumbnails of a cover and marks it done (replacing what was there).
   * @param sourceUrl - the URL the image was fetched from
   */
  put(key: string, sourceUrl: string, thumbnails: CoverThumbnails): Promise<void>;
}

/** The thumbnails in the `covers` table (bytea, TOAST without compression). */
export class PgCoverStore implements CoverStore {
  constructor(private readonly db: Queryable) {}

  async get(key: string, size: CoverSize): Promise<Buffer | null> {
    const column = size === 250 ? 'small' : 'large';
    const rows = await this.db.query<{ bytes: Buffer }>(
      `SELECT ${column} AS bytes FROM covers WHERE key = $1 AND state = 'done'`,
      [key],
    );
    return rows[0]?.bytes ?? null;
  }

  async put(key: string, sourceUrl: string, thumbnails: CoverThumbnails): Promise<void> {
    await this.db.query(
      `INSERT INTO covers (key, source_url, state, small, large, updated_at)
       VALUES ($1, $2, 'done', $3, $4, now())
       ON CONFLICT (key) DO UPDATE
          SET state = 'done', small = excluded.small, large = excluded.large,
              refused_reason = NULL, updated_at = now()`,
      [key, sourceUrl, thumbnails.small, thumbnails.large],
    );
  }
}
