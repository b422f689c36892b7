/** SQL of the blindbag (API.md "Routes": GET /api/blindbag). */
import { namedStatement, type NamedStatement, type Queryable } from '@/db/database.js';
import { RECORD_PLAYS_JOIN, coverColumn, recordSearchCondition } from '@/features/records/index.js';

/** What the blindbag returns of a record (coverart null: use the fallback). */
export interface BlindbagRow {
  id: number;
  title: string;
  artist: string;
  coverart: string | null;
  /** Its own thumbnails, null until fetched (API.md "Covers served by Spincrate"). */
  cover: { small: string; large: string } | null;
}

/** The columns of a drawn record (alias `r`). */
const DRAWN_COLUMNS = `r.id, r.title, r.artist, r.coverart, ${coverColumn('r')}`;

/**
 * The draw from a whole crate (no filter), in one statement: the crate is counted and one
 * position in it picked at random (each record equally likely), both from the index
 * `records_user_date_idx` alone (index-only scans); only the drawn record's row is read.
 * Count and pick see the same snapshot, so the position always names a record.
 */
const DRAW_ANY = namedStatement(
  'blindbag-draw',
  `SELECT ${DRAWN_COLUMNS}
    FROM records r
   WHERE r.id = (SELECT x.id FROM records x
                  WHERE x.user_id = $1
                  ORDER BY x.date_added DESC, x.id DESC
                 OFFSET floor(random() * (SELECT count(*) FROM records c WHERE c.user_id = $1))::bigint
                  LIMIT 1)`,
);

/** How many records of the crate the filtered draw tries before it reads all of them. */
const FILTERED_DRAW_PROBES = 32;

/**
 * The draw with a filter, in one or two statements: the user's records, matching the search (a
 * `likePattern()`; moods are joined only then), in the folder when one is given (API.md
 * "Collection details") and, with `unplayedSince` (`YYYY-MM-DD`), not spun since that day:
 * never spun, or last spun before it.
 *
 * First {@link FILTERED_DRAW_PROBES} records are drawn from the whole crate, each uniformly
 * and independently (the crate's ids come from one index-only scan), and the first of them
 * (in draw order) that passes the filter is the answer: the filter is tested on at most that
 * many rows instead of on the whole crate (`probe`). Only when none of them passes does the
 * second statement run (`full`): it tests every record and keeps the one with the smallest
 * random key (a top-1 sort). Each eligible record is equally likely either way: the first
 * passing probe is uniform among the eligible records by symmetry, and `full` is uniform on
 * its own, so the mixture is too. (Two statements, not one `UNION ALL … LIMIT 1`: planning
 * the full branch with the probe cost several times the probe's own planning.)
 */
function drawFiltered(
  userId: number,
  pattern: string | null,
  unplayedSince: string | null,
  folder: string | null,
): { probe: NamedStatement; full: string; params: unknown[] } {
  const params: unknown[] = [userId];
  if (pattern !== null) params.push(pattern);
  if (unplayedSince !== null) params.push(unplayedSince);
  if (folder !== null) params.push(folder);
  const variant = `${pattern === null ? '' : 's'}${unplayedSince === null ? '' : 'u'}${folder === null ? '' : 'f'}`;
  let statements = FILTERED_STATEMENTS.get(variant);
  if (!statements) {
    statements = filteredStatements(variant, pattern !== null, unplayedSince !== null, folder !== null);
    FILTERED_STATEMENTS.set(variant, statements);
  }
  return { ...statements, params };
}

/** The statements of each kind of filter (search, unplayed, folder: `suf`), made once. */
const FILTERED_STATEMENTS = new Map<string, { probe: NamedStatement; full: string }>();

/**
 * The two statements of a kind of filter (see drawFiltered): the probe is named (prepared
 * once per connection: its plan does not depend on the values, the probes are read by id);
 * the full draw is not (it runs rarely, and the search pattern decides its plan).
 */
function filteredStatements(
  variant: string,
  search: boolean,
  unplayed: boolean,
  inFolder: boolean,
): { probe: NamedStatement; full: string } {
  const conditions = ['r.user_id = $1'];
  /** The next parameter's placeholder ($2, $3 …), in the order drawFiltered gives the values. */
  const next = () => `$${conditions.length + 1}`;
  if (search) conditions.push(recordSearchCondition(next()));
  // Never spun sorts as the earliest date (record_plays_least_played_idx, migration 0019).
  if (unplayed) conditions.push(`COALESCE(p.last_played, '-infinity'::date) < ${next()}::date`);
  if (inFolder) conditions.push(`r.folder IS NOT NULL AND lower(r.folder) = lower(${next()})`);
  const joins = `${search ? 'JOIN moods m ON m.id = r.mood_id' : ''}
    ${unplayed ? RECORD_PLAYS_JOIN : ''}`;
  const where = conditions.join(' AND ');
  const probe = `WITH crate AS (SELECT array_agg(c.id) AS ids FROM records c WHERE c.user_id = $1),
        probes AS MATERIALIZED (
          SELECT g.n, crate.ids[1 + floor(random() * cardinality(crate.ids))::int] AS id
            FROM crate, generate_series(1, ${FILTERED_DRAW_PROBES}) AS g(n))
  SELECT ${DRAWN_COLUMNS}
    FROM probes JOIN records r ON r.id = probes.id ${joins}
   WHERE ${where}
   ORDER BY probes.n
   LIMIT 1`;
  const full = `SELECT ${DRAWN_COLUMNS}
    FROM records r ${joins}
   WHERE ${where}
   ORDER BY random()
   LIMIT 1`;
  return { probe: namedStatement(`blindbag-probe-${variant}`, probe), full };
}

/**
 * Draws one record of the user's crate at random (API.md "Routes": GET /api/blindbag).
 * @param pattern - a `likePattern()` of the search, or null for no search
 * @param unplayedSince - `YYYY-MM-DD`: only records not spun since that day, or null
 * @param folder - only the records of this folder (exact, ignoring case), or null
 * @returns the record, or undefined when no record of the crate is eligible
 */
export async function drawRecord(
  db: Queryable,
  userId: number,
  pattern: string | null,
  unplayedSince: string | null = null,
  folder: string | null = null,
): Promise<BlindbagRow | undefined> {
  if (pattern === null && unplayedSince === null && folder === null) {
    return (await db.query<BlindbagRow>(DRAW_ANY, [userId]))[0];
  }
  const { probe, full, params } = drawFiltered(userId, pattern, unplayedSince, folder);
  const [probed] = await db.query<BlindbagRow>(probe, params);
  return probed ?? (await db.query<BlindbagRow>(full, params))[0];
}
