/**
 * A local fake of the album metadata services (API.md "Cover art and tags"), in their
 * documented formats, for the server tests and the browser test suite:
 *
 * - Last.fm `GET {url}/2.0/?method=album.getInfo&api_key=…&artist=…&album=…&format=json`
 *   → `{album: {name, artist, mbid, releasedate, image: [{"#text", size}], tags: {tag: […]}}}`;
 *   not found is HTTP 400 `{"error": 6, "message": "Album not found"}`.
 * - MusicBrainz `GET {url}/ws/2/release-group?query=releasegroup:"…" AND artist:"…"&fmt=json`
 *   → `{"release-groups": [{id, score, title, "first-release-date", "artist-credit", tags: [{count, name}]}]}`.
 * - MusicBrainz `GET {url}/ws/2/release?query=barcode:A OR barcode:B&fmt=json` (release
 *   search by barcode) → `{releases: [{id, score, title, date, country, barcode,
 *   "artist-credit", "release-group", "label-info", media}]}` from the fixed catalogue
 *   `FAKE_BARCODE_RELEASES` (an unknown barcode gives `releases: []`).
 * - MusicBrainz `GET {url}/ws/2/release-group/{mbid}?inc=tags&fmt=json` (look-up of one
 *   release group of that catalogue) → `{id, title, "first-release-date", "primary-type",
 *   tags: [{count, name}]}`; an unknown MBID is HTTP 404.
 * - MusicBrainz vinyl releases with tracklists (`FAKE_VINYL_RELEASES`): `GET /ws/2/release/{id}`,
 *   `GET /ws/2/url?resource=https://www.discogs.com/release/{id}&inc=release-rels`,
 *   `GET /ws/2/release?release-group={id}&inc=media`.
 * - Cover Art Archive `GET {url}/coverart/release-group/{mbid}/front-500` and
 *   `GET {url}/coverart/release/{mbid}/front-500` (also `-250`, `-1200`) → 307 with
 *   `Location` of an SVG cover this server serves itself, or 404.
 *
 * By default it knows every album: a deterministic MBID per artist and title (ignoring
 * case), a couple of tags and a cover. Tests switch scenarios globally or per album:
 * not found, error-as-200 (Last.fm), slow, malformed JSON, HTTP 503. Every request to
 * a service or an image is recorded (service, path, query, time, User-Agent).
 *
 * In-process: `const fake = await startFakeMetadataServer()`.
 * Standalone (browser tests): `npx tsx server/src/test/fakeMetadataServer.ts --port 4010`
 * prints the URLs to set as LASTFM_API_URL, MUSICBRAINZ_API_URL and COVERART_API_URL;
 * it is then driven over HTTP: `POST /__fake/scenario` with `{album?: {artist, title},
 * scenario}`, `POST /__fake/reset`, `GET /__fake/requests`.
 */
import http from 'node:http';
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';

/** The services the fake speaks. */
type FakeService = 'lastfm' | 'musicbrainz' | 'coverart';

/**
 * How a service answers:
 * - `found` (default): the album with its cover and tags;
 * - `notFound`: Last.fm HTTP 400 error 6, MusicBrainz no release groups, CAA 404;
 * - `errorAs200`: Last.fm HTTP 200 with an `error` key (code `lastfmErrorCode`, default 8);
 *   MusicBrainz HTTP 200 `{"error": …}`; CAA 503;
 * - `malformed`: HTTP 200 with a truncated JSON body (CAA: 307 without a Location);
 * - `unavailable`: HTTP 503.
 */
type FakeMode = 'found' | 'notFound' | 'errorAs200' | 'malformed' | 'unavailable';

/** How Last.fm encodes `album.tags`: `{tag: [...]}`, `{tag: {...}}`, `""`, or no key. */
type LastfmTagShape = 'array' | 'object' | 'emptyString' | 'missing';

/** Last.fm image sizes, smallest first; `''` is the unlabelled original. */
type LastfmImageSize = 'small' | 'medium' | 'large' | 'extralarge' | 'mega' | '';

/** A scenario; every field is optional and defaults to "the service knows the album". */
interface FakeScenario {
  mode?: FakeMode;
  /** Wait this long (ms) before answering. */
  delayMs?: number;
  /** The services `mode` and `delayMs` apply to (default: all three). */
  services?: FakeService[];
  /**
   * Answers of these services wait until their promise settles (after any `delayMs`): a
   * test lets each answer go when its own clock says so, never after a wall-clock wait.
   */
  holdUntil?: Partial<Record<FakeService, Promise<unknown>>>;
  /** The title the services answer with (default: the one asked for). */
  title?: string;
  /** The artist the services answer with (default: the one asked for). */
  artist?: string;
  /** The album's tags, most votes first (default: two tags chosen by the album). */
  tags?: string[];
  /** Last.fm's encoding of the tags (default: array for 2+, object for 1, "" for none). */
  lastfmTagShape?: LastfmTagShape;
  /** The Last.fm image sizes that carry a URL; the others have `"#text": ""` (default: all). */
  lastfmImageSizes?: LastfmImageSize[];
  /** Last.fm error code for `errorAs200` (default 8, "Operation failed"). */
  lastfmErrorCode?: number;
  /** The MusicBrainz search score of the album (default 100). */
  score?: number;
  /** Whether the Cover Art Archive has a front cover (default true). */
  cover?: boolean;
  /**
   * Where the Cover Art Archive redirects for the album's front cover, any size (default:
   * an SVG this server serves itself), e.g. a PNG of the fake image host (fakeImageHost.ts).
   */
  coverUrl?: string;
  /**
   * The album's first release date as MusicBrainz writes `first-release-date`: `YYYY`,
   * `YYYY-MM` or `YYYY-MM-DD`, or `''` when unknown (default `'1969-08-15'`). Last.fm
   * answers it as `releasedate` (`"    15 Aug 1969, 00:00"`), and leaves the key out when
   * it is `''` or has no day.
   */
  releaseDate?: string;
  /**
   * The `date` of every pressing in a barcode search answer, as MusicBrainz writes a
   * release's date: `YYYY-MM-DD`, `YYYY-MM`, `YYYY` or `''`; `null` leaves the key out
   * (default: each pressing's own date).
   */
  pressingDate?: string | null;
}

/** One pressing of the fake's barcode catalogue, as MusicBrainz describes it. */
export interface FakeBarcodeRelease {
  id: string;
  groupId: string;
  title: string;
  artist: string;
  /** As MusicBrainz stores it (12 digits for a UPC-A, 13 for an EAN). */
  barcode: string;
  /** The pressing's release date (the search gives no release-group date). */
  date: string;
  label: string;
  catalogNumber: string;
  country: string;
  /** One entry per medium. */
  media: string[];
  /** Whether the Cover Art Archive has a front cover of the release. */
  cover: boolean;
}

const fakeId = (name: string) => uuidFrom(hashOf(`fake barcode catalogue\u0000${name}`));

/**
 * The barcodes the fake MusicBrainz knows (valid check digits, so that they can be drawn
 * as EAN-13 images):
 * - `dummyLp`: stored as the 12-digit UPC-A `042282855312`, scanned as the EAN-13
 *   `0042282855312`;
 * - `dummyCd`: another release of the same release group, EAN `0042282852229`;
 * - `kindOfBlueUs` and `kindOfBlueEu`: two pressings sharing the EAN `5042980110039`.
 * Any other barcode (e.g. `FAKE_UNKNOWN_BARCODE`) is unknown.
 */
export const FAKE_BARCODE_RELEASES = {
  dummyLp: {
    id: fakeId('dummy lp'),
    groupId: fakeId('dummy group'),
    title: 'Dummy',
    artist: 'Portishead',
    barcode: '042282855312',
    date: '1994-08-22',
    label: 'Go! Beat',
    catalogNumber: '828 553-1',
    country: 'GB',
    media: ['12" Vinyl'],
    cover: true,
  },
  dummyCd: {
    id: fakeId('dummy cd'),
    groupId: fakeId('dummy group'),
    title: 'Dummy',
    artist: 'Portishead',
    barcode: '0042282852229',
    date: '1994-08-29',
    label: 'Go! Discs',
    catalogNumber: '828 522-2',
    country: 'GB',
    media: ['CD'],
    cover: true,
  },
  kindOfBlueUs: {
    id: fakeId('kind of blue us'),
    groupId: fakeId('kind of blue group'),
    title: 'Kind of Blue',
    artist: 'Miles Davis',
    barcode: '5042980110039',
    date: '2015-03-10',
    label: 'Columbia',
    catalogNumber: 'CS 8163',
    country: 'US',
    media: ['12" Vinyl'],
    cover: true,
  },
  kindOfBlueEu: {
    id: fakeId('kind of blue eu'),
    groupId: fakeId('kind of blue group'),
    title: 'Kind of Blue',
    artist: 'Miles Davis',
    barcode: '5042980110039',
    date: '2015-06-01',
    label: 'Sony Music',
    catalogNumber: '88875061101',
    country: 'XE',
    media: ['12" Vinyl', '12" Vinyl'],
    cover: false,
  },
} satisfies Record<string, FakeBarcodeRelease>;

/** One track of a fake vinyl release: its number on the medium (`A1`), title and length (ms, or null). */
export interface FakeTrack {
  number: string;
  title: string;
  length: number | null;
}

/** A vinyl release with a tracklist (issue 23: tracklists for ListenBrainz). */
export interface FakeVinylRelease {
  id: string;
  groupId: string;
  /** The Discogs release the MusicBrainz URL relation points from. */
  discogsId: number;
  title: string;
  artist: string;
  /** One entry per medium: its format and its tracks. */
  media: Array<{ format: string; tracks: FakeTrack[] }>;
  /** Another release of the same group that is not vinyl (a CD), or null. */
  cdId: string | null;
}

const track = (number: string, title: string, seconds: number | null): FakeTrack => ({
  number,
  title,
  length: seconds === null ? null : seconds * 1000 + 250,
});

/**
 * The vinyl releases the fake MusicBrainz knows with their tracklists
 * (`GET /ws/2/release/{id}?inc=recordings+artist-credits+release-groups`), their Discogs
 * links (`GET /ws/2/url?resource=https://www.discogs.com/release/{discogsId}&inc=release-rels`)
 * and their release groups' releases (`GET /ws/2/release?release-group={groupId}&inc=media`):
 * - `twoSides`: 9 tracks on sides A (5) and B (4); its group also has a CD;
 * - `fourSides`: 12 tracks on sides A–D (3 each), `C2` of unknown length; the only release of its group.
 */
export const FAKE_VINYL_RELEASES = {
  twoSides: {
    id: fakeId('two sides lp'),
    groupId: fakeId('two sides group'),
    discogsId: 7_000_001,
    title: 'Harbour Lights',
    artist: 'The Lanterns',
    cdId: fakeId('two sides cd'),
    media: [
      {
        format: '12" Vinyl',
        tracks: [
          track('A1', 'Low Tide', 201),
          track('A2', 'Rope and Anchor', 185),
          track('A3', 'Gulls', 240),
          track('A4', 'Salt Air', 199),
          track('A5', 'Foghorn', 222),
          track('B1', 'Night Ferry', 305),
          track('B2', 'Lighthouse Keeper', 178),
          track('B3', 'Undertow', 263),
          track('B4', 'Harbour Lights', 290),
        ],
      },
    ],
  },
  fourSides: {
    id: fakeId('four sides lp'),
    groupId: fakeId('four sides group'),
    discogsId: 7_000_002,
    title: 'Long Player',
    artist: 'Orbit Sessions',
    cdId: null,
    media: [
      {
        format: '12" Vinyl',
        tracks: [
          track('A1', 'Ignition', 312),
          track('A2', 'Ascent', 287),
          track('A3', 'Stage Two', 405),
          track('B1', 'Orbit', 366),
          track('B2', 'Weightless', 298),
          track('B3', 'Dark Side', 421),
        ],
      },
      {
        format: '12" Vinyl',
        tracks: [
          track('C1', 'Signal', 254),
          track('C2', 'Interlude (untimed)', null),
          track('C3', 'Re-entry', 333),
          track('D1', 'Splashdown', 276),
          track('D2', 'Debrief', 189),
          track('D3', 'Home', 402),
        ],
      },
    ],
  },
} satisfies Record<string, FakeVinylRelease>;

/** The recording MBID the fake gives a track of a vinyl release. */
function fakeRecordingId(releaseId: string, number: string): string {
  return fakeId(`recording ${releaseId} ${number}`);
}

/** A barcode (valid EAN-13) the fake MusicBrainz knows nothing of. */
export const FAKE_UNKNOWN_BARCODE = '4006381333931';

/** The default `releaseDate` of every album. */
const FAKE_RELEASE_DATE = '1969-08-15';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A `YYYY-MM-DD` date as Last.fm's `releasedate` writes it; undefined for anything shorter. */
function lastfmReleaseDate(date: string): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return undefined;
  return `    ${Number(m[3])} ${MONTHS[Number(m[2]) - 1]} ${m[1]}, 00:00`;
}

/** One request the fake received. */
interface FakeRequest {
  service: FakeService | 'image' | 'unknown';
  method: string;
  path: string;
  query: Record<string, string>;
  /** When it arrived, ms since the epoch. */
  time: number;
  userAgent: string | undefined;
}

/** An album the scenarios are keyed by (compared ignoring case and surrounding spaces). */
interface FakeAlbumKey {
  artist: string;
  title: string;
}

export interface FakeMetadataServer {
  /** e.g. `http://127.0.0.1:40123` */
  url: string;
  /** Value for LASTFM_API_URL: `{url}/2.0/` */
  lastfmApiUrl: string;
  /** Value for MUSICBRAINZ_API_URL: `{url}/ws/2` */
  musicbrainzApiUrl: string;
  /** Value for COVERART_API_URL: `{url}/coverart` */
  coverartApiUrl: string;
  /** Every request received since the start or the last reset(), oldest first (live array). */
  requests: FakeRequest[];
  /** Sets the scenario of every album (merged under per-album scenarios). */
  setScenario(scenario: FakeScenario): void;
  /** Sets the scenario of one album. */
  setScenario(album: FakeAlbumKey, scenario: FakeScenario): void;
  /** Forgets every scenario and recorded request. */
  reset(): void;
  /** Stops the server, cutting delayed answers short. */
  close(): Promise<void>;
}

export interface FakeMetadataServerOptions {
  /** Default 0: any free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** The global scenario to start with. */
  scenario?: FakeScenario;
}

const LASTFM_PATH = '/2.0/';
const MUSICBRAINZ_PATH = '/ws/2';
const COVERART_PATH = '/coverart';
const IMAGES_PATH = '/images';
const CONTROL_PATH = '/__fake';

const TAG_POOL = [
  'jazz',
  'rock',
  'soul',
  'funk',
  'ambient',
  'electronic',
  'folk',
  'hip-hop',
  'classical',
  'indie',
];
const LASTFM_SIZES: LastfmImageSize[] = ['small', 'medium', 'large', 'extralarge', 'mega', ''];
const LASTFM_PIXELS: Record<string, number> = {
  small: 34,
  medium: 64,
  large: 174,
  extralarge: 300,
  mega: 600,
  '': 300,
};

function albumKey(album: FakeAlbumKey): string {
  return `${album.artist.trim().toLowerCase()}\u0000${album.title.trim().toLowerCase()}`;
}

function hashOf(text: string): Buffer {
  return createHash('sha1').update(text).digest();
}

function uuidFrom(bytes: Buffer): string {
  const hex = Buffer.from(bytes.subarray(0, 16));
  hex[6] = (hex[6]! & 0x0f) | 0x50; // version 5
  hex[8] = (hex[8]! & 0x3f) | 0x80; // RFC 4122 variant
  const h = hex.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

/**
 * What the fake knows of an album by default: its MBID (deterministic per artist and
 * title, ignoring case) and its two default tags, most votes first.
 */
export function fakeAlbum(artist: string, title: string): { mbid: string; tags: string[] } {
  const digest = hashOf(albumKey({ artist, title }));
  const first = digest[0]! % TAG_POOL.length;
  const second = (first + 1 + (digest[1]! % (TAG_POOL.length - 1))) % TAG_POOL.length;
  return { mbid: uuidFrom(digest), tags: [TAG_POOL[first]!, TAG_POOL[second]!] };
}

function decoyMbid(artist: string, title: string): string {
  return uuidFrom(hashOf(`decoy\u0000${albumKey({ artist, title })}`));
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** An SVG "cover": colours from the MBID, the title and artist when known. */
function coverSvg(mbid: string, album: FakeAlbumKey | undefined, size: number): string {
  const digest = hashOf(mbid);
  const hue = Math.round((digest[0]! / 255) * 360);
  const label = album ? `${album.title} — ${album.artist}` : 'Fake cover';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 500 500" role="img" aria-label="${escapeXml(label)}">
  <rect width="500" height="500" fill="hsl(${hue},55%,45%)"/>
  <circle cx="250" cy="250" r="180" fill="hsl(${(hue + 180) % 360},40%,20%)"/>
  <circle cx="250" cy="250" r="40" fill="hsl(${hue},55%,85%)"/>
  <text x="250" y="470" font-family="sans-serif" font-size="26" fill="#fff" text-anchor="middle">${escapeXml(label.slice(0, 40))}</text>
</svg>
`;
}

/** Reads the phrases of a Lucene query such as `releasegroup:"A" AND artist:"B"`. */
function parseLuceneQuery(query: string): Partial<FakeAlbumKey> {
  const fields: Record<string, string> = {};
  for (const m of query.matchAll(/([a-zA-Z-]+):"((?:[^"\\]|\\.)*)"/g)) {
    fields[m[1]!.toLowerCase()] = m[2]!.replace(/\\(.)/g, '$1');
  }
  const title = fields.releasegroup ?? fields.release ?? fields.title;
  const artist = fields.artist ?? fields.artistname;
  return { title, artist };
}

interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

function json(status: number, value: unknown): Answer {
  return {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
    body: JSON.stringify(value),
  };
}

const MALFORMED: Answer = {
  status: 200,
  headers: { 'Content-Type': 'application/json; charset=utf-8' },
  body: '{"album": {"name": "Trunc',
};

/**
 * Starts the fake on 127.0.0.1 (any free port by default).
 * @returns its URLs, the recorded requests and the scenario controls
 */
export async function startFakeMetadataServer(
  options: FakeMetadataServerOptions = {},
): Promise<FakeMetadataServer> {
  let globalScenario: FakeScenario = { ...options.scenario };
  const albumScenarios = new Map<string, FakeScenario>();
  const knownMbids = new Map<string, FakeAlbumKey>();
  const requests: FakeRequest[] = [];
  const closing = new AbortController();
  let baseUrl = '';

  const scenarioFor = (album: FakeAlbumKey | undefined, service: FakeService) => {
    const merged: FakeScenario = {
      ...globalScenario,
      ...(album ? albumScenarios.get(albumKey(album)) : undefined),
    };
    const applies = !merged.services || merged.services.includes(service);
    return {
      ...merged,
      mode: applies ? (merged.mode ?? 'found') : 'found',
      delayMs: applies ? merged.delayMs : 0,
    };
  };

  const remember = (album: FakeAlbumKey): string => {
    const { mbid } = fakeAlbum(album.artist, album.title);
    knownMbids.set(mbid, { artist: album.artist.trim(), title: album.title.trim() });
    return mbid;
  };

  const lastfm = (query: URLSearchParams): { album?: FakeAlbumKey; answer: (s: FakeScenario) => Answer } => {
    if ((query.get('method') ?? '').toLowerCase() !== 'album.getinfo') {
      return {
        answer: () =>
          json(400, { error: 3, message: 'Invalid Method - No method with that name in this package' }),
      };
    }
    if (!query.get('api_key')) {
      return {
        answer: () =>
          json(403, { error: 10, message: 'Invalid API key - You must be granted a valid key by last.fm' }),
      };
    }
    const artist = query.get('artist')?.trim() ?? '';
    const title = query.get('album')?.trim() ?? '';
    if (!artist || !title) return { answer: () => json(400, { error: 6, message: 'Album not found' }) };
    const album = { artist, title };
    return {
      album,
      answer: (s) => {
        switch (s.mode) {
          case 'notFound':
            return json(400, { error: 6, message: 'Album not found', links: [] });
          case 'errorAs200':
            return json(200, {
              error: s.lastfmErrorCode ?? 8,
              message: 'Operation failed - Most likely the backend service failed. Please try again.',
              links: [],
            });
          case 'malformed':
            return MALFORMED;
          case 'unavailable':
            return {
              status: 503,
              headers: { 'Content-Type': 'text/html' },
              body: '<html><body>503 Service Unavailable</body></html>',
            };
          default:
            break;
        }
        const mbid = remember(album);
        const tags = s.tags ?? fakeAlbum(artist, title).tags;
        const name = s.title ?? title;
        const artistName = s.artist ?? artist;
        const sizes = s.lastfmImageSizes ?? LASTFM_SIZES;
        const tagEntries = tags.map((t) => ({
          name: t,
          url: `https://www.last.fm/tag/${encodeURIComponent(t)}`,
        }));
        const shape =
          s.lastfmTagShape ?? (tags.length >= 2 ? 'array' : tags.length === 1 ? 'object' : 'emptyString');
        const albumJson: Record<string, unknown> = {
          name,
          artist: artistName,
          mbid,
          url: `https://www.last.fm/music/${encodeURIComponent(artistName)}/${encodeURIComponent(name)}`,
          image: LASTFM_SIZES.map((size) => ({
            size,
            '#text': sizes.includes(size)
              ? `${baseUrl}${IMAGES_PATH}/lastfm/${size || 'original'}/${mbid}.svg`
              : '',
          })),
          releasedate: lastfmReleaseDate(s.releaseDate ?? FAKE_RELEASE_DATE),
          listeners: '123456',
          playcount: '7890123',
          tracks: {
            track: [{ name: 'Track One', duration: 300, '@attr': { rank: 1 }, artist: { name: artistName } }],
          },
          wiki: {
            published: '01 Jan 2020, 00:00',
            summary: `${name} is an album by ${artistName}.`,
            content: '',
          },
        };
        if (shape === 'array') albumJson.tags = { tag: tagEntries };
        else if (shape === 'object') albumJson.tags = tagEntries.length > 0 ? { tag: tagEntries[0] } : '';
        else if (shape === 'emptyString') albumJson.tags = '';
        return json(200, { album: albumJson });
      },
    };
  };

  /** The routes of FAKE_VINYL_RELEASES (503 under the `unavailable` scenario). */
  const vinylRoutes = (
    subpath: string,
    query: URLSearchParams,
  ): { answer: (s: FakeScenario) => Answer } | undefined => {
    const releases: FakeVinylRelease[] = Object.values(FAKE_VINYL_RELEASES);
    const guard = (answer: () => Answer) => (s: FakeScenario) =>
      s.mode === 'unavailable' ? json(503, { error: 'Service unavailable' }) : answer();
    const notFound = () => json(404, { error: 'Not Found' });
    const one = /^\/release\/([0-9a-f-]{36})\/?$/i.exec(subpath);
    if (one) {
      const release = releases.find((r) => r.id === one[1]!.toLowerCase());
      if (!release) return { answer: guard(notFound) };
      return {
        answer: guard(() =>
          json(200, {
            id: release.id,
            title: release.title,
            'artist-credit': [{ name: release.artist, joinphrase: '', artist: { name: release.artist } }],
            'release-group': { id: release.groupId, title: release.title, 'primary-type': 'Album' },
            media: release.media.map((medium, i) => ({
              position: i + 1,
              format: medium.format,
              'track-count': medium.tracks.length,
              tracks: medium.tracks.map((t, j) => ({
                id: fakeId(`track ${release.id} ${t.number}`),
                number: t.number,
                position: j + 1,
                title: t.title,
                length: t.length,
                recording: { id: fakeRecordingId(release.id, t.number), title: t.title, length: t.length },
              })),
            })),
          }),
        ),
      };
    }
    if (subpath === '/url' || subpath === '/url/') {
      const resource = query.get('resource') ?? '';
      const release = releases.find((r) => resource === `https://www.discogs.com/release/${r.discogsId}`);
      if (!release) return { answer: guard(notFound) };
      return {
        answer: guard(() =>
          json(200, {
            id: fakeId(`url ${release.discogsId}`),
            resource,
            relations: [
              {
                type: 'discogs',
                'target-type': 'release',
                release: { id: release.id, title: release.title },
              },
            ],
          }),
        ),
      };
    }
    if ((subpath === '/release' || subpath === '/release/') && query.has('release-group')) {
      const groupId = (query.get('release-group') ?? '').toLowerCase();
      const inGroup = releases.filter((r) => r.groupId === groupId);
      const list = inGroup.flatMap((r) => [
        { id: r.id, title: r.title, media: r.media.map((m) => ({ format: m.format })) },
        ...(r.cdId ? [{ id: r.cdId, title: r.title, media: [{ format: 'CD' }] }] : []),
      ]);
      return {
        answer: guard(() => json(200, { 'release-count': list.length, 'release-offset': 0, releases: list })),
      };
    }
    return undefined;
  };

  const musicbrainz = (
    subpath: string,
    query: URLSearchParams,
  ): { album?: FakeAlbumKey; answer: (s: FakeScenario) => Answer } => {
    const vinyl = vinylRoutes(subpath, query);
    if (vinyl) return vinyl;
    if (subpath === '/release' || subpath === '/release/') return releaseSearch(query);
    const lookup = /^\/release-group\/([0-9a-f-]{36})\/?$/i.exec(subpath);
    if (lookup) return releaseGroupLookup(lookup[1]!.toLowerCase(), query);
    if (subpath !== '/release-group' && subpath !== '/release-group/') {
      return {
        answer: () =>
          json(404, {
            error: 'Not Found',
            help: 'For usage, please see: https://musicbrainz.org/development/mmd',
          }),
      };
    }
    const lucene = query.get('query') ?? '';
    if (!lucene.trim()) return { answer: () => json(400, { error: 'Invalid query: the query is empty' }) };
    const parsed = parseLuceneQuery(lucene);
    const album = parsed.artist && parsed.title ? { artist: parsed.artist, title: parsed.title } : undefined;
    const empty = { created: new Date().toISOString(), count: 0, offset: 0, 'release-groups': [] };
    return {
      album,
      answer: (s) => {
        switch (s.mode) {
          case 'errorAs200':
            return json(200, { error: 'Internal server error', help: 'Please try again later' });
          case 'malformed':
            return {
              ...MALFORMED,
              body: '{"created":"2026-01-01T00:00:00.000Z","count":1,"release-groups":[{"id":',
            };
          case 'unavailable':
            return json(503, {
              error:
                'Your requests are exceeding the allowable rate limit. Please see http://wiki.musicbrainz.org/XMLWebService for more information.',
            });
          default:
            break;
        }
        if (!album || s.mode === 'notFound') return json(200, empty);
        const mbid = remember(album);
        const title = s.title ?? album.title;
        const artist = s.artist ?? album.artist;
        const tags = s.tags ?? fakeAlbum(album.artist, album.title).tags;
        // Least-voted first, so that clients have to sort by count.
        const tagJson = tags.map((name, i) => ({ count: (tags.length - i) * 3, name })).reverse();
        const credit = [
          {
            name: artist,
            artist: { id: uuidFrom(hashOf(`artist\u0000${artist}`)), name: artist, 'sort-name': artist },
          },
        ];
        const groups = [
          {
            id: decoyMbid(album.artist, album.title),
            'type-id': 'f529b476-6e62-324f-b0aa-1f3e33d313fc',
            score: 42,
            count: 1,
            title: `${title} (Live)`,
            'first-release-date': '1971',
            'primary-type': 'Album',
            'artist-credit': credit,
            tags: [{ count: 9, name: 'live' }],
          },
          {
            id: mbid,
            'type-id': 'f529b476-6e62-324f-b0aa-1f3e33d313fc',
            score: s.score ?? 100,
            count: 3,
            title,
            'first-release-date': s.releaseDate ?? FAKE_RELEASE_DATE,
            'primary-type': 'Album',
            'artist-credit': credit,
            releases: [{ id: uuidFrom(hashOf(`release\u0000${mbid}`)), title, status: 'Official' }],
            tags: tagJson,
          },
        ];
        return json(200, {
          created: new Date().toISOString(),
          count: groups.length,
          offset: 0,
          'release-groups': groups,
        });
      },
    };
  };

  /**
   * MusicBrainz release-group look-up by MBID: `GET /release-group/{mbid}?inc=tags&fmt=json`
   * → `{id, title, "first-release-date", "primary-type", "secondary-types", disambiguation,
   * tags: [{count, name}]}` (`tags` only with `inc=tags`); an unknown MBID is HTTP 404
   * `{"error": "Not Found", help}`. It knows the release groups of `FAKE_BARCODE_RELEASES`,
   * with the tags of their album (scenario `tags`, or the fake's two by artist and title).
   */
  const releaseGroupLookup = (
    mbid: string,
    query: URLSearchParams,
  ): { album?: FakeAlbumKey; answer: (s: FakeScenario) => Answer } => {
    const known = Object.values(FAKE_BARCODE_RELEASES).find((r) => r.groupId === mbid);
    const album = known ? { artist: known.artist, title: known.title } : undefined;
    const includes = (query.get('inc') ?? '').split(/[+ ]/);
    return {
      album,
      answer: (s) => {
        switch (s.mode) {
          case 'errorAs200':
            return json(200, { error: 'Internal server error', help: 'Please try again later' });
          case 'malformed':
            return { ...MALFORMED, body: '{"id":"' };
          case 'unavailable':
            return json(503, {
              error:
                'Your requests are exceeding the allowable rate limit. Please see http://wiki.musicbrainz.org/XMLWebService for more information.',
            });
          default:
            break;
        }
        if (!known || s.mode === 'notFound') {
          return json(404, {
            error: 'Not Found',
            help: 'For usage, please see: https://musicbrainz.org/development/mmd',
          });
        }
        const tags = s.tags ?? fakeAlbum(known.artist, known.title).tags;
        const body: Record<string, unknown> = {
          id: mbid,
          title: s.title ?? known.title,
          'first-release-date': s.releaseDate ?? FAKE_RELEASE_DATE,
          'primary-type': 'Album',
          'primary-type-id': 'f529b476-6e62-324f-b0aa-1f3e33d313fc',
          'secondary-types': [],
          'secondary-type-ids': [],
          disambiguation: '',
        };
        // Least-voted first, so that clients have to sort by count.
        if (includes.includes('tags')) {
          body.tags = tags.map((name, i) => ({ count: (tags.length - i) * 3, name })).reverse();
        }
        return json(200, body);
      },
    };
  };

  /** A release's `date` key, left out when there is none. */
  const dated = (date: string | null): { date?: string } => (date === null ? {} : { date });

  /** MusicBrainz release search by barcode: `query=barcode:A OR barcode:B`. */
  const releaseSearch = (
    query: URLSearchParams,
  ): { album?: FakeAlbumKey; answer: (s: FakeScenario) => Answer } => {
    const lucene = query.get('query') ?? '';
    if (!lucene.trim()) return { answer: () => json(400, { error: 'Invalid query: the query is empty' }) };
    const codes = new Set([...lucene.matchAll(/barcode:"?([0-9]+)"?/gi)].map((m) => m[1]!));
    const hits = Object.values(FAKE_BARCODE_RELEASES).filter((r) => codes.has(r.barcode));
    return {
      answer: (s) => {
        switch (s.mode) {
          case 'errorAs200':
            return json(200, { error: 'Internal server error', help: 'Please try again later' });
          case 'malformed':
            return {
              ...MALFORMED,
              body: '{"created":"2026-01-01T00:00:00.000Z","count":1,"releases":[{"id":',
            };
          case 'unavailable':
            return json(503, {
              error:
                'Your requests are exceeding the allowable rate limit. Please see http://wiki.musicbrainz.org/XMLWebService for more information.',
            });
          default:
            break;
        }
        const found = s.mode === 'notFound' ? [] : hits;
        const releases = found.map((r, i) => ({
          id: r.id,
          score: 100 - i,
          'status-id': '4e304316-386d-3409-af2e-78857eec5cfe',
          count: 1,
          title: r.title,
          status: 'Official',
          'text-representation': { language: 'eng', script: 'Latn' },
          'artist-credit': [
            {
              name: r.artist,
              artist: {
                id: uuidFrom(hashOf(`artist\u0000${r.artist}`)),
                name: r.artist,
                'sort-name': r.artist,
              },
            },
          ],
          'release-group': {
            id: r.groupId,
            'type-id': 'f529b476-6e62-324f-b0aa-1f3e33d313fc',
            'primary-type-id': 'f529b476-6e62-324f-b0aa-1f3e33d313fc',
            title: r.title,
            'primary-type': 'Album',
          },
          ...dated(s.pressingDate === undefined ? r.date : s.pressingDate),
          country: r.country,
          'release-events': [
            {
              ...dated(s.pressingDate === undefined ? r.date : s.pressingDate),
              area: { name: r.country, 'iso-3166-1-codes': [r.country] },
            },
          ],
          barcode: r.barcode,
          'label-info': [
            { 'catalog-number': r.catalogNumber, label: { id: fakeId(r.label), name: r.label } },
          ],
          'track-count': 10 * r.media.length,
          media: r.media.map((format) => ({ format, 'disc-count': 0, 'track-count': 10 })),
        }));
        // A near match with another barcode, as the real search's fuzzy results can give.
        if (found.length > 0) {
          releases.push({
            ...releases[0]!,
            id: fakeId(`near match ${found[0]!.barcode}`),
            score: 40,
            title: `${found[0]!.title} (Live)`,
            barcode: `${found[0]!.barcode.slice(0, -1)}${(Number(found[0]!.barcode.slice(-1)) + 1) % 10}`,
          });
        }
        return json(200, { created: new Date().toISOString(), count: releases.length, offset: 0, releases });
      },
    };
  };

  const coverart = (subpath: string): { album?: FakeAlbumKey; answer: (s: FakeScenario) => Answer } => {
    const release = /^\/release\/([0-9a-f-]{36})\/front(-250|-500|-1200)?\/?$/i.exec(subpath);
    if (release) {
      const mbid = release[1]!.toLowerCase();
      const known = Object.values(FAKE_BARCODE_RELEASES).find((r) => r.id === mbid);
      return {
        answer: (s): Answer => {
          if (!known || !known.cover || s.mode === 'notFound' || s.cover === false) {
            return {
              status: 404,
              headers: { 'Content-Type': 'text/plain' },
              body: 'No cover art found for release',
            };
          }
          if (s.mode === 'unavailable' || s.mode === 'errorAs200') {
            return { status: 503, headers: { 'Content-Type': 'text/plain' }, body: 'Service Unavailable' };
          }
          knownMbids.set(mbid, { artist: known.artist, title: known.title });
          const location = `${baseUrl}${IMAGES_PATH}/caa/${mbid}-${release[2] ? release[2].slice(1) : 'original'}.svg`;
          return {
            status: 307,
            headers: { Location: location, 'Content-Type': 'text/plain' },
            body: `See: ${location}\n`,
          };
        },
      };
    }
    const match = /^\/release-group\/([0-9a-f-]{36})\/front(-250|-500|-1200)?\/?$/i.exec(subpath);
    const notFound: Answer = {
      status: 404,
      headers: { 'Content-Type': 'text/plain' },
      body: 'No cover art found for release group',
    };
    if (!match) return { answer: () => notFound };
    const mbid = match[1]!.toLowerCase();
    const album = knownMbids.get(mbid);
    if (!album) return { answer: () => notFound };
    return {
      album,
      answer: (s) => {
        if (s.mode === 'notFound' || s.cover === false) return notFound;
        if (s.mode === 'unavailable' || s.mode === 'errorAs200') {
          return { status: 503, headers: { 'Content-Type': 'text/plain' }, body: 'Service Unavailable' };
        }
        if (s.mode === 'malformed') return { status: 307, body: '' };
        const size = match[2] ? match[2].slice(1) : 'original';
        const location = s.coverUrl ?? `${baseUrl}${IMAGES_PATH}/caa/${mbid}-${size}.svg`;
        return {
          status: 307,
          headers: { Location: location, 'Content-Type': 'text/plain' },
          body: `See: ${location}\n`,
        };
      },
    };
  };

  const image = (subpath: string): Answer => {
    const match = /^\/(?:lastfm\/([a-z]+)\/|caa\/)([0-9a-f-]{36})(?:-([0-9a-z]+))?\.svg$/i.exec(subpath);
    if (!match) return { status: 404, headers: { 'Content-Type': 'text/plain' }, body: 'Not Found' };
    const size = match[1] !== undefined ? (LASTFM_PIXELS[match[1]] ?? 300) : Number(match[3]) || 500;
    const mbid = match[2]!.toLowerCase();
    return {
      status: 200,
      headers: {
        'Content-Type': 'image/svg+xml',
        'Cache-Control': 'public, max-age=3600',
        'Access-Control-Allow-Origin': '*',
      },
      body: coverSvg(mbid, knownMbids.get(mbid), size),
    };
  };

  const control = async (req: http.IncomingMessage, pathname: string): Promise<Answer> => {
    if (req.method === 'GET' && pathname === `${CONTROL_PATH}/requests`) return json(200, requests);
    if (req.method === 'GET' && pathname === `${CONTROL_PATH}/health`)
      return json(200, { status: 'ok', ...urls() });
    if (req.method === 'POST' && pathname === `${CONTROL_PATH}/reset`) {
      api.reset();
      return { status: 204 };
    }
    if (req.method === 'POST' && pathname === `${CONTROL_PATH}/scenario`) {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      let body: { album?: FakeAlbumKey; scenario?: FakeScenario };
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as typeof body;
      } catch {
        return json(400, { error: 'body is not JSON' });
      }
      if (body.album) api.setScenario(body.album, body.scenario ?? {});
      else api.setScenario(body.scenario ?? {});
      return { status: 204 };
    }
    return json(404, { error: 'unknown control route' });
  };

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://fake.invalid');
    const pathname = url.pathname;
    let answer: Answer;
    if (pathname.startsWith(CONTROL_PATH)) {
      answer = await control(req, pathname);
    } else {
      let service: FakeRequest['service'] = 'unknown';
      let routed: { album?: FakeAlbumKey; answer: (s: FakeScenario) => Answer } | undefined;
      if (pathname === LASTFM_PATH || pathname === LASTFM_PATH.slice(0, -1)) {
        service = 'lastfm';
        routed = lastfm(url.searchParams);
      } else if (pathname.startsWith(`${MUSICBRAINZ_PATH}/`)) {
        service = 'musicbrainz';
        routed = musicbrainz(pathname.slice(MUSICBRAINZ_PATH.length), url.searchParams);
      } else if (pathname.startsWith(`${COVERART_PATH}/`)) {
        service = 'coverart';
        routed = coverart(pathname.slice(COVERART_PATH.length));
      } else if (pathname.startsWith(`${IMAGES_PATH}/`)) {
        service = 'image';
      }
      requests.push({
        service,
        method: req.method ?? 'GET',
        path: pathname,
        query: Object.fromEntries(url.searchParams),
        time: Date.now(),
        userAgent: req.headers['user-agent'],
      });
      if (routed && service !== 'image' && service !== 'unknown') {
        const scenario = scenarioFor(routed.album, service);
        if (scenario.delayMs && scenario.delayMs > 0) {
          try {
            await sleep(scenario.delayMs, undefined, { signal: closing.signal });
          } catch {
            res.destroy();
            return;
          }
        }
        const held = scenario.holdUntil?.[service];
        if (held) {
          const closed = new Promise<'closed'>((resolve) => {
            if (closing.signal.aborted) resolve('closed');
            else closing.signal.addEventListener('abort', () => resolve('closed'), { once: true });
          });
          if ((await Promise.race([held.then(() => 'released' as const), closed])) === 'closed') {
            res.destroy();
            return;
          }
        }
        answer = routed.answer(scenario);
      } else if (service === 'image') {
        answer = image(pathname.slice(IMAGES_PATH.length));
      } else {
        answer = json(404, { error: 'Not Found' });
      }
    }
    if (res.destroyed) return;
    res.writeHead(answer.status, answer.headers);
    res.end(req.method === 'HEAD' ? undefined : answer.body);
  };

  const server = http.createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' });
      res.end('fake metadata server error');
    });
  });
  server.keepAliveTimeout = 1000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  baseUrl = `http://${host}:${address.port}`;

  function urls() {
    return {
      url: baseUrl,
      lastfmApiUrl: `${baseUrl}${LASTFM_PATH}`,
      musicbrainzApiUrl: `${baseUrl}${MUSICBRAINZ_PATH}`,
      coverartApiUrl: `${baseUrl}${COVERART_PATH}`,
    };
  }

  const api: FakeMetadataServer = {
    ...urls(),
    requests,
    setScenario(albumOrScenario: FakeAlbumKey | FakeScenario, scenario?: FakeScenario) {
      if (scenario) albumScenarios.set(albumKey(albumOrScenario as FakeAlbumKey), { ...scenario });
      else globalScenario = { ...(albumOrScenario as FakeScenario) };
    },
    reset() {
      globalScenario = {};
      albumScenarios.clear();
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        closing.abort();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  return api;
}

/** `--name value` from the command line. */
function argument(argv: string[], name: string): string | undefined {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
}

async function main(argv: string[]): Promise<void> {
  const port = Number(argument(argv, 'port') ?? 4010);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error('--port must be 0..65535');
  const fake = await startFakeMetadataServer({ port, host: argument(argv, 'host') ?? '127.0.0.1' });
  process.stdout.write(
    [
      `Fake metadata server listening on ${fake.url}`,
      `LASTFM_API_URL=${fake.lastfmApiUrl}`,
      `MUSICBRAINZ_API_URL=${fake.musicbrainzApiUrl}`,
      `COVERART_API_URL=${fake.coverartApiUrl}`,
      '',
    ].join('\n'),
  );
  const stop = () => {
    fake.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

const invokedDirectly =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (invokedDirectly) {
  main(process.argv.slice(2)).catch((err: unknown) => {
    process.stderr.write(`fake metadata server: ${(err as Error).message}\n`);
    process.exit(1);
  });
}
