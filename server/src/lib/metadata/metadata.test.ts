import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '@/lib/logger.js';
import { fakeAlbum, startFakeMetadataServer, type FakeMetadataServer } from '@/test/fakeMetadataServer.js';
import { createMetadataService, type MetadataConfig } from './index.js';
import { pickLargestImage } from './lastfm.js';
import { MIN_CONFIDENT_SCORE } from './musicbrainz.js';

/**
 * API.md "Barcode look-up": MusicBrainz is asked "with the app's `User-Agent`"; MusicBrainz's
 * rate-limiting rules ask for "Application name/<version> ( contact-url or contact-email )".
 * The version is the one of the root package.json.
 */
const APP_VERSION = (
  JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;
const METADATA_USER_AGENT = expect.stringMatching(
  new RegExp(`^Spincrate/${APP_VERSION.replaceAll('.', '\\.')} \\( \\S+ \\)$`),
);

const logger = createLogger('silent');
const NOTHING = { coverart: null, tags: [] };

/**
 * A clock of the test's own for the look-up's time budget (`AbortSignal.timeout`, the only
 * timer of the metadata code): a budget's signal aborts, with the TimeoutError the real one
 * gives, once `advance` has moved the clock past it.
 */
function budgetClock(): { advance(ms: number): void; restore(): void } {
  let now = 0;
  const budgets: Array<{ at: number; controller: AbortController }> = [];
  const spy = vi.spyOn(AbortSignal, 'timeout').mockImplementation((ms: number) => {
    const controller = new AbortController();
    budgets.push({ at: now + ms, controller });
    return controller.signal;
  });
  return {
    advance(ms) {
      now += ms;
      for (const { at, controller } of budgets) {
        if (at <= now && !controller.signal.aborted) {
          controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
        }
      }
    },
    restore: () => spy.mockRestore(),
  };
}

/** How long a test waits for a request to reach the fake at most (vi.waitFor's 1 s is short on a busy machine). */
const STATE_WAIT = { timeout: 20_000, interval: 10 };

/** A promise the test resolves itself. */
function released(): { promise: Promise<void>; resolve(): void } {
  let resolve: () => void = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

let fake: FakeMetadataServer;
beforeAll(async () => {
  fake = await startFakeMetadataServer();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.reset();
});

function musicbrainz(overrides: Partial<MetadataConfig> = {}) {
  return createMetadataService(
    {
      LASTFM_API_KEY: undefined,
      LASTFM_API_URL: fake.lastfmApiUrl,
      MUSICBRAINZ_API_URL: fake.musicbrainzApiUrl,
      COVERART_API_URL: fake.coverartApiUrl,
      METADATA_TIMEOUT_MS: 3000,
      ...overrides,
    },
    logger,
  );
}

function lastfm(overrides: Partial<MetadataConfig> = {}) {
  return musicbrainz({ LASTFM_API_KEY: 'test-key', ...overrides });
}

const kindOfBlue = { artist: 'Miles Davis', title: 'Kind of Blue' };

describe('MusicBrainz and the Cover Art Archive (no Last.fm key)', () => {
  it('finds the cover the archive redirects to and the tags, most votes first', async () => {
    const { mbid, tags } = fakeAlbum(kindOfBlue.artist, kindOfBlue.title);
    const found = await musicbrainz().lookupAlbum(kindOfBlue);
    expect(found).toEqual({
      coverart: `${fake.url}/images/caa/${mbid}-500.svg`,
      tags,
      title: 'Kind of Blue',
      artist: 'Miles Davis',
      // The fake's first-release-date, 1969-08-15.
      year: 1969,
    });
    const image = await fetch(found.coverart!);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/svg+xml');
  });

  it('asks MusicBrainz for the release group with a proper User-Agent, then the front cover', async () => {
    const { mbid } = fakeAlbum(kindOfBlue.artist, kindOfBlue.title);
    await musicbrainz().lookupAlbum(kindOfBlue);
    const [search, cover, ...rest] = fake.requests;
    expect(rest).toEqual([]);
    expect(search).toMatchObject({
      service: 'musicbrainz',
      path: '/ws/2/release-group',
      query: { query: 'releasegroup:"Kind of Blue" AND artist:"Miles Davis"', fmt: 'json' },
      userAgent: METADATA_USER_AGENT,
    });
    expect(Number(search!.query.limit)).toBeGreaterThan(0);
    expect(cover).toMatchObject({
      service: 'coverart',
      path: `/coverart/release-group/${mbid}/front-500`,
      userAgent: METADATA_USER_AGENT,
    });
  });

  it("takes MusicBrainz's spelling of a confident match", async () => {
    const asked = { artist: 'miles davis', title: 'kind of blue' };
    fake.setScenario(asked, { artist: 'Miles Davis', title: 'Kind of Blue' });
    const found = await musicbrainz().lookupAlbum(asked);
    expect(found.title).toBe('Kind of Blue');
    expect(found.artist).toBe('Miles Davis');
    expect(found.coverart).not.toBeNull();
  });

  it('ignores a match scoring under the confidence threshold and does not ask for its cover', async () => {
    fake.setScenario(kindOfBlue, { score: MIN_CONFIDENT_SCORE - 1, title: 'Kind of Bloo' });
    expect(await musicbrainz().lookupAlbum(kindOfBlue)).toEqual(NOTHING);
    expect(fake.requests.filter((r) => r.service === 'coverart')).toEqual([]);
  });

  it('keeps the tags when the archive has no cover (404)', async () => {
    fake.setScenario(kindOfBlue, { cover: false, tags: ['jazz', 'modal'] });
    const found = await musicbrainz().lookupAlbum(kindOfBlue);
    expect(found.coverart).toBeNull();
    expect(found.tags).toEqual(['jazz', 'modal']);
  });

  it('keeps only the five most-voted tags', async () => {
    const tags = ['jazz', 'modal', 'cool jazz', 'hard bop', 'trumpet', 'classic', 'Jazz', 'columbia'];
    fake.setScenario(kindOfBlue, { tags });
    const found = await musicbrainz().lookupAlbum(kindOfBlue);
    expect(found.tags).toEqual(['jazz', 'modal', 'cool jazz', 'hard bop', 'trumpet']);
  });

  it('escapes quotes, slashes and other query syntax in the title and artist', async () => {
    const album = { artist: 'AC/DC', title: 'Live: "Fly on the Wall" (Remastered) [+ bonus]' };
    const found = await musicbrainz().lookupAlbum(album);
    expect(found.title).toBe(album.title);
    expect(found.artist).toBe(album.artist);
    expect(found.coverart).toBe(
      `${fake.url}/images/caa/${fakeAlbum(album.artist, album.title).mbid}-500.svg`,
    );
  });

  it.each([
    ['not found', { mode: 'notFound' as const }],
    ['answers HTTP 503', { mode: 'unavailable' as const }],
    ['answers malformed JSON', { mode: 'malformed' as const }],
    ['answers an error with HTTP 200', { mode: 'errorAs200' as const }],
  ])('finds nothing when MusicBrainz %s', async (_name, scenario) => {
    fake.setScenario(kindOfBlue, { ...scenario, services: ['musicbrainz'] });
    expect(await musicbrainz().lookupAlbum(kindOfBlue)).toEqual(NOTHING);
    expect(fake.requests.filter((r) => r.service === 'coverart')).toEqual([]);
  });

  it('gives no cover but keeps the tags when the archive answers 503', async () => {
    fake.setScenario(kindOfBlue, { mode: 'unavailable', services: ['coverart'], tags: ['jazz'] });
    expect(await musicbrainz().lookupAlbum(kindOfBlue)).toMatchObject({ coverart: null, tags: ['jazz'] });
  });

  it('finds nothing when MusicBrainz answers after the time budget', async () => {
    fake.setScenario({ delayMs: 5000, services: ['musicbrainz'] });
    expect(await musicbrainz({ METADATA_TIMEOUT_MS: 200 }).lookupAlbum(kindOfBlue)).toEqual(NOTHING);
  });

  it('counts the budget over both requests together', async () => {
    // Each answer alone comes within 400 ms; the two together (250 + 250 ms) do not. The
    // time is the test's own clock: on a busy machine a real 250 ms answer may take 400.
    const clock = budgetClock();
    const musicbrainzAnswer = released();
    const coverartAnswer = released();
    fake.setScenario({
      holdUntil: { musicbrainz: musicbrainzAnswer.promise, coverart: coverartAnswer.promise },
    });
    try {
      const found = musicbrainz({ METADATA_TIMEOUT_MS: 400 }).lookupAlbum(kindOfBlue);
      const services = () => fake.requests.map((r) => r.service);
      await vi.waitFor(() => expect(services()).toEqual(['musicbrainz']), STATE_WAIT);
      clock.advance(250);
      musicbrainzAnswer.resolve();
      await vi.waitFor(() => expect(services()).toEqual(['musicbrainz', 'coverart']), STATE_WAIT);
      clock.advance(250);
      expect(await found).toEqual(NOTHING);
      expect(services()).toEqual(['musicbrainz', 'coverart']);
    } finally {
      clock.restore();
      musicbrainzAnswer.resolve();
      coverartAnswer.resolve();
    }
  });

  it('finds nothing when the service cannot be reached', async () => {
    const service = musicbrainz({ MUSICBRAINZ_API_URL: 'http://127.0.0.1:9/ws/2' });
    expect(await service.lookupAlbum(kindOfBlue)).toEqual(NOTHING);
  });

  it('finds nothing when the caller cancels', async () => {
    fake.setScenario({ delayMs: 5000 });
    const controller = new AbortController();
    const pending = musicbrainz().lookupAlbum(kindOfBlue, { signal: controller.signal });
    // Cancelled while MusicBrainz holds the request. (Cancelled before the request had reached
    // the fake, it arrived during the next test, which then counted it: shuffled seed 102.)
    await vi.waitFor(() => expect(fake.requests.map((r) => r.service)).toEqual(['musicbrainz']), STATE_WAIT);
    controller.abort();
    expect(await pending).toEqual(NOTHING);
  });

  it('asks nothing for an empty title or artist', async () => {
    expect(await musicbrainz().lookupAlbum({ artist: '  ', title: 'Kind of Blue' })).toEqual(NOTHING);
    expect(fake.requests).toEqual([]);
  });
});

describe('release year', () => {
  it.each([
    ['1959', 1959],
    ['1959-08', 1959],
    ['1959-08-17', 1959],
    ['', undefined],
    ['1899-12-31', undefined],
  ])('takes MusicBrainz first-release-date %j as year %j', async (releaseDate, year) => {
    fake.setScenario({ releaseDate });
    const found = await musicbrainz().lookupAlbum(kindOfBlue);
    expect(found.coverart).not.toBeNull();
    expect(found.year).toBe(year);
  });

  it.each([
    ['1994-08-22', 1994],
    ['1994', undefined],
    ['', undefined],
  ])('takes the year of Last.fm releasedate for release date %j', async (releaseDate, year) => {
    fake.setScenario({ releaseDate });
    const found = await lastfm().lookupAlbum(kindOfBlue);
    expect(found.coverart).not.toBeNull();
    expect(found.year).toBe(year);
  });
});

describe('Last.fm album.getInfo (with LASTFM_API_KEY)', () => {
  it('finds the largest image, the tags and the spelling Last.fm gives', async () => {
    const asked = { artist: 'miles davis', title: 'kind of blue' };
    const { mbid } = fakeAlbum(asked.artist, asked.title);
    fake.setScenario(asked, {
      artist: 'Miles Davis',
      title: 'Kind of Blue',
      tags: ['jazz', 'modal', 'cool jazz'],
    });
    const found = await lastfm().lookupAlbum(asked);
    expect(found).toEqual({
      coverart: `${fake.url}/images/lastfm/mega/${mbid}.svg`,
      tags: ['jazz', 'modal', 'cool jazz'],
      title: 'Kind of Blue',
      artist: 'Miles Davis',
      // releasedate "    15 Aug 1969, 00:00"
      year: 1969,
    });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({
      service: 'lastfm',
      path: '/2.0/',
      query: {
        method: 'album.getInfo',
        api_key: 'test-key',
        artist: 'miles davis',
        album: 'kind of blue',
        autocorrect: '1',
        format: 'json',
      },
      userAgent: METADATA_USER_AGENT,
    });
  });

  it.each([
    [['small', 'medium', 'large'] as const, 'large'],
    [['small', 'extralarge'] as const, 'extralarge'],
    [['', 'small'] as const, 'small'],
    [[''] as const, 'original'],
  ])('picks the largest non-empty image of %j', async (sizes, expected) => {
    fake.setScenario(kindOfBlue, { lastfmImageSizes: [...sizes] });
    const found = await lastfm().lookupAlbum(kindOfBlue);
    expect(found.coverart).toBe(
      `${fake.url}/images/lastfm/${expected}/${fakeAlbum(kindOfBlue.artist, kindOfBlue.title).mbid}.svg`,
    );
  });

  it('gives no cover but keeps the tags when every image is empty', async () => {
    fake.setScenario(kindOfBlue, { lastfmImageSizes: [], tags: ['jazz', 'modal'] });
    expect(await lastfm().lookupAlbum(kindOfBlue)).toMatchObject({ coverart: null, tags: ['jazz', 'modal'] });
  });

  it.each([
    ['an array', 'array' as const, ['jazz', 'modal'], ['jazz', 'modal']],
    ['a single object', 'object' as const, ['jazz'], ['jazz']],
    ['an empty string', 'emptyString' as const, [], []],
    ['missing', 'missing' as const, ['jazz'], []],
  ])('reads tags given as %s', async (_name, shape, tags, expected) => {
    fake.setScenario(kindOfBlue, { lastfmTagShape: shape, tags });
    const found = await lastfm().lookupAlbum(kindOfBlue);
    expect(found.tags).toEqual(expected);
    expect(found.coverart).not.toBeNull();
  });

  it.each([
    ['not found (HTTP 400, error 6)', { mode: 'notFound' as const }],
    ['an error with HTTP 200', { mode: 'errorAs200' as const }],
    ['"not found" with HTTP 200', { mode: 'errorAs200' as const, lastfmErrorCode: 6 }],
    ['malformed JSON', { mode: 'malformed' as const }],
    ['HTTP 503 with an HTML page', { mode: 'unavailable' as const }],
  ])('finds nothing for %s', async (_name, scenario) => {
    fake.setScenario(kindOfBlue, scenario);
    expect(await lastfm().lookupAlbum(kindOfBlue)).toEqual(NOTHING);
  });

  it('finds nothing when Last.fm answers after the time budget', async () => {
    fake.setScenario({ delayMs: 5000 });
    expect(await lastfm({ METADATA_TIMEOUT_MS: 200 }).lookupAlbum(kindOfBlue)).toEqual(NOTHING);
  });

  it('does not ask MusicBrainz or the archive', async () => {
    await lastfm().lookupAlbum(kindOfBlue);
    expect(fake.requests.map((r) => r.service)).toEqual(['lastfm']);
  });
});

describe('rejectOnFailure (the import queue tries failed look-ups again)', () => {
  const strict = { rejectOnFailure: true };

  it.each([
    [
      'MusicBrainz answers 503',
      musicbrainz,
      { mode: 'unavailable' as const, services: ['musicbrainz' as const] },
    ],
    ['MusicBrainz answers malformed JSON', musicbrainz, { mode: 'malformed' as const }],
    [
      'the Cover Art Archive answers 503',
      musicbrainz,
      { mode: 'unavailable' as const, services: ['coverart' as const] },
    ],
    ['Last.fm answers an error with HTTP 200', lastfm, { mode: 'errorAs200' as const }],
    ['Last.fm answers 503', lastfm, { mode: 'unavailable' as const }],
  ])('rejects saying why when %s', async (_name, make, scenario) => {
    fake.setScenario(kindOfBlue, scenario);
    await expect(make().lookupAlbum(kindOfBlue, strict)).rejects.toThrow(/look-up failed/);
  });

  it('rejects when the time budget runs out', async () => {
    fake.setScenario({ delayMs: 5000 });
    await expect(musicbrainz({ METADATA_TIMEOUT_MS: 200 }).lookupAlbum(kindOfBlue, strict)).rejects.toThrow(
      /within 200 ms/,
    );
  });

  it('rejects when the service cannot be reached', async () => {
    const service = lastfm({ LASTFM_API_URL: 'http://127.0.0.1:9/2.0/' });
    await expect(service.lookupAlbum(kindOfBlue, strict)).rejects.toThrow(/look-up failed/);
  });

  it('still resolves for a miss, a cover the archive does not have, and a found album', async () => {
    fake.setScenario(kindOfBlue, { mode: 'notFound' });
    expect(await musicbrainz().lookupAlbum(kindOfBlue, strict)).toEqual(NOTHING);
    expect(await lastfm().lookupAlbum(kindOfBlue, strict)).toEqual(NOTHING);
    const noCover = { artist: 'No', title: 'Cover' };
    fake.setScenario(noCover, { cover: false, tags: ['jazz'] });
    expect(await musicbrainz().lookupAlbum(noCover, strict)).toMatchObject({
      coverart: null,
      tags: ['jazz'],
    });
    const found = { artist: 'Found', title: 'Album' };
    fake.setScenario(found, { artist: 'Found', title: 'Album' });
    expect((await musicbrainz().lookupAlbum(found, strict)).coverart).not.toBeNull();
  });

  it('resolves with nothing when the caller cancels', async () => {
    fake.setScenario({ delayMs: 5000 });
    const controller = new AbortController();
    const pending = musicbrainz().lookupAlbum(kindOfBlue, { ...strict, signal: controller.signal });
    controller.abort();
    expect(await pending).toEqual(NOTHING);
  });
});

describe('pickLargestImage', () => {
  it("skips Last.fm's grey star placeholder and anything that is not an http(s) URL", () => {
    expect(
      pickLargestImage([
        { size: 'small', '#text': 'https://img.example/34s/abc.png' },
        { size: 'large', '#text': 'javascript:alert(1)' },
        { size: 'mega', '#text': 'https://img.example/300x300/2a96cbd8b46e442fc41c2b86b821562f.png' },
      ]),
    ).toBe('https://img.example/34s/abc.png');
    expect(pickLargestImage('')).toBeNull();
    expect(pickLargestImage(undefined)).toBeNull();
  });
});

describe('the fake driven over HTTP (as the browser tests do)', () => {
  it('sets scenarios, lists requests and resets through /__fake', async () => {
    const post = (path: string, body?: unknown) =>
      fetch(`${fake.url}/__fake/${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    expect((await post('scenario', { album: kindOfBlue, scenario: { mode: 'notFound' } })).status).toBe(204);
    expect(await musicbrainz().lookupAlbum(kindOfBlue)).toEqual(NOTHING);
    const listed = (await (await fetch(`${fake.url}/__fake/requests`)).json()) as Array<{ service: string }>;
    expect(listed.map((r) => r.service)).toEqual(['musicbrainz']);
    expect((await post('reset')).status).toBe(204);
    expect(fake.requests).toEqual([]);
    expect((await musicbrainz().lookupAlbum(kindOfBlue)).coverart).not.toBeNull();
  });
});
