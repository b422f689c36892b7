/**
 * The HTTP plumbing shared by the metadata clients (API.md "Cover art and tags"):
 * Node's global fetch with the caller's abort signal, our User-Agent, and JSON
 * parsing that turns every surprise into a `MetadataLookupError`.
 */

/**
 * The User-Agent sent to every metadata service. MusicBrainz asks for
 * `Application/version ( contact )` and throttles anonymous clients.
 */
export const METADATA_USER_AGENT = 'Spincrate/1.3.2 ( https://github.com/spincrate/spincrate )';

/** Largest response body read from a metadata service, in bytes (1 MiB). */
export const MAX_RESPONSE_BYTES = 1024 * 1024;

/** A look-up step failed: unreachable, HTTP error, malformed or oversized answer. */
export class MetadataLookupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MetadataLookupError';
  }
}

/** An HTTP answer whose body was parsed as JSON. */
export interface JsonResponse {
  status: number;
  /** The parsed body; `undefined` when the body was empty. */
  body: unknown;
}

/**
 * GETs a URL and parses its JSON body, whatever the status (services such as
 * Last.fm put their error codes in 4xx JSON bodies).
 * @param url - the full URL, query included
 * @param signal - aborts the request and the body read
 * @returns the status and the parsed body
 * @throws MetadataLookupError when the service is unreachable or the body is not JSON
 *   or larger than MAX_RESPONSE_BYTES; the signal's reason when aborted
 */
export async function getJson(url: URL, signal: AbortSignal): Promise<JsonResponse> {
  let response: Response;
  try {
    response = await fetch(url, {
      signal,
      headers: { 'User-Agent': METADATA_USER_AGENT, Accept: 'application/json' },
    });
  } catch (err) {
    if (signal.aborted) throw signal.reason;
    throw new MetadataLookupError(`request failed: ${(err as Error).message}`);
  }
  const length = Number(response.headers.get('content-length') ?? 0);
  if (length > MAX_RESPONSE_BYTES) {
    await response.body?.cancel();
    throw new MetadataLookupError(`answer too large (${length} bytes)`);
  }
  const text = await response.text();
  if (text.length > MAX_RESPONSE_BYTES) throw new MetadataLookupError('answer too large');
  if (text.trim() === '') return { status: response.status, body: undefined };
  try {
    return { status: response.status, body: JSON.parse(text) as unknown };
  } catch {
    throw new MetadataLookupError(`HTTP ${response.status} answer is not JSON`);
  }
}

/**
 * GETs a URL without following redirects (the Cover Art Archive answers 307 with the
 * image's address) and discards the body.
 * @returns the status and the `Location` header resolved against `url`, if any
 * @throws MetadataLookupError when the service is unreachable; the signal's reason when aborted
 */
export async function getRedirect(
  url: URL,
  signal: AbortSignal,
): Promise<{ status: number; location?: string }> {
  let response: Response;
  try {
    response = await fetch(url, {
      signal,
      redirect: 'manual',
      headers: { 'User-Agent': METADATA_USER_AGENT, Accept: 'application/json' },
    });
  } catch (err) {
    if (signal.aborted) throw signal.reason;
    throw new MetadataLookupError(`request failed: ${(err as Error).message}`);
  }
  await response.body?.cancel();
  const location = response.headers.get('location');
  if (!location) return { status: response.status };
  try {
    return { status: response.status, location: new URL(location, url).href };
  } catch {
    return { status: response.status };
  }
}

/** `value` as a plain object, or undefined. */
export function asObject(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** `value` trimmed when it is text of 1..max characters, else undefined. */
export function cleanText(value: unknown, max: number): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  return text.length >= 1 && text.length <= max ? text : undefined;
}

/** `value` when it is an absolute http(s) URL of at most 2,000 characters, else null. */
export function imageUrl(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2000) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Most tags kept per album. */
export const MAX_TAGS = 5;
/** Longest tag kept, in characters. */
export const MAX_TAG_LENGTH = 50;

/**
 * Cleans tag names: trimmed, non-empty, at most MAX_TAG_LENGTH characters, no
 * duplicates ignoring case, at most MAX_TAGS, in the given order.
 */
export function cleanTags(names: unknown[]): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const name of names) {
    const tag = cleanText(name, MAX_TAG_LENGTH);
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(tag);
    if (tags.length === MAX_TAGS) break;
  }
  return tags;
}

/**
 * The release year in a service's date text: MusicBrainz `first-release-date`
 * (`YYYY`, `YYYY-MM` or `YYYY-MM-DD`, or `""` when unknown) or Last.fm `releasedate`
 * (e.g. `"    6 Apr 1999, 00:00"`).
 * @returns the year when the text holds one from 1900 to 2100 (API.md "Field rules": year), else undefined
 */
export function readReleaseYear(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /(?:^|[^0-9])([0-9]{4})(?:$|[^0-9])/.exec(value.trim());
  if (!match) return undefined;
  const year = Number(match[1]);
  return year >= 1900 && year <= 2100 ? year : undefined;
}
