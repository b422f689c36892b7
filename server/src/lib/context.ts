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
}
