/**
 * The journeys' `test`: Playwright's, with the app's base URL from global setup, a
 * seeding API (users, records, spins, friendships made over HTTP, so each journey
 * has its own fresh users) and the screen check (screenshot + axe) every screen gets.
 */
import {
  test as base,
  expect,
  request as requestFactory,
  type APIRequestContext,
  type Page,
} from '@playwright/test';
import { AxeBuilder } from '@axe-core/playwright';
import type { CrateRecord, Spin, User as ApiUser } from '@spincrate/contract';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { BASE_URL_ENV, FAKE_URL_ENV, IMAGE_HOST_URL_ENV, screenshotsDir } from './locations.js';

/** The password every journey user gets (8–72 bytes, API.md "Field rules"). */
export const PASSWORD = 'needle-drop-33';

/** A user the journeys created: the API's User plus the password it was registered with. */
export interface User extends ApiUser {
  password: string;
}

/** A record as the API returns it (API.md "Entities as returned"; the contract's schema). */
export type ApiRecord = CrateRecord;

/** A spin as the API returns it. */
export type ApiSpin = Spin;

/**
 * A username no other journey uses: `prefix` (≤ 10 characters) plus random
 * letters and digits, within the 3–30 characters API.md allows.
 */
export function uniqueUsername(prefix: string): string {
  return `${prefix.slice(0, 10)}_${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
}

/** The app's base URL, set by global setup. */
export function appBaseUrl(): string {
  const url = process.env[BASE_URL_ENV];
  if (!url)
    throw new Error(
      `${BASE_URL_ENV} is not set: run the suite with playwright test (global setup starts the app).`,
    );
  return url;
}

/** The fake metadata server's base URL (covers are served from `{url}/images/`), set by global setup. */
export function fakeBaseUrl(): string {
  const url = process.env[FAKE_URL_ENV];
  if (!url)
    throw new Error(
      `${FAKE_URL_ENV} is not set: run the suite with playwright test (global setup starts the fake).`,
    );
  return url;
}

/** The fake image host's base URL (another origin: 127.0.0.1 with its own port), set by global setup. */
export function imageHostUrl(): string {
  const url = process.env[IMAGE_HOST_URL_ENV];
  if (!url) throw new Error(`${IMAGE_HOST_URL_ENV} is not set: run the suite with playwright test.`);
  return url;
}

/**
 * Makes the fake Cover Art Archive answer one album's front cover with `coverUrl` (e.g. a
 * PNG of the fake image host), so a record added with that artist and title gets it as `coverart`.
 */
export async function setAlbumCover(
  album: { artist: string; title: string },
  coverUrl: string,
): Promise<void> {
  const response = await fetch(`${fakeBaseUrl()}/__fake/scenario`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ album, scenario: { coverUrl } }),
  });
  if (!response.ok) throw new Error(`POST /__fake/scenario: HTTP ${response.status}`);
}

async function ok<T>(what: string, response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  if (!response.ok()) throw new Error(`${what}: HTTP ${response.status()} ${await response.text()}`);
  return (response.status() === 204 ? undefined : await response.json()) as T;
}

/** One signed-in user's HTTP client, for seeding data the journey is not about. */
export class UserApi {
  private moods?: Map<string, number>;

  constructor(
    /** The user this client is signed in as. */
    readonly user: User,
    private readonly http: APIRequestContext,
  ) {}

  /** The id of the mood called `name` (PRODUCT.md's mood list). */
  async moodId(name: string): Promise<number> {
    if (!this.moods) {
      const list = await ok<Array<{ id: number; mood: string }>>(
        'GET /api/mood',
        await this.http.get('/api/mood'),
      );
      this.moods = new Map(list.map((m) => [m.mood, m.id]));
    }
    const id = this.moods.get(name);
    if (id === undefined) throw new Error(`no mood called ${name}`);
    return id;
  }

  /** Imports a Discogs collection export (CSV text) into this user's crate with one mood. */
  async importCsv(csv: string, mood = 'Mellow'): Promise<void> {
    const response = await this.http.post('/api/record/import', {
      data: { csv, mood: await this.moodId(mood) },
    });
    await ok<unknown>('POST /api/record/import', response);
  }

  /** Adds a record to this user's crate (cover art and tags come from the fake metadata server). */
  async addRecord(fields: {
    artist: string;
    title: string;
    mood?: string;
    details?: string;
  }): Promise<ApiRecord> {
    const mood = await this.moodId(fields.mood ?? 'Mellow');
    const response = await this.http.post('/api/record/add', {
      data: { artist: fields.artist, title: fields.title, mood, details: fields.details ?? '' },
    });
    return ok<ApiRecord>(`POST /api/record/add ${fields.title}`, response);
  }

  /** This user's records, newest first. */
  async records(): Promise<ApiRecord[]> {
    return ok<ApiRecord[]>('GET /api/record', await this.http.get('/api/record'));
  }

  /** Logs a spin of `records` on `listenedAt` (YYYY-MM-DD). */
  async addSpin(fields: {
    listenedAt: string;
    timeSpent: string;
    details: string;
    records: ApiRecord[];
  }): Promise<ApiSpin> {
    const response = await this.http.post('/api/spins/add', {
      data: {
        listenedAt: fields.listenedAt,
        timeSpent: fields.timeSpent,
        details: fields.details,
        albums: fields.records.map((r) => String(r.id)),
      },
    });
    return ok<ApiSpin>('POST /api/spins/add', response);
  }

  /** Makes `friend` this user's friend (one direction, API.md "Friendship and visibility"). */
  async addFriend(friend: User): Promise<void> {
    await ok(
      'POST /api/social/add',
      await this.http.post('/api/social/add', { data: { friend_username: friend.username } }),
    );
  }

  /** This user's friends. */
  async friends(): Promise<Array<{ friend_id: number; friend_username: string }>> {
    return ok('GET /api/social/friends', await this.http.get('/api/social/friends'));
  }

  /** This user's spins. */
  async spins(): Promise<ApiSpin[]> {
    return ok<ApiSpin[]>('GET /api/spins', await this.http.get('/api/spins'));
  }

  /** The raw client, for calls the helpers do not cover. */
  get request(): APIRequestContext {
    return this.http;
  }
}

/** Creates users over HTTP; every client it made is disposed of after the test. */
interface Seeder {
  /**
   * Registers a new user (unique name from `prefix`) and signs a fresh HTTP client in as them.
   * @returns the user's API client (`.user` has the id, username and password)
   */
  user(prefix: string): Promise<UserApi>;
}

/** Extra fixtures of the journeys. */
interface Fixtures {
  /** Seeds users and their data over HTTP. */
  seed: Seeder;
  /** Collects the axe findings of `checkScreen` and fails the test at its end when there are any. */
  axeFindings: AxeFinding[];
}

/** The running test's axe findings (a worker runs one test at a time). */
let currentFindings: AxeFinding[] | undefined;

/**
 * Playwright's `test` for the journeys: `baseURL` is the app global setup started,
 * `seed` makes users and data over HTTP, every page fails the journey on an uncaught
 * exception, and the axe findings of `checkScreen` are checked at the end.
 */
export const test = base.extend<Fixtures>({
  // Global setup picks the port at run time, so the base URL comes from its environment variable.
  // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from the destructuring
  baseURL: async ({}, use) => {
    await use(appBaseUrl());
  },
  // eslint-disable-next-line no-empty-pattern -- no fixture dependencies
  seed: async ({}, use) => {
    const clients: APIRequestContext[] = [];
    const seeder: Seeder = {
      async user(prefix) {
        const http = await requestFactory.newContext({ baseURL: appBaseUrl() });
        clients.push(http);
        const username = uniqueUsername(prefix);
        await ok(
          'POST /api/user/register',
          await http.post('/api/user/register', { data: { username, password: PASSWORD } }),
        );
        const me = await ok<{ id: number; username: string }>(
          'POST /api/user/login',
          await http.post('/api/user/login', { data: { username, password: PASSWORD } }),
        );
        return new UserApi({ id: me.id, username: me.username, password: PASSWORD }, http);
      },
    };
    await use(seeder);
    for (const client of clients) await client.dispose();
  },
  // Every page of a journey is watched: an uncaught exception in the app fails the journey;
  // console errors (failed calls are only logged there, PRODUCT.md §8) are attached to the report.
  page: async ({ page }, use, testInfo) => {
    const crashes: string[] = [];
    const consoleErrors: string[] = [];
    page.on('pageerror', (error) => crashes.push(`${page.url()}: ${error.stack ?? error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(`${page.url()}: ${message.text()}`);
    });
    await use(page);
    if (consoleErrors.length > 0) {
      await testInfo.attach('console-errors.txt', {
        body: consoleErrors.join('\n'),
        contentType: 'text/plain',
      });
    }
    expect(crashes, 'uncaught exceptions in the page').toEqual([]);
  },
  axeFindings: [
    // eslint-disable-next-line no-empty-pattern -- no fixture dependencies
    async ({}, use, testInfo) => {
      const findings: AxeFinding[] = [];
      currentFindings = findings;
      await use(findings);
      currentFindings = undefined;
      if (findings.length > 0) {
        await testInfo.attach('axe-findings.txt', { body: findings.join('\n'), contentType: 'text/plain' });
      }
      expect(findings, `axe: serious or critical WCAG 2.1 A/AA findings (${testInfo.project.name})`).toEqual(
        [],
      );
    },
    { auto: true },
  ],
});

/** Playwright's `expect` (re-exported so journeys import everything from here). */
export { expect };

/**
 * Signs the browser in as `user` through the API (the cookie lands in the page's
 * context), for journeys that are not about logging in, and opens `path`.
 */
export async function signIn(page: Page, user: User, path = '/user/profile'): Promise<void> {
  const response = await page.context().request.post('/api/user/login', {
    data: { username: user.username, password: user.password },
  });
  expect(response.status(), `login of ${user.username}`).toBe(200);
  await page.goto(path);
}

/** The page's current theme, from the body class (PRODUCT.md §3). */
async function currentTheme(page: Page): Promise<'light' | 'dark'> {
  return (await page.evaluate(() => document.body.classList.contains('dark'))) ? 'dark' : 'light';
}

/** Serious or critical axe findings, one line each: rule, impact, help, where. */
type AxeFinding = string;

/**
 * The screen check every screen gets: a full-page screenshot to
 * e2e-results/screenshots/<project>/<screen>[-dark].png and an axe audit
 * (WCAG 2.0/2.1 A and AA) whose serious and critical findings fail the test at its
 * end (so the journey goes on and every finding of every screen is reported at once).
 * @param name - the screen's name in file names and messages, e.g. `collection`
 */
export async function checkScreen(page: Page, name: string): Promise<void> {
  const info = test.info();
  const theme = await currentTheme(page);
  const label = theme === 'dark' ? `${name}-dark` : name;
  await page.screenshot({
    path: path.join(screenshotsDir, info.project.name, `${label}.png`),
    fullPage: true,
    animations: 'disabled',
  });
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const findings: AxeFinding[] = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => {
      const where = v.nodes
        .slice(0, 4)
        .map((n) => {
          const html = n.html.replace(/\s+/g, ' ').slice(0, 90);
          const data = n.any[0]?.data as
            { contrastRatio?: number; expectedContrastRatio?: string } | undefined;
          const ratio = data?.contrastRatio
            ? ` [contrast ${data.contrastRatio}, needs ${data.expectedContrastRatio}]`
            : '';
          return `${n.target.join(' ')} ${html}${ratio}`;
        })
        .join(' | ');
      const more = v.nodes.length > 4 ? ` (and ${v.nodes.length - 4} more)` : '';
      return `${v.id} (${v.impact}) on ${label}: ${v.help} — ${where}${more}`;
    });
  if (results.violations.length > 0) {
    await info.attach(`axe-${label}.json`, {
      body: JSON.stringify(results.violations, null, 2),
      contentType: 'application/json',
    });
  }
  if (!currentFindings) throw new Error('checkScreen runs inside a journey (the axeFindings fixture)');
  currentFindings.push(...findings);
}
