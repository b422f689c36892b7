/**
 * `GET /covers/{key}-{250|500}.webp`, the app's first step (API.md "Covers served by
 * Spincrate"): a cover costs no session read, none of the other steps' per-request work,
 * and, asked for again, no database read (issue 27). It sends the security headers and
 * a request id of its own.
 */
import type { Express } from 'express';
import type { AppContext } from '@/lib/context.js';
import { coverRoute } from '@/features/covers/covers.router.js';
import { MemoryCachedCoverStore, PgCoverStore } from '@/features/covers/covers.store.js';
import { requestIdOf } from './requestLogging.js';
import type { SecurityHeaders } from './securityHeaders.js';

/**
 * Installs the own covers' route (the first step of the app).
 * @param app - the app being built
 * @param ctx - database, logger and configuration (`TRUST_PROXY`)
 * @param security - the security-header step, whose headers the route sends itself
 */
export function installOwnCovers(app: Express, ctx: AppContext, security: SecurityHeaders): void {
  app.use(
    coverRoute({
      store: new MemoryCachedCoverStore(new PgCoverStore(ctx.db)),
      securityHeaders: security.fixed,
      requestId: requestIdOf(ctx.config.TRUST_PROXY),
      logger: ctx.logger,
    }),
  );
}
