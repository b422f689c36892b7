/**
 * passport-local with bcrypt (API.md "Security"): sessions keep the user id; a login
 * for an unknown username still runs one bcrypt comparison so timing reveals nothing.
 * Sessions end after 14 idle days and 30 days after login at the latest.
 */
import bcrypt from 'bcrypt';
import type { RequestHandler } from 'express';
import { Passport } from 'passport';

/** A passport instance (one per app). */
export type PassportInstance = InstanceType<typeof Passport>;
import { Strategy as LocalStrategy } from 'passport-local';
import type { Database } from '../../db/database.js';
import { findUserById, findUserForLogin } from './user.queries.js';

declare module 'express-session' {
  interface SessionData {
    /** When the user logged in (ms since the epoch), for the absolute lifetime. */
    loginAt: number;
  }
}

/** bcrypt cost factor (API.md: at least 10). */
export const BCRYPT_COST = 10;
/** A session ends after this long without use. */
export const SESSION_IDLE_MS = 14 * 24 * 60 * 60 * 1000;
/** A session ends this long after login, used or not. */
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;

// Compared against when the username is unknown, so both paths cost one bcrypt compare.
const DUMMY_HASH = bcrypt.hashSync('spincrate-timing-equaliser', BCRYPT_COST);

/**
 * Checks a username (ignoring case) and password.
 * @returns the user, or false when they do not match
 */
export async function verifyCredentials(
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
  instance.serializeUser((user, done) => done(null, user.id));
  instance.deserializeUser((id: unknown, done) => {
    if (typeof id !== 'number') return done(null, false);
    findUserById(db, id).then(
      (user) => done(null, user ?? false),
      (err: unknown) => done(err),
    );
  });
  return instance;
}

/** Ends a session older than the absolute lifetime. */
export const enforceSessionLifetime: RequestHandler = (req, _res, next) => {
  const loginAt = req.session?.loginAt;
  if (req.user && (loginAt === undefined || Date.now() - loginAt > SESSION_ABSOLUTE_MS)) {
    req.user = undefined;
    req.session.destroy((err) => next(err));
    return;
  }
  next();
};
