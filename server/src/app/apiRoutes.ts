/**
 * The API routes (API.md "Routes"), mounted in their order, and the 404 of any other `/api` path.
 */
import type { Express } from 'express';
import type { AppContext, AppServices } from '@/lib/context.js';
import { NotFoundError } from '@/lib/errors.js';
import type { PassportInstance } from '@/features/auth/passport.js';
import { createUserRouter } from '@/features/auth/user.router.js';
import { createMoodRouter } from '@/features/moods/moods.router.js';
import { createRecordRouter } from '@/features/records/records.router.js';
import { createImportRouter } from '@/features/imports/imports.router.js';
import { createSpinRouter } from '@/features/spins/spins.router.js';
import { createRecordSidesRouter } from '@/features/listenbrainz/sides.router.js';
import { createFriendWantsRouter, createWantRouter } from '@/features/wants/wants.router.js';
import { createSyncRouter } from '@/features/sync/sync.router.js';
import { createSocialRouter } from '@/features/social/social.router.js';
import { createBlindbagRouter } from '@/features/blindbag/blindbag.router.js';
import { createStatsRouter } from '@/features/stats/stats.router.js';
import { createLookupRouter } from '@/features/lookup/lookup.router.js';
import { createListenBrainzRouter } from '@/features/listenbrainz/listenbrainz.router.js';
import { createHealthRouter } from '@/features/health/health.router.js';
import { createClientConfigRouter } from '@/features/clientConfig/clientConfig.router.js';
import { createOpenApiRouter } from '@/features/openapi/openapi.router.js';
import { createPublicRouter, createShareRouter } from '@/features/share/share.router.js';

/**
 * Installs the API routes (after the sessions, before the page).
 * @param app - the app being built
 * @param ctx - configuration, database, logger, metadata service
 * @param services - what the list routes share (`createServices`)
 * @param passport - the sessions' passport, for the user routes
 */
export function installApiRoutes(
  app: Express,
  ctx: AppContext,
  services: AppServices,
  passport: PassportInstance,
): void {
  app.use('/api/health', createHealthRouter(ctx));
  app.use('/api/config', createClientConfigRouter(ctx));
  app.use('/api/openapi.json', createOpenApiRouter());
  app.use('/api/user/listenbrainz', createListenBrainzRouter(ctx, services));
  app.use('/api/user', createUserRouter(ctx, passport));
  app.use('/api/mood', createMoodRouter(ctx, services.lists));
  app.use('/api/record', createImportRouter(ctx, services));
  app.use('/api/record', createRecordSidesRouter(ctx));
  app.use('/api/record', createRecordRouter(ctx, services));
  app.use('/api/spins', createSpinRouter(ctx, services));
  app.use('/api/social/friends/want', createFriendWantsRouter(ctx, services));
  app.use('/api/sync', createSyncRouter(ctx, services));
  app.use('/api/social', createSocialRouter(ctx, services));
  app.use('/api/want', createWantRouter(ctx, services));
  app.use('/api/blindbag', createBlindbagRouter(ctx));
  app.use('/api/stats', createStatsRouter(ctx, services.heavy, services.lists));
  app.use('/api/lookup', createLookupRouter(ctx));
  app.use('/api/share', createShareRouter(ctx, services));
  app.use('/api/public', createPublicRouter(ctx, services));
  app.use('/api', () => {
    throw new NotFoundError('No such API route');
  });
}
