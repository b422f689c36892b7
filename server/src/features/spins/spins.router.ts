/** /api/spins routes (API.md "Routes"). Placeholder until its feature lands. */
import { Router } from 'express';
import type { AppContext } from '../../lib/context.js';

/** Builds the spins router. */
export function createSpinRouter(_ctx: AppContext): Router {
  return Router();
}
