/**
 * Chooses the album metadata service from configuration (API.md "Cover art and
 * tags"). Placeholder until the metadata clients land: finds nothing.
 */
import type { Config } from '../../config.js';
import type { Logger } from '../logger.js';
import type { MetadataService } from './types.js';

/** Builds the metadata service for this configuration. */
export function createMetadataService(_config: Config, _logger: Logger): MetadataService {
  return { lookupAlbum: async () => ({ coverart: null, tags: [] }) };
}
