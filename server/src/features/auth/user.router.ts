/**
 * /api/user: register, login, logout and the current user (API.md "Routes",
 * PRODUCT.md §4 "Auth").
 */
import { Router } from 'express';
import type { PassportInstance } from './passport.js';
import type { AppContext } from '@/lib/context.js';
import { currentUser, requireAuth } from '@/lib/auth.js';
import { ConflictError, InvalidCredentialsError } from '@/lib/errors.js';
import { parseInput } from '@/lib/validation.js';
import { sqlState } from '@/db/errors.js';
import { createLoginLimits, createRegistrationLimit } from './loginLimit.js';
import { hashPassword } from './passport.js';
import { insertUser } from './user.queries.js';
import { loginSchema, registerSchema } from '@spincrate/contract';

/** Name of the session cookie. */
export const SESSION_COOKIE = 'spincrate.sid';

/** Builds the /api/user router. */
export function createUserRouter(ctx: AppContext, passport: PassportInstance): Router {
  const router = Router();
  const limits = createLoginLimits(ctx.db);
  const registrationLimit = createRegistrationLimit(ctx.db, ctx.logger, ctx.config.REGISTER_LIMIT_PER_HOUR);

  // POST /api/user/register → 201 User; does not log in.
  router.post('/register', registrationLimit, async (req, res) => {
    const { username, password } = parseInput(registerSchema, req.body);
    const hash = await hashPassword(password);
    try {
      const user = await insertUser(ctx.db, username, hash);
      res.status(201).json(user);
    } catch (err) {
      if (sqlState(err) === '23505') throw new ConflictError('That username is already taken');
      throw err;
    }
  });

  // POST /api/user/login → 200 User with a new session id.
  router.post('/login', async (req, res) => {
    const { username, password } = parseInput(loginSchema, req.body);
    req.body = { username, password };
    const attempt = await limits.begin(req.ip ?? 'unknown', username);
    try {
      const user = await new Promise<Express.User | false>((resolve, reject) => {
        passport.authenticate('local', { session: false }, (err: unknown, found: Express.User | false) =>
          err ? reject(err) : resolve(found),
        )(req, res, reject);
      });
      if (!user) {
        await attempt.failed();
        throw new InvalidCredentialsError();
      }
      // req.login regenerates the session (the id the client had before is dead now) and
      // saves it whole: user id, loginAt and username (passport.ts serializeUser).
      await new Promise<void>((resolve, reject) => req.login(user, (err) => (err ? reject(err) : resolve())));
      await attempt.succeeded();
      res.json({ id: user.id, username: user.username });
    } finally {
      await attempt.abandoned();
    }
  });

  // POST /api/user/logout → 204; the session is destroyed in the store and the cookie cleared.
  router.post('/logout', async (req, res) => {
    if (req.session && (req.user || 'passport' in req.session)) {
      await new Promise<void>((resolve, reject) =>
        req.session.destroy((err) => (err ? reject(err) : resolve())),
      );
      res.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax' });
    }
    res.status(204).end();
  });

  // GET /api/user → 200 User.
  router.get('/', requireAuth, (req, res) => {
    const user = currentUser(req);
    res.json({ id: user.id, username: user.username });
  });

  return router;
}
