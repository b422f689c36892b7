/**
 * The HTTP plumbing shared by the metadata clients (API.md "Cover art and tags"):
 * Node's global fetch with the caller's abort signal, our User-Agent, and JSON
 * parsing that turns every surprise into a `MetadataLookupError`.
 */
import { APP_VERSION } from '@spincrate/contract';

/**
 * The User-Agent sent to every metadata service. MusicBrainz asks for
 * `Application/version ( contact )` and throttles anonymous clients.
 */
export const METADATA_USER_AGENT = `Spincrate/${APP_VERSION} ( https://github.com/spincrate/spincrate )`;

/** Largest response body read from a metadata service, in bytes (1 MiB). */
const MAX_RESPONSE_BYTES = 1024 * 1024;

/** A look-up step failed: unreachable, HTTP error, malformed or oversized answer. */
export class MetadataLookupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MetadataLookupError';
  }
}

/**
 * The service could not be reached at all (its name does not resolve, the connection is
 * refused or cut, no route to it): a look-up of any other album would fail the same way,
 * so a background queue waits for the service instead of retrying each album.
 */
export class ServiceUnreachableError extends MetadataLookupError {
  constructor(message: string) {
    super(message);
    this.name = 'ServiceUnreachableError';
  }
}

/** Error codes of a fetch that never reached the service. */
const UNREACHABLE_CODES = new Set([
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'EHOSTDOWN',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
]);

/** The error of a fetch that failed before any answer: unreachable, or another failure. */
function requestFailed(err: unknown): MetadataLookupError {
  const cause = (err as { cause?: { code?: unknown } } | undefined)?.cause;
  const code = typeof cause?.code === 'string' ? cause.code : undefined;
  const message = `request failed: ${code ?? (err as Error).message}`;
  return code && UNREACHABLE_CODES.has(code)
    ? new ServiceUnreachableError(message)
    : new MetadataLookupError(message);
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
 * @throws ServiceUnreachableError when the service cannot be reached; MetadataLookupError
 *   when the request fails otherwise or the body is not JSON
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
    throw requestFailed(err);
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
    throw requestFailed(err);
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
const MAX_TAGS = 5;
/** Longest tag kept, in characters. */
const MAX_TAG_LENGTH = 50;

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
