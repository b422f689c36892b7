/**
 * passport-local with bcrypt (API.md "Security"): sessions keep the user id; a login
 * for an unknown username still runs one bcrypt comparison so timing reveals nothing.
 * Sessions end after 14 idle days and 30 days after login at the latest.
 */
import bcrypt from 'bcrypt';
import type { Request, RequestHandler } from 'express';
import { Passport } from 'passport';

/** A passport instance (one per app). */
export type PassportInstance = InstanceType<typeof Passport>;
import { Strategy as LocalStrategy } from 'passport-local';
import type { Database, Queryable } from '@/db/database.js';
import { findUserById, findUserForLogin } from './user.queries.js';

declare module 'express-session' {
  interface SessionData {
    /** When the user logged in (ms since the epoch), for the absolute lifetime. */
    loginAt: number;
    /** The signed-in user's username, so that a request needs no `users` query. */
    username: string;
    /**
     * When the session row's expiry was last moved forward (ms since the epoch): it is
     * written at most once per SESSION_TOUCH_MS, not on every request.
     */
    touchedAt: number;
  }
}

/** bcrypt cost factor (API.md: at least 10). */
export const BCRYPT_COST = 10;
/** A session ends after this long without use. */
export const SESSION_IDLE_MS = 14 * 24 * 60 * 60 * 1000;
/** A session ends this long after login, used or not. */
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * The session row's idle expiry is moved forward at most this often (a read never writes
 * otherwise), so the 14-day idle lifetime holds to the minute (issue 10).
 */
const SESSION_TOUCH_MS = 60 * 1000;

// Compared against when the username is unknown, so both paths cost one bcrypt compare.
const DUMMY_HASH = bcrypt.hashSync('spincrate-timing-equaliser', BCRYPT_COST);

/**
 * Checks a username (ignoring case) and password.
 * @returns the user, or false when they do not match
 */
async function verifyCredentials(
  db: Database,
  username: string,
  password: string,
): Promise<Express.User | false> {
  const user = await findUserForLogin(db, username);
  const matches = await bcrypt.compare(password, user?.password_hash ?? DUMMY_HASH);
  return user && matches ? { id: user.id, username: user.username } : false;
}

/** Hashes a password for storage. */
export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, BCRYPT_COST);
}

/** A passport instance of its own for one app, reading users from `db`. */
export function createPassport(db: Database): PassportInstance {
  const instance = new Passport();
  instance.use(
    new LocalStrategy({ session: true }, (username, password, done) => {
      verifyCredentials(db, username, password).then(
        (user) => done(null, user),
        (err: unknown) => done(err),
      );
    }),
  );
  // Called by req.login between its regenerate and its save of the new session: the login
  // time and the username go into that one save with the user id. A session stored first
  // without its loginAt is ended (401) by enforceSessionLifetime when a request brings the
  // new cookie before express-session's end-of-answer save lands (the browser keeps the
  // cookie from the answer's headers on; issue 28).
  instance.serializeUser((req: Request, user: Express.User, done: (err: unknown, id?: number) => void) => {
    const now = Date.now();
    req.session.loginAt = now;
    req.session.touchedAt = now;
    req.session.username = user.username;
    done(null, user.id);
  });
  // The session carries the username since login: no `users` query per request. Sessions
  // from before (no username) read it once. A deleted user is noticed at the next touch.
  instance.deserializeUser(
    (req: Request, id: unknown, done: (err: unknown, user?: Express.User | false) => void) => {
      if (typeof id !== 'number') return done(null, false);
      const username = req.session?.username;
      if (typeof username === 'string') return done(null, { id, username });
      findUserById(db, id).then(
        (user) => done(null, user ?? false),
        (err: unknown) => done(err),
      );
    },
  );
  return instance;
}

/**
 * Ends a session older than the absolute lifetime (API.md "Security"), and moves the
 * session's idle expiry forward at most once per SESSION_TOUCH_MS: the store does not
 * touch the row on reads (`disableTouch`), so only a request that changes the session
 * (here, `touchedAt`) writes it. That touch also checks the user still exists.
 * @param db - where the users are
 */
export function enforceSessionLifetime(db: Queryable): RequestHandler {
  return (req, _res, next) => {
    const user = req.user;
    if (!user) return next();
    const session = req.session;
    const loginAt = session?.loginAt;
    const end = () => {
      req.user = undefined;
      session.destroy((err) => next(err));
    };
    const now = Date.now();
    if (loginAt === undefined || now - loginAt > SESSION_ABSOLUTE_MS) return end();
    if (session.touchedAt !== undefined && now - session.touchedAt < SESSION_TOUCH_MS) return next();
    findUserById(db, user.id).then((found) => {
      if (!found) return end();
      session.touchedAt = now;
      session.username = found.username;
      next();
    }, next);
  };
}
