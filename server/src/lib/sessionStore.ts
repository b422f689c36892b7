/**
 * The session store (API.md "Security": sessions live in PostgreSQL, connect-pg-simple).
 *
 * connect-pg-simple writes, destroys and prunes the sessions, through its public methods.
 * The read of a session is this store's own (the `session` table is the app's, database.sql):
 * one prepared statement that also reads the signed-in user's own list version
 * (`user_versions`, see `listVersions.ts`), handed to the request as `res.locals.ownVersion`.
 * A request for one of the user's own lists (their crate, its search, their spins) then
 * needs no statement of its own for its ETag: a 304 or a cached answer costs one statement,
 * not two (issue 10). No subclass of connect-pg-simple and none of its private methods (issue 20).
 */
import type { Request } from 'express';
import type session from 'express-session';
import connectPgSimple from 'connect-pg-simple';
import type { Database } from '@/db/database.js';
import type { OwnVersion } from './listVersions.js';

/** The table connect-pg-simple keeps the sessions in (database.sql). */
const SESSION_TABLE = 'session';

type PgStoreOptions = NonNullable<ConstructorParameters<ReturnType<typeof connectPgSimple>>[0]>;

/** The options of `createSessionStore`: connect-pg-simple's, less the table and the pool. */
export type SessionStoreOptions = Omit<PgStoreOptions, 'tableName' | 'schemaName' | 'pool' | 'pgPromise'>;

interface SessionRow {
  sess: Record<string, unknown> | string;
  user_id: number | null;
  version: string | number | null;
}

/** The user id a session is signed in as (passport's `user`), or NULL. */
const SESSION_USER = `CASE WHEN s.sess->'passport'->>'user' ~ '^[0-9]{1,9}$'
                           THEN (s.sess->'passport'->>'user')::int END`;

/** A live session (same expiry test as connect-pg-simple's), with its user's version. */
const READ_SESSION = `SELECT s.sess, ${SESSION_USER} AS user_id,
       coalesce((SELECT v.version FROM user_versions v WHERE v.user_id = ${SESSION_USER}), 0)::bigint AS version
  FROM "${SESSION_TABLE}" s
 WHERE s.sid = $1 AND s.expire >= to_timestamp($2)`;

/** Where a session read from the database carries its user's version (never stored or hashed). */
const OWN_VERSION = Symbol('ownVersion');

type Callback<T> = (err: unknown, value?: T) => void;

/**
 * Creates the session store.
 * @param sessionModule - express-session (`session`): its `Store` is the base class
 * @param db - the database (its pool is shared with connect-pg-simple)
 * @param options - connect-pg-simple's options (pruning, touch, error log)
 */
export function createSessionStore(
  sessionModule: typeof session,
  db: Database,
  options: SessionStoreOptions,
): session.Store & { close(): Promise<void> } {
  const PgStore = connectPgSimple(sessionModule);
  const pg = new PgStore({ ...options, pool: db.pool, tableName: SESSION_TABLE });
  // connect-pg-simple starts its pruning timer at its first write; start it now, so that a
  // process that only reads still prunes.
  if (options.pruneSessionInterval !== false) pg.pruneSessions();

  class VersionedSessionStore extends sessionModule.Store {
    /** A live session and the version of the user it is signed in as (0 before any write). */
    override get(sid: string, fn: Callback<session.SessionData | null>): void {
      db.pool
        .query<SessionRow>({
          name: 'spincrate-session-read',
          text: READ_SESSION,
          values: [sid, Math.ceil(Date.now() / 1000)],
        })
        .then(
          (result) => {
            const row = result.rows[0];
            if (!row) return fn(null, null);
            let sess: Record<string, unknown>;
            try {
              sess =
                typeof row.sess === 'string' ? (JSON.parse(row.sess) as Record<string, unknown>) : row.sess;
            } catch {
              return pg.destroy(sid, (err) => fn(err, null));
            }
            if (row.user_id !== null && row.version !== null) {
              const own: OwnVersion = { userId: row.user_id, version: Number(row.version) };
              Object.defineProperty(sess, OWN_VERSION, { value: own, enumerable: false });
            }
            fn(null, sess as unknown as session.SessionData);
          },
          (err: unknown) => fn(err),
        );
    }

    override set(sid: string, sess: session.SessionData, fn?: (err?: unknown) => void): void {
      pg.set(sid, sess, (err) => fn?.(err));
    }

    override destroy(sid: string, fn?: (err?: unknown) => void): void {
      pg.destroy(sid, (err) => fn?.(err));
    }

    override touch(sid: string, sess: session.SessionData, fn?: () => void): void {
      pg.touch(sid, sess, () => fn?.());
    }

    /** Hands the version read with the session to the request's `res.locals.ownVersion`. */
    override createSession(req: Request, sess: session.SessionData): session.Session & session.SessionData {
      const own = (sess as unknown as Record<symbol, OwnVersion | undefined>)[OWN_VERSION];
      if (own && req.res) req.res.locals.ownVersion = own;
      return super.createSession(req, sess);
    }

    /** Stops connect-pg-simple's pruning timer. */
    async close(): Promise<void> {
      // connect-pg-simple's close is async, though its types say void.
      const closing: unknown = pg.close();
      await closing;
    }
  }
  return new VersionedSessionStore();
}
