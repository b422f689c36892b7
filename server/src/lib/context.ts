/**
 * What every feature router is built from: configuration, the database, the logger
 * and the album metadata service; and what the app builds once and hands to the routers
 * that answer lists (issue 20: no per-module maps keyed by the app).
 */
import type { RequestHandler } from 'express';
import type { Config } from '@/config.js';
import type { Database } from '@/db/database.js';
import type { ListCache } from './conditionalGet.js';
import type { ListCursors } from './listCursor.js';
import type { LookupSender } from './metadata/queue.js';
import type { Logger } from './logger.js';
import type { MetadataService } from './metadata/types.js';
import type { WriteLanes } from './writeLanes.js';

export interface AppContext {
  config: Config;
  db: Database;
  logger: Logger;
  metadata: MetadataService;
}

/** What the app builds once (`createApp`) and hands to the routers that need it. */
export interface AppServices {
  /** Encrypts and reads the cursors of paged lists (API.md "Lists at scale"). */
  cursors: ListCursors;
  /** Conditional GETs, cached bodies and remembered counts (`conditionalGet.ts`). */
  lists: ListCache;
  /** The per-user limit of heavy requests (`userLimit.ts`), one for every route of the app. */
  heavy: RequestHandler;
  /** Sends look-up jobs to the background queue (`metadata/queue.ts`). */
  lookups: LookupSender;
  /** One lane per user for the spin writes (`writeLanes.ts`): a user's burst holds one connection. */
  writes: WriteLanes;
  /** What the spins routes ask of the ListenBrainz feature (`SpinScrobbling`). */
  scrobbling: SpinScrobbling;
}

/** What of a spin (the Spin of API.md) the sending to ListenBrainz reads and answers. */
export interface ScrobbledSpin {
  id: number;
  scrobble: { state: string; listens: number; message: string | null };
}

/**
 * What the spins routes ask of the ListenBrainz feature (API.md "ListenBrainz"): built by
 * that feature (`features/listenbrainz/spinHooks.ts`) and handed in by the app, so that
 * neither feature imports the other.
 */
export interface SpinScrobbling {
  /**
   * Checks that each record's chosen sides are sides of its tracklist.
   * @throws ValidationError (400 `fields.sides`) naming the letter a record does not have
   */
  checkSides(
    ctx: AppContext,
    userId: number,
    sides: Record<number, string[]> | null | undefined,
  ): Promise<void>;
  /**
   * Queues a new spin for sending when its owner is connected and sends automatically.
   * @param autoSend - false when the statement that stored the spin found its owner not
   *   sending automatically: nothing is queued and no statement runs; undefined: look it up
   * @returns the spin with its `scrobble` as it now is
   */
  queueSend<S extends ScrobbledSpin>(
    ctx: AppContext,
    services: AppServices,
    userId: number,
    spin: S,
    autoSend?: boolean,
  ): Promise<S>;
  /**
   * Send again (`POST /api/spins/{id}/send`).
   * @returns false when the user has no such spin
   * @throws ConflictError (409) when the user is not connected to ListenBrainz
   */
  sendAgain(ctx: AppContext, services: AppServices, userId: number, spinId: number): Promise<boolean>;
}
