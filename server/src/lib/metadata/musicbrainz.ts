/**
 * MusicBrainz release-group search plus the Cover Art Archive (API.md "Cover art and
 * tags"), used when no Last.fm key is configured.
 * - Search: `GET {MUSICBRAINZ_API_URL}/release-group?query=…&fmt=json&limit=…` answers
 *   `{"release-groups": [{id, score, title, "first-release-date", "artist-credit": [{name, joinphrase}], tags: [{count, name}]}]}`
 *   (`first-release-date` is `YYYY`, `YYYY-MM`, `YYYY-MM-DD` or `""`).
 * - Cover: `GET {COVERART_API_URL}/release-group/{mbid}/front-500` answers 307 with the
 *   image's URL in `Location`, or 404 when the release group has no front cover.
 */
import type { AlbumMetadata } from './types.js';
import {
  asObject,
  cleanTags,
  cleanText,
  getJson,
  getRedirect,
  imageUrl,
  MetadataLookupError,
  readReleaseYear,
} from './http.js';

/** Smallest search score (0–100) taken as the album asked for. */
export const MIN_CONFIDENT_SCORE = 90;
/** Release groups asked for per search. */
const SEARCH_LIMIT = 5;
/** Longest title or artist taken from the service (the records table's limit). */
const MAX_NAME_LENGTH = 200;

export interface MusicbrainzOptions {
  /** e.g. `https://musicbrainz.org/ws/2` */
  apiUrl: string;
  /** e.g. `https://coverartarchive.org` */
  coverartUrl: string;
}

/** A confident release group of a search answer. */
interface ReleaseGroupMatch {
  mbid: string;
  title?: string;
  artist?: string;
  /** The top tags by vote count. */
  tags: string[];
  /** The year of `first-release-date`, when it has one. */
  year?: number;
}

const LUCENE_SPECIAL = /[+\-!(){}[\]^"~*?:\\/&|]/g;

/** Text as a Lucene phrase: special characters escaped, wrapped in quotes. */
function lucenePhrase(text: string): string {
  return `"${text.replace(LUCENE_SPECIAL, (c) => `\\${c}`)}"`;
}

/** The search query of an album: its title and its artist, each as a phrase. */
function releaseGroupQuery(query: { artist: string; title: string }): string {
  return `releasegroup:${lucenePhrase(query.title)} AND artist:${lucenePhrase(query.artist)}`;
}

/** The credited artist of a release group: each name followed by its join phrase. */
export function readArtistCredit(credit: unknown): string | undefined {
  if (!Array.isArray(credit)) return undefined;
  const text = credit
    .map((c) => {
      const entry = asObject(c);
      const name = entry?.name ?? asObject(entry?.artist)?.name;
      return `${typeof name === 'string' ? name : ''}${typeof entry?.joinphrase === 'string' ? entry.joinphrase : ''}`;
    })
    .join('');
  return cleanText(text, MAX_NAME_LENGTH);
}

/** The names of the most-voted tags of a release group, highest count first. */
export function readMusicbrainzTags(tags: unknown): string[] {
  if (!Array.isArray(tags)) return [];
  const counted = tags
    .map((t) => asObject(t))
    .filter((t): t is Record<string, unknown> => t !== undefined)
    .map((t) => ({ name: t.name, count: Number(t.count) || 0 }));
  counted.sort((a, b) => b.count - a.count);
  return cleanTags(counted.map((t) => t.name));
}

const MBID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Reads a release-group search answer.
 * @returns the best release group scoring at least MIN_CONFIDENT_SCORE, or null when none does
 * @throws MetadataLookupError for an HTTP error or an unexpected shape
 */
function parseReleaseGroupSearch(status: number, body: unknown): ReleaseGroupMatch | null {
  if (status < 200 || status > 299) throw new MetadataLookupError(`MusicBrainz answered HTTP ${status}`);
  const root = asObject(body);
  if (root?.error !== undefined) throw new MetadataLookupError('MusicBrainz answered an error');
  const groups = root?.['release-groups'];
  if (!Array.isArray(groups)) throw new MetadataLookupError('MusicBrainz answer has no release-groups');
  let best: { group: Record<string, unknown>; score: number } | undefined;
  for (const entry of groups) {
    const group = asObject(entry);
    const score = Number(group?.score);
    if (!group || !(score >= MIN_CONFIDENT_SCORE) || typeof group.id !== 'string' || !MBID.test(group.id))
      continue;
    if (!best || score > best.score) best = { group, score };
  }
  if (!best) return null;
  const match: ReleaseGroupMatch = {
    mbid: best.group.id as string,
    tags: readMusicbrainzTags(best.group.tags),
  };
  const title = cleanText(best.group.title, MAX_NAME_LENGTH);
  const artist = readArtistCredit(best.group['artist-credit']);
  const year = readReleaseYear(best.group['first-release-date']);
  if (title) match.title = title;
  if (artist) match.artist = artist;
  if (year !== undefined) match.year = year;
  return match;
}

function joinPath(base: string, path: string): URL {
  return new URL(`${base.replace(/\/+$/, '')}${path}`);
}

/**
 * Asks the Cover Art Archive for a release group's front cover (500 px).
 * @param strict - when true, an archive failure throws instead of giving null
 * @returns the image URL (the 307's `Location`), or null when there is none (404), or
 *   when the archive fails and `strict` is false
 * @throws MetadataLookupError when the archive fails and `strict` is true; the signal's
 *   reason when aborted
 */
async function lookupFrontCover(
  coverartUrl: string,
  mbid: string,
  signal: AbortSignal,
  strict = false,
): Promise<string | null> {
  const url = joinPath(coverartUrl, `/release-group/${encodeURIComponent(mbid)}/front-500`);
  let answer: { status: number; location?: string };
  try {
    answer = await getRedirect(url, signal);
  } catch (err) {
    if (signal.aborted || strict) throw err;
    return null;
  }
  if (answer.status >= 300 && answer.status <= 399) return imageUrl(answer.location);
  if (answer.status === 200) return url.href;
  if (answer.status === 404 || !strict) return null;
  throw new MetadataLookupError(`Cover Art Archive answered HTTP ${answer.status}`);
}

/**
 * Looks an album up on MusicBrainz, then its cover on the Cover Art Archive.
 * @param signal - aborts both requests (the caller's time budget)
 * @param strict - when true, a failing archive fails the look-up; otherwise the album
 *   keeps its tags and gets no cover
 * @returns the metadata (title and artist as MusicBrainz spells them), or null when no
 *   release group matches confidently; `coverart` is null when the archive has no cover
 * @throws MetadataLookupError when the search fails or answers something unexpected
 */
export async function lookupMusicbrainz(
  options: MusicbrainzOptions,
  query: { artist: string; title: string },
  signal: AbortSignal,
  strict = false,
): Promise<AlbumMetadata | null> {
  const url = joinPath(options.apiUrl, '/release-group');
  url.searchParams.set('query', releaseGroupQuery(query));
  url.searchParams.set('fmt', 'json');
  url.searchParams.set('limit', String(SEARCH_LIMIT));
  const { status, body } = await getJson(url, signal);
  const match = parseReleaseGroupSearch(status, body);
  if (!match) return null;
  const result: AlbumMetadata = {
    coverart: await lookupFrontCover(options.coverartUrl, match.mbid, signal, strict),
    tags: match.tags,
  };
  if (match.title) result.title = match.title;
  if (match.artist) result.artist = match.artist;
  if (match.year !== undefined) result.year = match.year;
  return result;
}

/**
 * Asks MusicBrainz for a release group's tags (issue 26 item 4; a barcode search carries
 * none): `GET {apiUrl}/release-group/{mbid}?inc=tags&fmt=json` answers `{id, title, …,
 * tags: [{count, name}]}`. The caller paces it (one MusicBrainz request a second).
 * @param mbid - the release group's MBID
 * @param signal - the time budget
 * @returns the tag names, most votes first (at most 5); empty when the group has none or
 *   MusicBrainz does not know it (404)
 * @throws ServiceUnreachableError when MusicBrainz cannot be reached; MetadataLookupError
 *   for another HTTP error (503 included) or an unexpected shape; the signal's reason when aborted
 */
export async function lookupReleaseGroupTags(
  apiUrl: string,
  mbid: string,
  signal: AbortSignal,
): Promise<string[]> {
  const url = joinPath(apiUrl, `/release-group/${encodeURIComponent(mbid)}`);
  url.searchParams.set('inc', 'tags');
  url.searchParams.set('fmt', 'json');
  const { status, body } = await getJson(url, signal);
  if (status === 404) return [];
  if (status < 200 || status > 299) throw new MetadataLookupError(`MusicBrainz answered HTTP ${status}`);
  const root = asObject(body);
  if (!root || root.error !== undefined) throw new MetadataLookupError('MusicBrainz answered an error');
  return readMusicbrainzTags(root.tags);
}
