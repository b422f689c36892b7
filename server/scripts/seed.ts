/**
 * `npm run seed`: a demo crate for development. Creates the users `riley` and `sam`
 * (passwords printed below), imports ../shared/data/discogs-collection.csv into riley's
 * crate with a few records found last year and this year (priced; the imported records get
 * the mood of their Discogs folder), logs spins of those records
 * from 1 January of last year to today (deterministic; last year is a complete year in
 * review, this year one "so far"), and makes each the other's friend. Everything goes through the app's own routes (register, login,
 * import, spins, friends), so the rows are exactly what the app would store.
 *
 * Uses DATABASE_URL, or the embedded PostgreSQL in SPINCRATE_DATA_DIR (stop the server
 * first: the data directory can only be open once). Refuses NODE_ENV=production.
 * Re-running is safe: existing users are reused, the import counts the albums as
 * duplicates, spins are only logged for a crate without any, friendships are kept.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { createApp } from '../src/app.js';
import { loadConfig, repoRoot, type Config } from '../src/config.js';
import { Database } from '../src/db/database.js';
import { startEmbeddedDatabase, type EmbeddedDatabase } from '../src/db/embedded.js';
import { migrate } from '../src/db/migrate.js';
import type { AppContext } from '../src/lib/context.js';
import { createLogger } from '../src/lib/logger.js';
import { createMetadataService } from '../src/lib/metadata/index.js';

/** The demo users and their passwords (development only). */
const USERS = [
  { username: 'riley', password: 'riley-spins-vinyl' },
  { username: 'sam', password: 'sam-digs-crates' },
] as const;
const SAMPLE_CSV = path.join(repoRoot, '..', 'shared', 'data', 'discogs-collection.csv');
/** The mood of every imported record. */
const IMPORT_MOOD = 'Mellow';
const SPIN_NOTES = [
  'Sunday morning coffee',
  'Late night, headphones on',
  'Rainy afternoon',
  'Cooking dinner',
  'Friends over',
  'First listen in years',
  'Side A twice',
  'Reading on the couch',
  'Road trip warm-up',
  'Needed something calm',
  'After the gig',
  'Cleaning the records',
];

type Agent = ReturnType<typeof request.agent>;

class SeedError extends Error {}

function fail(message: string): never {
  throw new SeedError(message);
}

/** A date `daysAgo` days before today, as YYYY-MM-DD. */
function daysAgo(days: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Opens the database: DATABASE_URL, else the embedded PostgreSQL of the data directory. */
async function openDatabase(config: Config): Promise<{ url: string; embedded?: EmbeddedDatabase }> {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL };
  const pidFile = path.join(config.dataDir, 'pg', 'postmaster.pid');
  if (existsSync(pidFile)) {
    const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) {
      fail(
        `The data directory ${config.dataDir} is locked: a server is using its embedded PostgreSQL (pid ${pid}).\n` +
          'Stop the server (Ctrl+C), run `npm run seed` again, then start the server.',
      );
    }
  }
  console.log(`Starting the embedded PostgreSQL in ${config.dataDir} …`);
  try {
    const embedded = await startEmbeddedDatabase({
      dataDir: config.dataDir,
      port: config.EMBEDDED_PG_PORT,
      logger: createLogger('silent'),
    });
    return { url: embedded.url, embedded };
  } catch (err) {
    return fail(
      `The embedded PostgreSQL in ${config.dataDir} could not be started (${(err as Error).message}).\n` +
        'If a server is running on this data directory, stop it and run `npm run seed` again.',
    );
  }
}

/** Registers the user unless the name is taken, then logs in. */
async function signIn(
  app: ReturnType<typeof createApp>['app'],
  user: (typeof USERS)[number],
): Promise<Agent> {
  const agent = request.agent(app);
  const registered = await agent.post('/api/user/register').send(user);
  if (registered.status !== 201 && registered.status !== 409) {
    fail(`Registering ${user.username} failed: HTTP ${registered.status} ${JSON.stringify(registered.body)}`);
  }
  const login = await agent.post('/api/user/login').send(user);
  if (login.status !== 200) {
    fail(
      `${user.username} exists but does not take the demo password (HTTP ${login.status}).\n` +
        'Use another database or data directory for the demo.',
    );
  }
  console.log(registered.status === 201 ? `Created ${user.username}.` : `Reusing ${user.username}.`);
  return agent;
}

/**
 * Days of listening history the seed writes, ending today: from 1 January of last year, so
 * that last year is a whole year in review (EXTENSIONS.md §10) and the stats page has its 365 days.
 */
function spinHistoryDays(): number {
  const now = new Date();
  return (
    Math.round(
      (Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) -
        Date.UTC(now.getUTCFullYear() - 1, 0, 1)) /
        86_400_000,
    ) + 1
  );
}

/**
 * Records found in the last two years (not in the sample CSV), imported with their
 * `Date Added`, so a year in review has records added and a favourite new record:
 * `added` is `[years before this one, month (1–12), day]`, or `[0, daysAgo]` for this year.
 */
const NEW_FINDS: Array<{
  artist: string;
  title: string;
  released: number;
  added: [number, number, number?];
}> = [
  { artist: 'Alice Coltrane', title: 'Journey In Satchidananda', released: 1971, added: [1, 2, 14] },
  { artist: 'Khruangbin', title: 'Con Todo El Mundo', released: 2018, added: [1, 4, 19] },
  { artist: 'Little Simz', title: 'Grey Area', released: 2019, added: [1, 6, 21] },
  { artist: 'Nala Sinephro', title: 'Space 1.8', released: 2021, added: [1, 9, 5] },
  { artist: 'Yussef Dayes', title: 'Black Classical Music', released: 2023, added: [1, 10, 31] },
  { artist: 'Mdou Moctar', title: 'Funeral For Justice', released: 2024, added: [0, 120] },
  { artist: 'Beth Gibbons', title: 'Lives Outgrown', released: 2024, added: [0, 45] },
];

/** When a new find was added, as `YYYY-MM-DD`. */
function addedOn(find: (typeof NEW_FINDS)[number]): string {
  const [yearsBack, monthOrDays, day] = find.added;
  if (day === undefined) return daysAgo(monthOrDays);
  const year = new Date().getUTCFullYear() - yearsBack;
  return `${year}-${String(monthOrDays).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The new finds as a Discogs collection export (the columns the import reads). */
function newFindsCsv(): string {
  const quote = (text: string) => `"${text.replace(/"/g, '""')}"`;
  const rows = NEW_FINDS.map((find, i) =>
    [
      `NF-${i + 1}`,
      find.artist,
      find.title,
      find.released,
      `${addedOn(find)} 18:30:00`,
      'Found in a record shop',
    ]
      .map((value) => quote(String(value)))
      .join(','),
  );
  return ['Catalog#,Artist,Title,Released,Date Added,Collection Notes', ...rows].join('\n') + '\n';
}

/** The mood of the records of each Discogs folder (the rest keep `IMPORT_MOOD`). */
const FOLDER_MOODS: Record<string, string> = {
  Electronic: 'Euphoric',
  Soul: 'Groovy',
  Metal: 'Aggressive',
  'Hip Hop': 'Funky',
  Punk: 'Energetic',
  Reggae: 'Chill',
};

/** What each new find cost, in euros (in the order of `NEW_FINDS`). */
const NEW_FIND_PRICES = ['32.50', '27.99', '24.00', '29.90', '34.99', '26.50', '31.00'];

/**
 * Gives the imported records the moods of their folders (`FOLDER_MOODS`), and the new finds
 * a price and a purchase date (the day they were added), through `PUT /api/record/edit`: the
 * stats and a year in review then have several moods and money spent (EXTENSIONS.md §10).
 * Only for a crate without spins (a first run), as `logSpins`.
 * @returns how many records were edited
 */
async function dressRecords(agent: Agent): Promise<number> {
  const [backup, moods] = await Promise.all([
    agent.get('/api/record/export?format=json'),
    agent.get('/api/mood'),
  ]);
  if (backup.status !== 200) fail(`Reading the crate failed: HTTP ${backup.status}`);
  const { records, spins } = backup.body as {
    records: Array<{
      id: number;
      title: string;
      artist: string;
      details: string;
      year: number | null;
      folder: string | null;
      mood: string;
    }>;
    spins: unknown[];
  };
  if (spins.length > 0) return 0;
  const moodId = new Map((moods.body as Array<{ id: number; mood: string }>).map((m) => [m.mood, m.id]));
  let edited = 0;
  for (const record of records) {
    const mood = FOLDER_MOODS[record.folder ?? ''] ?? record.mood;
    const find = NEW_FINDS.findIndex((f) => f.title === record.title);
    if (mood === record.mood && find < 0) continue;
    const res = await agent.put('/api/record/edit').send({
      id: record.id,
      artist: record.artist,
      title: record.title,
      mood: moodId.get(mood),
      details: record.details || record.title,
      ...(find >= 0
        ? {
            price: { amount: NEW_FIND_PRICES[find]!, currency: 'EUR' },
            purchased_on: addedOn(NEW_FINDS[find]!),
          }
        : {}),
    });
    if (res.status !== 200) fail(`Editing a record failed: HTTP ${res.status} ${JSON.stringify(res.body)}`);
    edited += 1;
  }
  return edited;
}

/** A small deterministic pseudo-random generator (mulberry32), so every seed is the same. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Logs a year of spins of the crate's records (the same ones at every run, relative to
 * today): most days have one to three spins of one to three records, a few records are
 * favourites, the last week and a stretch in spring are unbroken streaks, and some
 * records stay unplayed. Nothing is logged when the crate has spins already.
 * @returns how many spins were logged
 */
async function logSpins(agent: Agent): Promise<number> {
  const backup = await agent.get('/api/record/export?format=json');
  if (backup.status !== 200) fail(`Reading the crate failed: HTTP ${backup.status}`);
  const { records, spins } = backup.body as {
    records: Array<{ id: number; title: string }>;
    spins: unknown[];
  };
  if (spins.length > 0 || records.length === 0) return 0;
  const finds = new Set(NEW_FINDS.map((find) => find.title));
  const ids = records
    .filter((r) => !finds.has(r.title))
    .map((r) => r.id)
    .reverse(); // oldest first
  // The last fifth of the crate is never played; the first eight are favourites.
  const playable = ids.slice(0, Math.max(1, Math.ceil(ids.length * 0.8)));
  const random = seededRandom(20261123);
  const pick = () =>
    random() < 0.35
      ? playable[Math.floor(random() * Math.min(8, playable.length))]!
      : playable[Math.floor(random() * playable.length)]!;
  let logged = 0;
  const log = async (listenedAt: string, albums: number[]) => {
    const minutes = 20 + Math.floor(random() * 100);
    const res = await agent.post('/api/spins/add').send({
      listenedAt,
      timeSpent: `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`,
      details: SPIN_NOTES[logged % SPIN_NOTES.length],
      albums,
    });
    if (res.status !== 201) fail(`Logging a spin failed: HTTP ${res.status} ${JSON.stringify(res.body)}`);
    logged += 1;
  };
  // Each new find is played a few times in the weeks after it was added (the later ones more).
  const today = daysAgo(0);
  for (const [index, find] of NEW_FINDS.entries()) {
    const record = records.find((r) => r.title === find.title);
    if (!record) continue;
    const start = Date.parse(`${addedOn(find)}T00:00:00Z`);
    for (let k = 1; k <= 3 + index; k += 1) {
      const date = new Date(start + k * 6 * 86_400_000).toISOString().slice(0, 10);
      if (date <= today) await log(date, [record.id]);
    }
  }
  for (let day = spinHistoryDays() - 1; day >= 0; day -= 1) {
    const streak = day < 7 || (day >= 200 && day < 221);
    if (!streak && random() < 0.45) continue;
    const count = 1 + Math.floor(random() * random() * 3);
    for (let i = 0; i < count; i += 1) {
      await log(daysAgo(day), [...new Set(Array.from({ length: 1 + Math.floor(random() * 3) }, pick))]);
    }
  }
  return logged;
}

/** Makes `friendUsername` a friend of the agent's user (kept when it already is). */
async function befriend(agent: Agent, friendUsername: string): Promise<void> {
  const res = await agent.post('/api/social/add').send({ friend_username: friendUsername });
  if (res.status !== 201 && res.status !== 409) {
    fail(`Adding ${friendUsername} as a friend failed: HTTP ${res.status} ${JSON.stringify(res.body)}`);
  }
}

async function seed(config: Config): Promise<void> {
  if (!existsSync(SAMPLE_CSV)) {
    fail(
      `The sample collection is missing: expected ${SAMPLE_CSV} (the shared/ folder beside the repository).`,
    );
  }
  const csv = readFileSync(SAMPLE_CSV, 'utf8');
  const { url, embedded } = await openDatabase(config);
  const logger = createLogger('warn');
  const db = new Database({ connectionString: url, logger });
  const ctx: AppContext = { config, db, logger, metadata: createMetadataService(config, logger) };
  const built = createApp(ctx, 'spincrate-seed');
  try {
    await migrate(url, logger);
    const [riley, sam] = await Promise.all(USERS.map((user) => signIn(built.app, user)));

    const moods = await riley!.get('/api/mood');
    const mood = (moods.body as Array<{ id: number; mood: string }>).find((m) => m.mood === IMPORT_MOOD);
    if (!mood) fail(`The mood ${IMPORT_MOOD} is missing from the database.`);
    const imported = await riley!.post('/api/record/import').send({ csv, mood: mood.id });
    if (imported.status !== 202)
      fail(`The import failed: HTTP ${imported.status} ${JSON.stringify(imported.body)}`);
    const counts = imported.body as { imported: number; duplicates: number; failed: number };
    console.log(
      `Imported ${counts.imported} records into riley's crate (${counts.duplicates} already there, ${counts.failed} failed).`,
    );

    const finds = await riley!.post('/api/record/import').send({ csv: newFindsCsv(), mood: mood.id });
    if (finds.status !== 202)
      fail(`The new finds failed: HTTP ${finds.status} ${JSON.stringify(finds.body)}`);
    console.log(
      `Added ${(finds.body as { imported: number }).imported} records found in the last two years.`,
    );

    const dressed = await dressRecords(riley!);
    if (dressed > 0)
      console.log(`Gave ${dressed} records the moods of their folders and the new finds a price.`);
    const spins = await logSpins(riley!);
    console.log(spins > 0 ? `Logged ${spins} spins for riley.` : 'riley has spins already; none added.');

    await befriend(riley!, 'sam');
    await befriend(sam!, 'riley');
    console.log('riley and sam are friends of each other.');

    await Promise.all([riley!.post('/api/user/logout'), sam!.post('/api/user/logout')]);
    console.log('\nLog in with:');
    for (const user of USERS) console.log(`  ${user.username.padEnd(6)} ${user.password}`);
    if (counts.imported > 0) {
      console.log(
        '\nCovers and tags are looked up in the background once the server runs (about one record a second).',
      );
    }
  } finally {
    await built.close();
    await db.close();
    if (embedded) await embedded.stop();
  }
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    fail((err as Error).message);
  }
  if (config.isProduction)
    fail('npm run seed refuses to run with NODE_ENV=production: it creates demo users.');
  await seed(config);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err instanceof SeedError ? `Seed failed: ${err.message}` : err);
    process.exit(1);
  },
);
