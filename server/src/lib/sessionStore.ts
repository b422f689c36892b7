/**
 * The session store: connect-pg-simple (sessions in PostgreSQL, API.md "Security"), whose
 * read of a session also reads the signed-in user's own list version (`user_versions`,
 * see `listCache.ts`) in the same statement. A request for one of the user's own lists
 * (their crate, its search, their spins) then needs no statement of its own for its ETag:
 * a 304 or a cached answer costs one statement, not two (issue 10).
 */
import type { Request } from 'express';
import type session from 'express-session';
import connectPgSimple from 'connect-pg-simple';
import { rememberOwnVersion } from './listCache.js';

/** Where a session read from the database carries its user's version (never stored or hashed). */
const OWN_VERSION = Symbol('ownVersion');

type StoreOptions = NonNullable<ConstructorParameters<ReturnType<typeof connectPgSimple>>[0]>;

interface SessionRow {
  sess: Record<string, unknown> | string;
  user_id: number | null;
  version: string | number | null;
}

/** What connect-pg-simple's store has but its types leave out. */
interface PgStoreInternals {
  quotedTable(): string;
  destroy(sid: string, fn: (err?: unknown) => void): void;
}

/**
 * Creates the session store.
 * @param sessionModule - express-session (`session`), as connect-pg-simple takes it
 * @param options - connect-pg-simple's options (the pool, the table, pruning, touch)
 */
export function createSessionStore(sessionModule: typeof session, options: StoreOptions): session.Store {
  const PgStore = connectPgSimple(sessionModule);
  if (!options.pool) throw new Error('createSessionStore needs the pool');
  const pool = options.pool;
  class VersionedStore extends PgStore {
    /** The read of `get`, prepared once per connection (a named statement: parsed and planned once). */
    private readonly readStatement = (() => {
      const userId = `CASE WHEN s.sess->'passport'->>'user' ~ '^[0-9]{1,9}$'
                           THEN (s.sess->'passport'->>'user')::int END`;
      return `SELECT s.sess, ${userId} AS user_id,
                coalesce((SELECT v.version FROM user_versions v WHERE v.user_id = ${userId}), 0)::bigint AS version
           FROM ${(this as unknown as PgStoreInternals).quotedTable()} s
          WHERE s.sid = $1 AND s.expire >= to_timestamp($2)`;
    })();

    /**
     * connect-pg-simple's read of a live session (same table, same expiry test), plus the
     * version of the user it is signed in as (0 before any write; none when signed out).
     */
    override get(sid: string, fn: (err: unknown, sess?: session.SessionData | null) => void): void {
      const self = this as unknown as PgStoreInternals;
      pool
        .query<SessionRow>({
          name: 'spincrate-session-read',
          text: this.readStatement,
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
              return self.destroy(sid, fn);
            }
            if (row.user_id !== null && row.version !== null) {
              Object.defineProperty(sess, OWN_VERSION, {
                value: { userId: row.user_id, version: Number(row.version) },
                enumerable: false,
              });
            }
            fn(null, sess as unknown as session.SessionData);
          },
          (err: unknown) => fn(err),
        );
    }

    /** Hands the version read with the session to the request (see `rememberOwnVersion`). */
    override createSession(req: Request, sess: session.SessionData): session.Session & session.SessionData {
      const own = (sess as unknown as Record<symbol, { userId: number; version: number } | undefined>)[
        OWN_VERSION
      ];
      if (own) rememberOwnVersion(req, own.userId, own.version);
      return super.createSession(req, sess);
    }
  }
  return new VersionedStore(options);
}
