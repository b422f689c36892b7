/**
 * The signed-in user of a request (API.md "Routes": protected routes answer
 * 401 `unauthenticated` without a session).
 */
import type { Request, RequestHandler } from 'express';
import { UnauthenticatedError } from './errors.js';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    /** The user passport keeps on `req.user`: User of API.md. */
    interface User {
      id: number;
      username: string;
    }
  }
}

/** Middleware: 401 `unauthenticated` unless the request has a logged-in user. */
export const requireAuth: RequestHandler = (req, _res, next) => {
  if (!req.user) throw new UnauthenticatedError();
  next();
};

/**
 * The logged-in user of a request behind `requireAuth`.
 * @throws UnauthenticatedError when there is none
 */
export function currentUser(req: Request): Express.User {
  if (!req.user) throw new UnauthenticatedError();
  return req.user;
}
