/** /api/blindbag routes (API.md "Routes"). Placeholder until its feature lands. */
import { Router } from 'express';
import type { AppContext } from '../../lib/context.js';

/** Builds the blindbag router. */
export function createBlindbagRouter(_ctx: AppContext): Router {
  return Router();
}
