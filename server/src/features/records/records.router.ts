/** /api/record routes (API.md "Routes"). Placeholder until its feature lands. */
import { Router } from 'express';
import type { AppContext } from '../../lib/context.js';

/** Builds the records router. */
export function createRecordRouter(_ctx: AppContext): Router {
  return Router();
}
