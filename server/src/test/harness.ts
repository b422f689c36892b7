/**
 * Test harness: the real app on the run's real PostgreSQL (see globalSetup.ts),
 * supertest agents, and factories that insert rows directly.
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import bcrypt from 'bcrypt';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { createApp } from '@/app.js';
import { loadConfig, type Config } from '@/config.js';
import { createDatabase, dropDatabase } from '@/db/admin.js';
import { Database } from '@/db/database.js';
import type { AppContext } from '@/lib/context.js';
import { createLogger } from '@/lib/logger.js';
import type { MetadataService } from '@/lib/metadata/types.js';
import { createMetadataService } from '@/lib/metadata/index.js';
import { request } from './contract.js';

export type Agent = ReturnType<typeof request.agent>;

export interface TestApp {
  app: ReturnType<typeof createApp>['app'];
  db: Database;
  ctx: AppContext;
  /** A fresh supertest agent (keeps cookies). */
  agent(): Agent;
  close(): Promise<void>;
}

/** The configuration tests run with; `env` overrides any variable. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: inject('databaseUrl'),
    // Unreachable by default, so nothing leaves the machine; metadata tests point these at a fake server.
    LASTFM_API_URL: 'http://127.0.0.1:9/2.0/',
    MUSICBRAINZ_API_URL: 'http://127.0.0.1:9/ws/2',
    COVERART_API_URL: 'http://127.0.0.1:9',
    METADATA_TIMEOUT_MS: '500',
    // No pacing between look-ups unless a test is about pacing (the files share one database).
    MUSICBRAINZ_MIN_INTERVAL_MS: '0',
    // Every test file registers users from 127.0.0.1 on one database; the registration
    // limit's own tests set API.md's 20 (limits.test.ts).
    REGISTER_LIMIT_PER_HOUR: '100000',
    // Where the fallback cover is served from (its URL never comes from the request's Host).
    PUBLIC_URL: 'http://127.0.0.1:5001',
    // Unreachable by default; the ListenBrainz tests point it at their fake (fakeListenBrainz.ts).
    LISTENBRAINZ_API_URL: 'http://127.0.0.1:9',
    LISTENBRAINZ_TOKEN_KEY: '5f'.repeat(32),
    // No client build unless a test makes one (clientBuildFixture.ts, bootBuild.test.ts): the
    // working tree's client/dist, of whatever age, never decides a server test.
    CLIENT_DIST: path.join(os.tmpdir(), 'spincrate-no-client-build'),
    // A statement may take as long as the machine needs: production's 5 s limit (a safety
    // valve, answered 503) made correct answers fail on a busy machine — a year review's
    // first catch-up of 2,100 plays took longer there with other files running (issue 28).
    // The limit's own test sets it (faults.test.ts).
    PG_STATEMENT_TIMEOUT_MS: '60000',
    ...env,
  });
}

/**
 * Builds the real app on the test database.
 * @param options.env - configuration overrides
 * @param options.metadata - a metadata service to use instead of the configured one
 */
export function createTestApp(
  options: { env?: Record<string, string>; metadata?: MetadataService } = {},
): TestApp {
  const config = testConfig(options.env);
  const logger = createLogger(process.env.TEST_LOG_LEVEL ?? 'silent');
  // A small pool unless a test sets PG_POOL_MAX (e.g. to run with production's pool of 10).
  const max = options.env?.PG_POOL_MAX ? config.PG_POOL_MAX : 5;
  const db = new Database({
    connectionString: config.DATABASE_URL!,
    logger,
    max,
    statementTimeoutMs: config.PG_STATEMENT_TIMEOUT_MS,
  });
  const ctx: AppContext = {
    config,
    db,
    logger,
    metadata: options.metadata ?? createMetadataService(config, logger),
  };
  const built = createApp(ctx, 'test-session-secret');
  return {
    app: built.app,
    db,
    ctx,
    agent: () => request.agent(built.app),
    close: async () => {
      await built.close();
      await db.close();
    },
  };
}

/**
 * The real app for the tests of one file: built before the file's first test and closed
 * after its last (`beforeAll`/`afterAll`). Call it at the top of a test file; the returned
 * app may be used inside tests and hooks only.
 * @param options - as `createTestApp`; `ownDatabase: true` puts the app on a database of
 *   the file's own (`createOwnDatabase`, dropped after the file), for a file that runs
 *   background workers, which would otherwise pick up the rows of the files running beside it
 */
export function useTestApp(
  options: Parameters<typeof createTestApp>[0] & { ownDatabase?: boolean } = {},
): TestApp {
  let current: TestApp | undefined;
  let own: Awaited<ReturnType<typeof createOwnDatabase>> | undefined;
  beforeAll(async () => {
    const { ownDatabase, ...appOptions } = options;
    if (ownDatabase) {
      own = await createOwnDatabase();
      appOptions.env = { ...appOptions.env, DATABASE_URL: own.url };
    }
    current = createTestApp(appOptions);
  });
  afterAll(async () => {
    await current?.close();
    await own?.drop();
  });
  const app = (): TestApp => {
    if (!current) throw new Error('the test app exists only inside tests and hooks');
    return current;
  };
  return {
    get app() {
      return app().app;
    },
    get db() {
      return app().db;
    },
    get ctx() {
      return app().ctx;
    },
    agent: () => app().agent(),
    close: () => app().close(),
  };
}

/**
 * The bcrypt cost of the factories' password hash: bcrypt's lowest. Each login of a factory
 * user costs one comparison at this cost, and the suite logs in well over a thousand times;
 * at production's 10 (passport.ts `BCRYPT_COST`) those comparisons were a large share of the
 * run's CPU (issue 28, `npm test` within 6 minutes). Users registered through the API get
 * production's cost, which security.test.ts "login timing" checks.
 */
const FACTORY_HASH_COST = 4;

/** A bcrypt hash of the factories' default password, computed once. */
export const DEFAULT_PASSWORD = 'correct-horse-battery';
const defaultHash = bcrypt.hashSync(DEFAULT_PASSWORD, FACTORY_HASH_COST);

/** A username no other test uses (letters, digits and `_`, ≤ 30 characters). */
export function uniqueUsername(prefix = 'user'): string {
  return `${prefix.slice(0, 8)}_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
}

export interface TestUser {
  id: number;
  username: string;
  password: string;
}

/** Inserts a user with the default password. */
export async function createUser(db: Database, username = uniqueUsername()): Promise<TestUser> {
  const rows = await db.query<{ id: number; username: string }>(
    'INSERT INTO users (username, password_hash) VALUES ($1, $2) RETURNING id, username',
    [username, defaultHash],
  );
  return { ...rows[0]!, password: DEFAULT_PASSWORD };
}

/** A supertest agent logged in as `user`. */
export async function loginAgent(testApp: TestApp, user: TestUser): Promise<Agent> {
  const agent = testApp.agent();
  const res = await agent.post('/api/user/login').send({ username: user.username, password: user.password });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return agent;
}

/** Creates a user and an agent logged in as them. */
export async function signedInUser(testApp: TestApp): Promise<{ user: TestUser; agent: Agent }> {
  const user = await createUser(testApp.db);
  return { user, agent: await loginAgent(testApp, user) };
}

export interface RecordFields {
  title?: string;
  artist?: string;
  moodId?: number;
  details?: string;
  tags?: string[];
  coverart?: string | null;
  dateAdded?: Date | string;
  year?: number | null;
  /** Collection details as stored (migration 0007), e.g. `{ rating: 4, price_cents: 2499, price_currency: 'EUR' }`. */
  collection?: Partial<Record<CollectionColumn, string | number | null>>;
}

/** The columns of the collection details (API.md "Collection details"), as stored. */
type CollectionColumn =
  | 'rating'
  | 'folder'
  | 'location'
  | 'media_condition'
  | 'sleeve_condition'
  | 'price_cents'
  | 'price_currency'
  | 'purchased_on'
  | 'purchased_from'
  | 'label'
  | 'catalog_number'
  | 'format'
  | 'discogs_release_id';

/** Every collection detail of a Record as the API answers a record without any (API.md: null when unknown). */
export const NO_COLLECTION_DETAILS = {
  rating: null,
  folder: null,
  location: null,
  media_condition: null,
  sleeve_condition: null,
  price: null,
  purchased_on: null,
  purchased_from: null,
  label: null,
  catalog_number: null,
  format: null,
  discogs_release_id: null,
} as const;

/**
 * Inserts a record into `userId`'s crate. `year` is written only when given, so this
 * also fills a database of an older schema (the migration tests).
 * @returns its id
 */
export async function createRecord(db: Database, userId: number, fields: RecordFields = {}): Promise<number> {
  const withYear = fields.year !== undefined;
  const rows = await db.query<{ id: number }>(
    `INSERT INTO records (user_id, title, artist, mood_id, details, tags, coverart, date_added${withYear ? ', year' : ''})
     VALUES ($1, $2, $3, $4, $5, $6, $7, COALESCE($8::timestamptz, now())${withYear ? ', $9' : ''}) RETURNING id`,
    [
      userId,
      fields.title ?? `Album ${randomUUID().slice(0, 8)}`,
      fields.artist ?? 'Test Artist',
      fields.moodId ?? 10,
      fields.details ?? '',
      fields.tags ?? [],
      fields.coverart ?? null,
      fields.dateAdded ?? null,
      ...(withYear ? [fields.year] : []),
    ],
  );
  const id = rows[0]!.id;
  const collection = Object.entries(fields.collection ?? {});
  if (collection.length > 0) {
    await db.query(
      `UPDATE records SET ${collection.map(([column], i) => `${column} = $${i + 2}`).join(', ')} WHERE id = $1`,
      [id, ...collection.map(([, value]) => value)],
    );
  }
  return id;
}

/** Inserts a spin of `recordIds` for `userId`, with their plays counted. @returns its id */
export async function createSpin(
  db: Database,
  userId: number,
  recordIds: number[],
  fields: { listenedAt?: string; minutes?: number; details?: string } = {},
): Promise<number> {
  return db.withTransaction(async (tx) => {
    const rows = await tx.query<{ id: number }>(
      'INSERT INTO spins (user_id, listened_at, minutes_spent, spin_details) VALUES ($1, $2, $3, $4) RETURNING id',
      [userId, fields.listenedAt ?? '2026-11-01', fields.minutes ?? 65, fields.details ?? 'a spin'],
    );
    const spinId = rows[0]!.id;
    for (const [position, recordId] of recordIds.entries()) {
      await tx.query('INSERT INTO spin_records (spin_id, record_id, position) VALUES ($1, $2, $3)', [
        spinId,
        recordId,
        position,
      ]);
    }
    // The plays the spin writes of the app keep (API.md Record: play_count, last_played).
    await tx.query(
      `UPDATE record_plays p
          SET play_count = (SELECT count(*) FROM spin_records sr WHERE sr.record_id = p.record_id),
              last_played = (SELECT max(s.listened_at) FROM spin_records sr JOIN spins s ON s.id = sr.spin_id
                              WHERE sr.record_id = p.record_id)
        WHERE p.record_id = ANY($1::int[])`,
      [recordIds],
    );
    return spinId;
  });
}

/** Makes `friendId` a friend of `userId` (one direction, as API.md says). */
export async function befriend(db: Database, userId: number, friendId: number): Promise<void> {
  await db.query('INSERT INTO friendships (user_id, friend_id) VALUES ($1, $2)', [userId, friendId]);
}

let ownDatabases = 0;

/**
 * A database of its own on the run's PostgreSQL server, migrated to the latest schema (a copy
 * of globalSetup.ts's migrated template), for a
 * test file whose rows must stay apart from every other file's (e.g. one that runs
 * background workers, which would otherwise pick up other files' rows, and whose rows
 * the servers other files start would pick up). Pass `url` as `env.DATABASE_URL`.
 * @returns its connection string and a function that drops it
 */
export async function createOwnDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = inject('serverUrl');
  const name = `spincrate_own_${process.pid}_${Date.now()}_${(ownDatabases += 1)}`;
  const url = await createDatabase(serverUrl, name, { template: inject('templateDatabase') });
  return { url, drop: () => dropDatabase(serverUrl, name) };
}

/**
 * The next page's URL in a paged answer's `Link: <…>; rel="next"` header (API.md "Lists
 * at scale"), or undefined on the last page. Fails the test on any other form.
 */
export function nextPageUrl(link: unknown): string | undefined {
  if (link === undefined) return undefined;
  const match = /^<([^>]+)>; rel="next"$/.exec(String(link));
  if (!match) throw new Error(`not a Link rel="next" header: ${String(link)}`);
  return match[1];
}

/** One page of a walk: its items and its paging headers. */
export interface WalkedPage<T> {
  items: T[];
  /** `X-Total-Count` */
  total: string | undefined;
  /** `Link` (undefined on the last page) */
  link: string | undefined;
}

/**
 * Follows `Link: rel="next"` from `url` to the last page (each answer must be 200).
 * @param between - runs between two pages, given the ids seen so far (e.g. to add and
 *   delete items while the walk goes on)
 * @returns every page, in the order they came
 */
export async function walkPages<T extends { id: number }>(
  agent: Agent,
  url: string,
  between?: (seen: number[]) => Promise<void>,
): Promise<Array<WalkedPage<T>>> {
  const pages: Array<WalkedPage<T>> = [];
  let next: string | undefined = url;
  while (next) {
    const res = await agent.get(next);
    if (res.status !== 200) throw new Error(`${next}: ${res.status} ${JSON.stringify(res.body)}`);
    const link = res.headers.link as string | undefined;
    pages.push({ items: res.body as T[], total: res.headers['x-total-count'] as string | undefined, link });
    next = nextPageUrl(link);
    if (next && between) await between(pages.flatMap((p) => p.items.map((r) => r.id)));
    if (pages.length > 100) throw new Error(`${url}: more than 100 pages`);
  }
  return pages;
}

/** The `cursor` of the next page named by a paged answer's `Link` header. */
export function nextCursor(link: unknown): string {
  const url = nextPageUrl(link);
  if (!url) throw new Error('the answer has no next page');
  return new URL(url, 'http://localhost').searchParams.get('cursor')!;
}

/**
 * Deletes, through the API, one item of `initial` a walk has not seen yet and one it has
 * seen (for walks while items come and go; API.md "Lists at scale").
 * @param deletePath - the DELETE path of an item, e.g. `(id) => \`/api/spins/${id}\``
 * @param deleted - the items deleted so far; the two are added to it
 */
export async function deleteSeenAndUnseen(
  agent: Agent,
  deletePath: (id: number) => string,
  initial: number[],
  seen: number[],
  deleted: Set<number>,
): Promise<void> {
  const unseen = initial.find((id) => !deleted.has(id) && !seen.includes(id));
  const alreadySeen = seen.find((id) => !deleted.has(id));
  for (const id of [unseen, alreadySeen]) {
    if (id === undefined) continue;
    const res = await agent.delete(deletePath(id));
    if (res.status !== 204) throw new Error(`DELETE ${deletePath(id)}: ${res.status}`);
    deleted.add(id);
  }
}

/**
 * Expects a walk to have returned no item twice and each of `existing` (the items that
 * existed during the whole walk) exactly once.
 * @param label - names the walk in failure messages
 */
export function expectEachOnce(seen: number[], existing: number[], label = 'walk'): void {
  expect(new Set(seen).size, `${label}: no item twice`).toBe(seen.length);
  for (const id of existing) {
    expect(
      seen.filter((s) => s === id),
      `${label}: item ${id} once`,
    ).toHaveLength(1);
  }
}
