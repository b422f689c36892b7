/**
 * Last.fm `album.getInfo` (API.md "Cover art and tags"), used when `LASTFM_API_KEY`
 * is set. Documented formats handled here:
 * - "not found" is HTTP 400 `{"error": 6, "message": "Album not found"}`; other
 *   errors may come as HTTP 200 with an `error` key;
 * - `album.tags.tag` is an array, a single object, an empty string or missing;
 * - `album.image` is an array of `{"#text": url, "size": "small|medium|large|extralarge|mega|"}`;
 * - `album.releasedate`, when present, is text such as `"    6 Apr 1999, 00:00"`.
 */
import type { AlbumMetadata } from './types.js';
import {
  asObject,
  cleanTags,
  cleanText,
  getJson,
  imageUrl,
  MetadataLookupError,
  readReleaseYear,
} from './http.js';

/** Last.fm's error code for "Album not found" (and invalid parameters). */
const LASTFM_NOT_FOUND = 6;

/** Image sizes from smallest to largest; sizes not listed (including "") rank lowest. */
const IMAGE_SIZES = ['small', 'medium', 'large', 'extralarge', 'mega'];

/** File name Last.fm uses for its grey star placeholder, which is not a cover. */
const PLACEHOLDER_IMAGE = '2a96cbd8b46e442fc41c2b86b821562f';

/** Longest title or artist taken from the service (the records table's limit). */
const MAX_NAME_LENGTH = 200;

export interface LastfmOptions {
  /** Base URL, e.g. `https://ws.audioscrobbler.com/2.0/` */
  apiUrl: string;
  apiKey: string;
}

/**
 * The largest non-empty image of an `album.image` array.
 * @returns its URL, or null when there is none (or only Last.fm's placeholder)
 */
export function pickLargestImage(images: unknown): string | null {
  if (!Array.isArray(images)) return null;
  let best: { url: string; rank: number } | undefined;
  for (const entry of images) {
    const image = asObject(entry);
    const url = imageUrl(image?.['#text']);
    if (!image || !url || url.includes(PLACEHOLDER_IMAGE)) continue;
    const rank = IMAGE_SIZES.indexOf(typeof image.size === 'string' ? image.size : '');
    if (!best || rank > best.rank) best = { url, rank };
  }
  return best?.url ?? null;
}

/** The tag names of `album.tags`, whichever of its shapes it has. */
function readLastfmTags(tags: unknown): string[] {
  const tag = asObject(tags)?.tag;
  const list = Array.isArray(tag) ? tag : tag === undefined ? [] : [tag];
  return cleanTags(list.map((t) => asObject(t)?.name));
}

/**
 * Reads an `album.getInfo` answer.
 * @returns the metadata, or null when Last.fm does not know the album
 * @throws MetadataLookupError for any other error code, an HTTP error or an unexpected shape
 */
function parseLastfmAnswer(status: number, body: unknown): AlbumMetadata | null {
  const root = asObject(body);
  if (root && root.error !== undefined) {
    if (Number(root.error) === LASTFM_NOT_FOUND) return null;
    throw new MetadataLookupError(`Last.fm error ${String(root.error)} (HTTP ${status})`);
  }
  if (status < 200 || status > 299) throw new MetadataLookupError(`Last.fm answered HTTP ${status}`);
  const album = asObject(root?.album);
  if (!album) throw new MetadataLookupError('Last.fm answer has no album');
  const result: AlbumMetadata = {
    coverart: pickLargestImage(album.image),
    tags: readLastfmTags(album.tags),
  };
  const title = cleanText(album.name, MAX_NAME_LENGTH);
  const artist = cleanText(album.artist, MAX_NAME_LENGTH);
  const year = readReleaseYear(album.releasedate);
  if (title) result.title = title;
  if (artist) result.artist = artist;
  if (year !== undefined) result.year = year;
  return result;
}

/**
 * Looks an album up on Last.fm (`method=album.getInfo&autocorrect=1&format=json`).
 * @param signal - aborts the request (the caller's time budget)
 * @returns the metadata (title and artist as Last.fm corrects them), or null when not found
 * @throws MetadataLookupError when the service fails or answers something unexpected
 */
export async function lookupLastfm(
  options: LastfmOptions,
  query: { artist: string; title: string },
  signal: AbortSignal,
): Promise<AlbumMetadata | null> {
  const url = new URL(options.apiUrl);
  url.searchParams.set('method', 'album.getInfo');
  url.searchParams.set('api_key', options.apiKey);
  url.searchParams.set('artist', query.artist);
  url.searchParams.set('album', query.title);
  url.searchParams.set('autocorrect', '1');
  url.searchParams.set('format', 'json');
  const { status, body } = await getJson(url, signal);
  return parseLastfmAnswer(status, body);
}
