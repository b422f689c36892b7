/**
 * The Want of API.md "Wantlist" as every part of the server returns it (the wantlist routes,
 * a friend's wants and the JSON backup): its columns, its JSON, and the whole list newest first.
 */
import type { Queryable } from '@/db/database.js';
import { withCoverArt } from './records.entity.js';

/** A want row as `WANT_COLUMNS` reads it (`coverart` null: the fallback is shown). */
export interface WantRow {
  id: number;
  title: string;
  artist: string;
  year: number | null;
  barcode: string | null;
  mb_release_id: string | null;
  mb_release_group_id: string | null;
  coverart: string | null;
  priority: number;
  /** `{amount: "30.00", currency: "EUR"}`, or null. */
  max_price: { amount: string; currency: string } | null;
  notes: string | null;
  date_added: Date;
  /** Its thumbnails on our own origin once fetched, else null (API.md "Covers served by Spincrate"). */
  cover: { small: string; large: string } | null;
}

/**
 * A Want's `cover` (API.md "Covers served by Spincrate"): the paths of its thumbnails on our
 * own origin once its `coverart` has them (`wants.cover_key`, migration 0016), else null.
 * @param alias - the alias of the `wants` row
 * @returns the SQL of a `json` column named `cover`
 */
function wantCoverColumn(alias: string): string {
  return `CASE WHEN ${alias}.cover_key IS NULL THEN NULL ELSE json_build_object(
         'small', '/covers/' || ${alias}.cover_key || '-250.webp',
         'large', '/covers/' || ${alias}.cover_key || '-500.webp') END AS cover`;
}

/** The columns of a Want over alias `w`: `max_price` built from the stored whole cents. */
export const WANT_COLUMNS = `w.id, w.title, w.artist, w.year, w.barcode, w.mb_release_id, w.mb_release_group_id,
       w.coverart, w.priority,
       CASE WHEN w.max_price_cents IS NULL THEN NULL ELSE json_build_object(
         'amount', (w.max_price_cents / 100)::text || '.' || lpad((w.max_price_cents % 100)::text, 2, '0'),
         'currency', w.max_price_currency) END AS max_price,
       w.notes, w.date_added, ${wantCoverColumn('w')}`;

/** Whose view of a want: the owner's, or a friend's (no `max_price`; API.md "Wantlist"). */
export type WantView = 'owner' | 'friend';

/** A Want as API.md returns it: `coverart` never empty; a friend's without `max_price`. */
export function wantJson(row: WantRow, fallbackCover: string, view: WantView = 'owner'): object {
  const [want] = withCoverArt([row], fallbackCover);
  if (view === 'owner') return want!;
  const { max_price: _hidden, ...friendView } = want!;
  return friendView;
}

/** The user's wants newest first (`date_added` desc, then `id` desc), for the JSON backup. */
export function listWantsNewestFirst(db: Queryable, userId: number): Promise<WantRow[]> {
  return db.query<WantRow>(
    `SELECT ${WANT_COLUMNS} FROM wants w WHERE w.user_id = $1 ORDER BY w.date_added DESC, w.id DESC`,
    [userId],
  );
}
