/**
 * SQL of the barcode look-up (API.md "Adding by barcode"): what of each pressing found
 * the caller already owns. Only the caller's own records are read.
 */
import type { Queryable } from '@/db/database.js';

/** What the caller owns of one pressing (API.md "Adding by barcode": `owned`). */
export interface Owned {
  record_id: number | null;
  other_editions: number[];
  /** The caller's want with this barcode or release, else null (API.md "Wantlist"). */
  want_id: number | null;
  /** The names of `record_id`'s record and of `other_editions`, in that order. */
  records: Array<{ id: number; title: string; artist: string }>;
}

/** A pressing to check, as the look-up found it. */
export interface PressingKey {
  mb_release_id: string;
  mb_release_group_id: string | null;
  artist: string;
  title: string;
}

/**
 * For each pressing, the caller's record already added with this barcode (in any of its
 * forms) or this release (`record_id`, the exact release preferred, else the oldest), and
 * the caller's records of the same release group, or with the same artist and title
 * ignoring case, that are other pressings (`other_editions`, by id), and the caller's want
 * with this barcode or release (`want_id`, the exact release preferred, else the oldest),
 * with the names of those records (`records`: `record_id`'s first, then `other_editions`).
 * @param forms - every form of the scanned barcode (`barcodeForms`)
 * @returns one entry per pressing, in the given order
 */
export async function readOwned(
  db: Queryable,
  userId: number,
  forms: string[],
  pressings: PressingKey[],
): Promise<Owned[]> {
  if (pressings.length === 0) return [];
  const rows = await db.query<{
    ord: string;
    record_id: number | null;
    other_editions: number[];
    want_id: number | null;
    records: Array<{ id: number; title: string; artist: string }>;
  }>(
    `SELECT o.*,
            COALESCE((SELECT json_agg(json_build_object('id', r.id, 'title', r.title, 'artist', r.artist)
                                      ORDER BY r.id IS DISTINCT FROM o.record_id, r.id)
                        FROM records r
                       WHERE r.user_id = $1 AND (r.id = o.record_id OR r.id = ANY(o.other_editions))), '[]') AS records
       FROM (
     SELECT x.ord,
            (SELECT r.id FROM records r
              WHERE r.user_id = $1 AND (r.mb_release_id = x.release_id OR r.barcode = ANY($2::text[]))
              ORDER BY (r.mb_release_id IS NOT DISTINCT FROM x.release_id) DESC, r.id
              LIMIT 1) AS record_id,
            COALESCE((SELECT array_agg(r.id ORDER BY r.id) FROM records r
              WHERE r.user_id = $1
                AND (r.mb_release_group_id = x.group_id
                     OR (lower(r.artist) = lower(x.artist) AND lower(r.title) = lower(x.title)))
                AND r.mb_release_id IS DISTINCT FROM x.release_id
                AND (r.barcode IS NULL OR NOT r.barcode = ANY($2::text[]))), '{}') AS other_editions,
            (SELECT w.id FROM wants w
              WHERE w.user_id = $1 AND (w.mb_release_id = x.release_id OR w.barcode = ANY($2::text[]))
              ORDER BY (w.mb_release_id IS NOT DISTINCT FROM x.release_id) DESC, w.id
              LIMIT 1) AS want_id
       FROM unnest($3::uuid[], $4::uuid[], $5::text[], $6::text[]) WITH ORDINALITY
            AS x(release_id, group_id, artist, title, ord)) o
      ORDER BY o.ord`,
    [
      userId,
      forms,
      pressings.map((p) => p.mb_release_id),
      pressings.map((p) => p.mb_release_group_id),
      pressings.map((p) => p.artist),
      pressings.map((p) => p.title),
    ],
  );
  return rows.map((row) => ({
    record_id: row.record_id,
    other_editions: row.other_editions,
    want_id: row.want_id,
    records: row.records,
  }));
}
