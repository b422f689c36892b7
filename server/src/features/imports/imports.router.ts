/** /api/import routes (API.md "Routes"). Placeholder until its feature lands. */
import { Router } from 'express';
import type { AppContext } from '../../lib/context.js';

/** Builds the imports router. */
export function createImportRouter(_ctx: AppContext): Router {
  return Router();
}
