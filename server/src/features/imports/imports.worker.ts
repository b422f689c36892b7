/**
 * Background work of the import feature (the metadata look-up queue). Placeholder
 * until the import issue lands: starts nothing.
 */
import type { AppContext } from '../../lib/context.js';

export interface BackgroundWorker {
  stop(): Promise<void>;
}

/** Starts the import look-up worker. */
export async function startImportWorker(_ctx: AppContext): Promise<BackgroundWorker> {
  return { stop: async () => {} };
}
