/**
 * SQL of the wantlist (API.md "Wantlist"). Every statement that touches one want checks its
 * owner in its own WHERE clause, so another user's want behaves exactly like a missing one.
 * Wants live in their own table: no record list, search, spin, stat, blindbag or CSV export
 * reads it.
 */
import type { WantOwner, WantSort } from '@spincrate/contract';
import type { Queryable } from '@/db/database.js';
import { WANT_COLUMNS, type WantRow } from '@/features/records/index.js';

export type { WantRow } from '@/features/records/index.js';

/** One part of a sort key (see the records vertical's `recordLists.ts`). */
interface SortKey {
  expr: string;
  /** The same value as text, for the cursor (exact: it compares equal when cast back). */
  text: string;
  type: string;
}

const DATE_ADDED: SortKey = {
  expr: 'w.date_added',
  text: `to_char(w.date_added AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
  type: 'timestamptz',
};
/** Case- and accent-insensitive, as `Intl.Collator('en', {sensitivity: 'base'})` (migration 0003). */
const collated = (column: string): SortKey => ({
  expr: `w.${column} COLLATE record_order`,
  text: `w.${column}`,
  type: 'text',
});

/**
 * The wantlist sorts, each in one direction so that a keyset page starts with one ROW
 * comparison: `priority` (1 first, then newest first) reads the priority negated, descending.
 */
const SORTS: Record<WantSort, { keys: SortKey[]; descending: boolean }> = {
  newest: { keys: [DATE_ADDED], descending: true },
  priority: {
    keys: [{ expr: '(-w.priority)', text: '(-w.priority)::text', type: 'int' }, DATE_ADDED],
    descending: true,
  },
  artist_asc: { keys: [collated('artist'), collated('title')], descending: false },
  title_asc: { keys: [collated('title')], descending: false },
};

/** Which wants a list holds. */
export interface WantListQuery {
  ownerId: number;
  sort: WantSort;
  /** A `likePattern()` matched against title, artist, notes and year, or undefined for all. */
  pattern?: string;
}

/** WHERE conditions of a list; `params` grows with its parameters. */
function listWhere(query: WantListQuery, params: unknown[]): string {
  params.push(query.ownerId);
  const conditions = [`w.user_id = $${params.length}`];
  if (query.pattern !== undefined) {
    params.push(query.pattern);
    const p = `$${params.length}`;
    conditions.push(
      `(w.title ILIKE ${p} OR w.artist ILIKE ${p} OR w.notes ILIKE ${p} OR w.year::text LIKE ${p})`,
    );
  }
  return conditions.join(' AND ');
}

function orderBy(sort: WantSort): string {
  const { keys, descending } = SORTS[sort];
  const direction = descending ? ' DESC' : '';
  return [...keys.map((k) => k.expr), 'w.id'].map((e) => e + direction).join(', ');
}

/** The whole list in `sort` order. */
export function listWants(db: Queryable, query: WantListQuery): Promise<WantRow[]> {
  const params: unknown[] = [];
  const where = listWhere(query, params);
  return db.query<WantRow>(
    `SELECT ${WANT_COLUMNS} FROM wants w WHERE ${where} ORDER BY ${orderBy(query.sort)}`,
    params,
  );
}

/** One page of a list: its wants (each with its sort key as text) and the count of the whole list. */
export interface WantPage {
  wants: Array<WantRow & { keys: string[] }>;
  total: number;
}

/**
 * Up to `limit + 1` wants after `after` in `sort` order (one more than asked, to tell whether
 * another page follows; the caller drops it), and the number of wants in the whole list.
 * @param after - the sort key (as text) and id of the want before the page, or undefined for the first page
 * @throws Error when `after` has not as many keys as the sort (a cursor of another sort is refused before)
 */
export async function listWantPage(
  db: Queryable,
  query: WantListQuery,
  limit: number,
  after: { keys: string[]; id: number } | undefined,
): Promise<WantPage> {
  const spec = SORTS[query.sort];
  const params: unknown[] = [limit + 1];
  const where = listWhere(query, params);
  const countParams: unknown[] = [];
  const countWhere = listWhere(query, countParams);
  let keyset = '';
  if (after) {
    if (after.keys.length !== spec.keys.length) throw new Error('cursor keys do not fit the sort');
    const placeholders = spec.keys.map((key, i) => {
      params.push(after.keys[i]);
      return `$${params.length}::${key.type}`;
    });
    params.push(after.id);
    placeholders.push(`$${params.length}::int`);
    const columns = [...spec.keys.map((k) => k.expr), 'w.id'];
    keyset = `AND ROW(${columns.join(', ')}) ${spec.descending ? '<' : '>'} ROW(${placeholders.join(', ')})`;
  }
  // One after the other: a heavy request holds one pool connection at a time (lib/userLimit.ts).
  const wants = await db.query<WantRow & { keys: string[] }>(
    `SELECT ${WANT_COLUMNS}, ARRAY[${spec.keys.map((k) => k.text).join(', ')}] AS keys
       FROM wants w WHERE ${where} ${keyset}
      ORDER BY ${orderBy(query.sort)} LIMIT $1`,
    params,
  );
  const counted = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM wants w WHERE ${countWhere}`,
    countParams,
  );
  return { wants, total: counted[0]!.total };
}

/** The user's want added with this `clientId`, or undefined. */
export async function findWantByClientId(
  db: Queryable,
  userId: number,
  clientId: string,
): Promise<WantRow | undefined> {
  const rows = await db.query<WantRow>(
    `SELECT ${WANT_COLUMNS} FROM wants w WHERE w.user_id = $1 AND w.client_id = $2`,
    [userId, clientId],
  );
  return rows[0];
}

/** A want to store, after validation and the cover look-up. */
export interface NewWant {
  userId: number;
  title: string;
  artist: string;
  year: number | null;
  barcode: string | null;
  mbReleaseId: string | null;
  mbReleaseGroupId: string | null;
  /** null: no cover found, the fallback is shown. */
  coverart: string | null;
  priority: number;
  maxPrice: { cents: number; currency: string } | null;
  notes: string | null;
  /** The client's UUID of this add, or null. */
  clientId: string | null;
}

/**
 * Stores a want; `date_added` is now.
 * @returns the stored want, or undefined when the user already has a want of this `clientId`
 *   (nothing is stored then)
 */
export async function insertWant(db: Queryable, want: NewWant): Promise<WantRow | undefined> {
  const rows = await db.query<WantRow>(
    `WITH inserted AS (
       INSERT INTO wants (user_id, title, artist, year, barcode, mb_release_id, mb_release_group_id, coverart,
                          priority, max_price_cents, max_price_currency, notes, client_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
       ON CONFLICT (user_id, client_id) DO NOTHING
       RETURNING *
     )
     SELECT ${WANT_COLUMNS} FROM inserted w`,
    [
      want.userId,
      want.title,
      want.artist,
      want.year,
      want.barcode,
      want.mbReleaseId,
      want.mbReleaseGroupId,
      want.coverart,
      want.priority,
      want.maxPrice?.cents ?? null,
      want.maxPrice?.currency ?? null,
      want.notes,
      want.clientId,
    ],
  );
  return rows[0];
}

/** What an edit changes: title and artist always; the others when given (null clears). */
export interface WantEdit {
  id: number;
  userId: number;
  title: string;
  artist: string;
  year?: number | null;
  barcode?: string | null;
  mbReleaseId?: string | null;
  priority?: number;
  maxPrice?: { cents: number; currency: string } | null;
  notes?: string | null;
}

/**
 * Changes one of the user's wants; absent fields keep their value. A changed release
 * forgets the release group found for the old one.
 * @returns the changed want, or undefined when the user has no want with this id
 */
export async function updateWant(db: Queryable, edit: WantEdit): Promise<WantRow | undefined> {
  const sets = ['title = $3', 'artist = $4'];
  const params: unknown[] = [edit.id, edit.userId, edit.title, edit.artist];
  const set = (column: string, value: unknown) => {
    params.push(value);
    sets.push(`${column} = $${params.length}`);
  };
  if (edit.year !== undefined) set('year', edit.year);
  if (edit.barcode !== undefined) set('barcode', edit.barcode);
  if (edit.mbReleaseId !== undefined) {
    set('mb_release_id', edit.mbReleaseId);
    params.push(edit.mbReleaseId);
    sets.push(
      `mb_release_group_id = CASE WHEN mb_release_id IS NOT DISTINCT FROM $${params.length}::uuid THEN mb_release_group_id END`,
    );
  }
  if (edit.priority !== undefined) set('priority', edit.priority);
  if (edit.maxPrice !== undefined) {
    set('max_price_cents', edit.maxPrice?.cents ?? null);
    set('max_price_currency', edit.maxPrice?.currency ?? null);
  }
  if (edit.notes !== undefined) set('notes', edit.notes);
  const rows = await db.query<WantRow>(
    `WITH updated AS (
       UPDATE wants SET ${sets.join(', ')} WHERE id = $1 AND user_id = $2 RETURNING *
     )
     SELECT ${WANT_COLUMNS} FROM updated w`,
    params,
  );
  return rows[0];
}

/**
 * Deletes one of the user's wants.
 * @returns the deleted want (as stored, for Got it), or undefined when the user has no want with this id
 */
export async function deleteWant(db: Queryable, id: number, userId: number): Promise<WantRow | undefined> {
  const rows = await db.query<WantRow>(
    `WITH deleted AS (DELETE FROM wants WHERE id = $1 AND user_id = $2 RETURNING *)
     SELECT ${WANT_COLUMNS} FROM deleted w`,
    [id, userId],
  );
  return rows[0];
}

/**
 * The user's friends (whom they added) whose crate holds the wanted album: a record of the
 * want's release group, or with its artist and title ignoring case. One row per friend (the
 * record of the same release group first, else the oldest), by username.
 * @returns undefined when the user has no want with this id
 */
export async function listWantOwners(
  db: Queryable,
  id: number,
  userId: number,
): Promise<WantOwner[] | undefined> {
  const rows = await db.query<{ found: boolean; owners: WantOwner[] }>(
    `SELECT EXISTS (SELECT 1 FROM wants WHERE id = $1 AND user_id = $2) AS found,
            COALESCE((SELECT json_agg(o ORDER BY lower(o.friend_username), o.friend_id)
               FROM (SELECT DISTINCT ON (f.friend_id) f.friend_id, u.username AS friend_username, r.id AS record_id
                       FROM wants w
                       JOIN friendships f ON f.user_id = w.user_id
                       JOIN users u ON u.id = f.friend_id
                       JOIN records r ON r.user_id = f.friend_id
                        AND ((w.mb_release_group_id IS NOT NULL AND r.mb_release_group_id = w.mb_release_group_id)
                             OR (lower(r.artist) = lower(w.artist) AND lower(r.title) = lower(w.title)))
                      WHERE w.id = $1 AND w.user_id = $2
                      ORDER BY f.friend_id,
                               (r.mb_release_group_id IS NOT DISTINCT FROM w.mb_release_group_id) DESC, r.id) o),
              '[]') AS owners`,
    [id, userId],
  );
  const row = rows[0]!;
  return row.found ? row.owners : undefined;
}

/** True when `viewerId` has added `friendId` as a friend (API.md "Friendship and visibility"). */
export async function isFriend(db: Queryable, viewerId: number, friendId: number): Promise<boolean> {
  const rows = await db.query<{ ok: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM friendships WHERE user_id = $1 AND friend_id = $2) AS ok',
    [viewerId, friendId],
  );
  return rows[0]!.ok;
}

/** True when a mood with this id exists. */
export async function moodExists(db: Queryable, moodId: number): Promise<boolean> {
  const rows = await db.query<{ id: number }>('SELECT id FROM moods WHERE id = $1', [moodId]);
  return rows.length > 0;
}
