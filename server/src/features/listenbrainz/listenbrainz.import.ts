/**
 * Import back (API.md "ListenBrainz": `POST /api/user/listenbrainz/import` and
 * `/import/confirm`; EXTENSIONS.md §8 "Import from ListenBrainz"): the user's listens are
 * read from ListenBrainz with their token (a user-initiated request, bounded in time), planned
 * into spins (importPlan.ts) and, on confirm, stored in one transaction. Imported spins are
 * never sent back to ListenBrainz (their sending state stays `off`, no outbox job).
 */
import type { ListenBrainzImportPreview } from '@spincrate/contract';
import type { Queryable } from '@/db/database.js';
import type { AppContext } from '@/lib/context.js';
import { ConflictError, ServiceUnavailableError } from '@/lib/errors.js';
import { findAccount } from './account.queries.js';
import {
  fetchUserListens,
  ListenBrainzTokenRefusedError,
  ListenBrainzUnreachableError,
  type LbListen,
} from './listenbrainz.client.js';
import { openToken } from './tokenSeal.js';
import { listenKey, planImport, type ImportPlan } from './importPlan.js';
import {
  insertImportedSpin,
  listCrateForImport,
  listImportedListens,
  lockUserImport,
} from './import.queries.js';

/** The longest an import waits for ListenBrainz in all (its pages together), in ms. */
const IMPORT_DEADLINE_MS = 30_000;
/** The most pages (of 1,000 listens) one import reads. */
const IMPORT_MAX_PAGES = 100;
/** `Retry-After` (s) when ListenBrainz cannot be reached and gave no `X-RateLimit-Reset-In`. */
const UNREACHABLE_RETRY_AFTER_SECONDS = 30;

/** The `spin_details` of an imported spin (API.md "ListenBrainz": Import back). */
function importedSpinDetails(source: string): string {
  return `Imported from ListenBrainz (${source})`;
}

/** The Unix second a `since` date (UTC midnight) starts at, or undefined. */
function sinceSeconds(since: string | undefined): number | undefined {
  return since === undefined ? undefined : Date.parse(`${since}T00:00:00Z`) / 1000;
}

/**
 * Reads the user's listens from `since` on.
 * @throws ConflictError (409) when the user is not connected to ListenBrainz, or ListenBrainz
 *   refuses the token (401: revoked)
 * @throws ServiceUnavailableError (503, `Retry-After`) when ListenBrainz cannot be reached,
 *   answers with an error or takes longer than the import's deadline
 */
async function readListens(ctx: AppContext, userId: number, since: string | undefined): Promise<LbListen[]> {
  const account = await findAccount(ctx.db, userId);
  if (!account) throw new ConflictError('Connect your ListenBrainz account first');
  const token = openToken(ctx.config.LISTENBRAINZ_TOKEN_KEY!, account.token_sealed);
  const sinceTs = sinceSeconds(since);
  try {
    return await fetchUserListens(ctx.config, token, account.user_name, {
      // min_ts is exclusive: listens from the first second of `since` on.
      minTs: sinceTs === undefined ? undefined : sinceTs - 1,
      deadline: Date.now() + IMPORT_DEADLINE_MS,
      maxPages: IMPORT_MAX_PAGES,
    });
  } catch (err) {
    if (err instanceof ListenBrainzTokenRefusedError)
      throw new ConflictError('ListenBrainz no longer accepts your token; connect again with a new one');
    if (err instanceof ListenBrainzUnreachableError) {
      ctx.logger.warn({ reason: err.message }, 'ListenBrainz unreachable while importing');
      throw new ServiceUnavailableError(
        'ListenBrainz cannot be reached; try again shortly',
        err.rateLimit?.resetInSeconds ?? UNREACHABLE_RETRY_AFTER_SECONDS,
      );
    }
    throw err;
  }
}

/** Plans an import of `listens` against the user's crate and what was imported before. */
async function plan(
  db: Queryable,
  userId: number,
  since: string | undefined,
  listens: LbListen[],
): Promise<ImportPlan> {
  const [records, imported] = await Promise.all([
    listCrateForImport(db, userId),
    listImportedListens(db, userId, sinceSeconds(since)),
  ]);
  return planImport(listens, records, new Set(imported.map((l) => listenKey(l.listened_at, l.track_name))));
}

/**
 * The preview of an import (nothing stored).
 * @param since - `YYYY-MM-DD` (UTC), or undefined for every listen
 * @returns `{sources, spins}` as API.md gives them
 * @throws ConflictError (409) when not connected; ServiceUnavailableError (503) when
 *   ListenBrainz cannot be reached
 */
export async function previewImport(
  ctx: AppContext,
  userId: number,
  since: string | undefined,
): Promise<ListenBrainzImportPreview> {
  const listens = await readListens(ctx, userId, since);
  const { sources, spins } = await plan(ctx.db, userId, since, listens);
  return {
    sources,
    spins: spins.map((spin) => ({
      listened_at: spin.listenedAt,
      record_id: spin.recordId,
      title: spin.title,
      artist: spin.artist,
      listens: spin.listens.length,
      source: spin.source,
    })),
  };
}

/**
 * Adds the spins of the chosen sources, in one transaction; listens imported before are
 * left out, so a repeat adds nothing twice (a user's confirms run one after the other).
 * @param sources - source names of the preview; names with no spins add nothing
 * @returns the number of spins added
 * @throws ConflictError (409) when not connected; ServiceUnavailableError (503) when
 *   ListenBrainz cannot be reached (nothing stored)
 */
export async function confirmImport(
  ctx: AppContext,
  userId: number,
  since: string | undefined,
  sources: string[],
): Promise<number> {
  const listens = await readListens(ctx, userId, since);
  const chosen = new Set(sources);
  return ctx.db.withTransaction(async (tx) => {
    await lockUserImport(tx, userId);
    const { spins } = await plan(tx, userId, since, listens);
    let added = 0;
    for (const spin of spins) {
      if (!chosen.has(spin.source)) continue;
      if (await insertImportedSpin(tx, userId, spin, importedSpinDetails(spin.source))) added += 1;
    }
    return added;
  });
}
