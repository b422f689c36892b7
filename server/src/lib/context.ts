/**
 * What every feature router is built from: configuration, the database, the logger
 * and the album metadata service.
 */
import type { Config } from '@/config.js';
import type { Database } from '@/db/database.js';
import type { Logger } from './logger.js';
import type { MetadataService } from './metadata/types.js';

export interface AppContext {
  config: Config;
  db: Database;
  logger: Logger;
  metadata: MetadataService;
}
