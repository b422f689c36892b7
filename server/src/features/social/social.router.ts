/** /api/social routes (API.md "Routes"). Placeholder until its feature lands. */
import { Router } from 'express';
import type { AppContext } from '../../lib/context.js';

/** Builds the social router. */
export function createSocialRouter(_ctx: AppContext): Router {
  return Router();
}
