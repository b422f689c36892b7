/**
 * Where cover thumbnails are kept (API.md "Covers served by Spincrate"): a small
 * interface, so that an S3-compatible object store could hold the bytes later; the
 * default keeps them in PostgreSQL (`covers.small` / `covers.large`, migration 0013), so
 * every server process shares them.
 */
import { LRUCache } from 'lru-cache';
import type { Queryable } from '@/db/database.js';

/** The widths of the thumbnails, in px. */
const COVER_SIZES = [250, 500] as const;
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

/** Bytes of thumbnails a process keeps in memory by default (about 1,500 covers at 250 px). */
const COVER_MEMORY_BYTES = 32 * 1024 * 1024;

/**
 * A store that keeps the thumbnails it served in memory (least recently used first out,
 * bounded by bytes), in front of another store: a thumbnail never changes under its key,
 * so a cover asked for again costs no database read. Unknown keys are not remembered (a
 * cover may be finished a moment later); `put` goes to the store behind and forgets the key.
 */
export class MemoryCachedCoverStore implements CoverStore {
  private readonly kept: LRUCache<string, Buffer>;

  /**
   * @param store - where the thumbnails are kept for good
   * @param maxBytes - most bytes held in memory (default `COVER_MEMORY_BYTES`)
   */
  constructor(
    private readonly store: CoverStore,
    maxBytes = COVER_MEMORY_BYTES,
  ) {
    this.kept = new LRUCache<string, Buffer>({
      maxSize: maxBytes,
      sizeCalculation: (b) => Math.max(1, b.length),
    });
  }

  async get(key: string, size: CoverSize): Promise<Buffer | null> {
    const id = `${key}-${size}`;
    const kept = this.kept.get(id);
    if (kept) return kept;
    const bytes = await this.store.get(key, size);
    if (bytes) this.kept.set(id, bytes);
    return bytes;
  }

  async put(key: string, sourceUrl: string, thumbnails: CoverThumbnails): Promise<void> {
    await this.store.put(key, sourceUrl, thumbnails);
    for (const size of COVER_SIZES) this.kept.delete(`${key}-${size}`);
  }
}
