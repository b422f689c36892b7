/**
 * Sessions in PostgreSQL (API.md "Security"; the store: `lib/sessionStore.ts`), then
 * passport on top of them.
 */
import type { Express, RequestHandler } from 'express';
import session from 'express-session';
import type { AppContext } from '@/lib/context.js';
import { createSessionStore } from '@/lib/sessionStore.js';
import {
  createPassport,
  enforceSessionLifetime,
  SESSION_IDLE_MS,
  type PassportInstance,
} from '@/features/auth/passport.js';
import { SESSION_COOKIE } from '@/features/auth/user.router.js';

/** Sessions in PostgreSQL, then passport on top of them. */
function sessions(ctx: AppContext, sessionSecret: string, passport: PassportInstance) {
  const store = createSessionStore(session, ctx.db, {
    createTableIfMissing: false,
    pruneSessionInterval: ctx.config.NODE_ENV === 'test' ? false : 15 * 60,
    // A read never writes the session row; enforceSessionLifetime moves the expiry forward
    // at most once a minute (issue 10, "no write on a read").
    disableTouch: true,
    errorLog: (...args: unknown[]) => ctx.logger.warn({ detail: String(args[0]) }, 'session store error'),
  });
  const handlers: RequestHandler[] = [
    session({
      name: SESSION_COOKIE,
      store,
      secret: sessionSecret,
      resave: false,
      saveUninitialized: false,
      // The cookie is sent again (its 14-day expiry moved forward) whenever the session
      // changes, which enforceSessionLifetime does at most once a minute: the browser's
      // cookie and the stored row expire together, to the minute, and a read within the
      // minute neither signs nor sends a cookie.
      rolling: false,
      proxy: ctx.config.TRUST_PROXY || undefined,
      cookie: {
        httpOnly: true,
        sameSite: 'lax',
        secure: ctx.config.isProduction ? 'auto' : false,
        maxAge: SESSION_IDLE_MS,
      },
    }) as RequestHandler,
    passport.initialize() as RequestHandler,
    passport.session() as RequestHandler,
    enforceSessionLifetime(ctx.db),
  ];
  return { handlers, store };
}

/** What the sessions step gives the next steps. */
export interface InstalledSessions {
  /** The passport the user routes sign in and out with. */
  passport: PassportInstance;
  /** The session store: its `close` stops the pruning timer. */
  store: ReturnType<typeof sessions>['store'];
}

/**
 * Installs the sessions and passport (after the API's request checks, before the API routes).
 * @param app - the app being built
 * @param ctx - configuration, database and logger
 * @param sessionSecret - signs session cookies
 */
export function installSessions(app: Express, ctx: AppContext, sessionSecret: string): InstalledSessions {
  const passport = createPassport(ctx.db);
  const { handlers, store } = sessions(ctx, sessionSecret, passport);
  app.use(handlers);
  return { passport, store };
}
