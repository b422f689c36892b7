/**
 * MusicBrainz release search by barcode and the Cover Art Archive's release covers
 * (API.md "Adding by barcode", EXTENSIONS.md §4).
 * - Search: `GET {MUSICBRAINZ_API_URL}/release?query=barcode:A OR barcode:B&fmt=json&limit=25`
 *   answers `{releases: [{id, score, title, date, country, barcode, "artist-credit",
 *   "release-group": {id, "first-release-date"?}, "label-info": [{"catalog-number",
 *   label: {name}}], media: [{format}], tags?}]}`.
 * - Cover: `GET {COVERART_API_URL}/release/{mbid}/front-500` answers 307 with the
 *   image's URL in `Location`, or 404 when the release has no front cover.
 */
import { BARCODE_PATTERN, MBID_PATTERN, barcodeForms } from '@spincrate/contract';
import {
  asObject,
  cleanText,
  getJson,
  getRedirect,
  imageUrl,
  MetadataLookupError,
  readReleaseYear,
  ServiceUnreachableError,
} from './http.js';
import { readArtistCredit, readMusicbrainzTags } from './musicbrainz.js';

/** Releases asked for per search (MusicBrainz's default page). */
const BARCODE_SEARCH_LIMIT = 25;
/** Longest title, artist, label, catalog number, country or format kept. */
const MAX_TEXT = 200;

/** One pressing of a barcode, as MusicBrainz describes it (no ownership: that is per caller). */
export interface ReleaseFound {
  mb_release_id: string;
  mb_release_group_id: string | null;
  title: string;
  artist: string;
  /**
   * The year of this pressing: the year of the release's `date` (`YYYY-MM-DD`, `YYYY-MM`
   * or `YYYY`), 1900–2100; when the release has no date (missing or `""`), the release
   * group's `first-release-date` year if the answer carries one (the search usually does
   * not); else null. It tells pressings apart in the list (an original and its reissue)
   * and is the year picking the pressing puts in the form (EXTENSIONS.md §4).
   */
  year: number | null;
  label: string | null;
  catalog_number: string | null;
  country: string | null;
  format: string | null;
  /** The Cover Art Archive's 250 px front of the release (the browser falls back when it has none). */
  coverart: string;
  /** The release's barcode as MusicBrainz stores it. */
  barcode: string;
  /** The release's or its group's tags, most votes first (kept for the add). */
  tags: string[];
}

/** MusicBrainz answered 503 (rate limit or maintenance): the service is unavailable. */
export class MusicbrainzUnavailableError extends ServiceUnreachableError {
  constructor(message: string) {
    super(message);
    this.name = 'MusicbrainzUnavailableError';
  }
}

/**
 * Every form a UPC/EAN is written in (API.md "Adding by barcode"): a 12-digit UPC-A is
 * the same barcode as the 13-digit EAN with a leading `0`, so each gives both; an EAN-8
 * and a 13-digit EAN not starting with `0` have one form.
 * Defined once in the contract (`barcodeForms(code)`: 8, 12 or 13 digits → the forms, the given
 * one first), where the offline copy's barcode answer uses it too (EXTENSIONS.md §9).
 */
export { barcodeForms };

/** The key a barcode is cached by: its 13-digit EAN form (12 digits gain a leading 0), or its 8 digits. */
export function barcodeCacheKey(code: string): string {
  return code.length === 12 ? `0${code}` : code;
}

function joinPath(base: string, path: string): URL {
  return new URL(`${base.replace(/\/+$/, '')}${path}`);
}

/** The Lucene query of a barcode search: every form of the code. */
function barcodeQuery(code: string): string {
  return barcodeForms(code)
    .map((form) => `barcode:${form}`)
    .join(' OR ');
}

/** "12\" Vinyl", "2×12\" Vinyl", "CD + DVD" from a release's media. */
function readFormat(media: unknown): string | null {
  if (!Array.isArray(media)) return null;
  const formats = media
    .map((m) => cleanText(asObject(m)?.format, MAX_TEXT))
    .filter((f): f is string => f !== undefined);
  if (formats.length === 0) return null;
  const counted: Array<{ format: string; count: number }> = [];
  for (const format of formats) {
    const entry = counted.find((c) => c.format === format);
    if (entry) entry.count += 1;
    else counted.push({ format, count: 1 });
  }
  return counted.map((c) => (c.count > 1 ? `${c.count}×${c.format}` : c.format)).join(' + ');
}

/** The first label name and the first catalog number of a release's `label-info`. */
function readLabelInfo(info: unknown): { label: string | null; catalog_number: string | null } {
  let label: string | null = null;
  let catalog: string | null = null;
  if (Array.isArray(info)) {
    for (const entry of info) {
      const item = asObject(entry);
      label ??= cleanText(asObject(item?.label)?.name, MAX_TEXT) ?? null;
      catalog ??= cleanText(item?.['catalog-number'], MAX_TEXT) ?? null;
    }
  }
  return { label, catalog_number: catalog };
}

/**
 * Reads a release search answer, keeping only the releases whose barcode is one of the
 * code's forms (the search also returns near matches).
 * @param coverartUrl - the Cover Art Archive's base URL, for each release's cover address
 * @returns the pressings, in MusicBrainz's order (best score first)
 * @throws MusicbrainzUnavailableError for HTTP 503; MetadataLookupError for another HTTP
 *   error or an unexpected shape
 */
function parseBarcodeSearch(
  status: number,
  body: unknown,
  code: string,
  coverartUrl: string,
): ReleaseFound[] {
  if (status === 503) throw new MusicbrainzUnavailableError('MusicBrainz answered HTTP 503');
  if (status < 200 || status > 299) throw new MetadataLookupError(`MusicBrainz answered HTTP ${status}`);
  const root = asObject(body);
  if (root?.error !== undefined) throw new MetadataLookupError('MusicBrainz answered an error');
  const releases = root?.releases;
  if (!Array.isArray(releases)) throw new MetadataLookupError('MusicBrainz answer has no releases');
  const forms = new Set(barcodeForms(code));
  const found: ReleaseFound[] = [];
  for (const entry of releases) {
    const release = asObject(entry);
    const id = release?.id;
    const barcode = release?.barcode;
    if (typeof id !== 'string' || !MBID_PATTERN.test(id)) continue;
    if (typeof barcode !== 'string' || !BARCODE_PATTERN.test(barcode) || !forms.has(barcode)) continue;
    if (found.some((r) => r.mb_release_id === id.toLowerCase())) continue;
    const group = asObject(release!['release-group']);
    const groupId =
      typeof group?.id === 'string' && MBID_PATTERN.test(group.id) ? group.id.toLowerCase() : null;
    const title = cleanText(release!.title, MAX_TEXT);
    const artist = readArtistCredit(release!['artist-credit']);
    if (!title || !artist) continue;
    const tags = readMusicbrainzTags(release!.tags);
    found.push({
      mb_release_id: id.toLowerCase(),
      mb_release_group_id: groupId,
      title,
      artist,
      year: readReleaseYear(release!.date) ?? readReleaseYear(group?.['first-release-date']) ?? null,
      ...readLabelInfo(release!['label-info']),
      country: cleanText(release!.country, MAX_TEXT) ?? null,
      format: readFormat(release!.media),
      coverart: joinPath(coverartUrl, `/release/${id.toLowerCase()}/front-250`).href,
      barcode,
      tags: tags.length > 0 ? tags : readMusicbrainzTags(group?.tags),
    });
  }
  return found;
}

/**
 * Asks MusicBrainz for the pressings of a barcode, in all its forms, in one request.
 * The caller paces it (one MusicBrainz request a second, shared by every process).
 * @param options - the services' base URLs
 * @param code - 8, 12 or 13 digits
 * @param signal - the time budget
 * @returns the pressings found (empty when none)
 * @throws ServiceUnreachableError when MusicBrainz cannot be reached or answers 503
 *   (MusicbrainzUnavailableError); MetadataLookupError for another failure; the signal's
 *   reason when aborted
 */
export async function searchBarcode(
  options: { apiUrl: string; coverartUrl: string },
  code: string,
  signal: AbortSignal,
): Promise<ReleaseFound[]> {
  const url = joinPath(options.apiUrl, '/release');
  url.searchParams.set('query', barcodeQuery(code));
  url.searchParams.set('fmt', 'json');
  url.searchParams.set('limit', String(BARCODE_SEARCH_LIMIT));
  const { status, body } = await getJson(url, signal);
  return parseBarcodeSearch(status, body, code, options.coverartUrl);
}

/**
 * Asks the Cover Art Archive for a release's front cover (500 px).
 * @returns the image URL (the 307's `Location`), or null when there is none or the
 *   archive fails (the record then shows the fallback cover)
 * @throws the signal's reason when aborted
 */
export async function lookupReleaseCover(
  coverartUrl: string,
  mbReleaseId: string,
  signal: AbortSignal,
): Promise<string | null> {
  const url = joinPath(coverartUrl, `/release/${encodeURIComponent(mbReleaseId)}/front-500`);
  try {
    const answer = await getRedirect(url, signal);
    if (answer.status >= 300 && answer.status <= 399) return imageUrl(answer.location);
    return answer.status === 200 ? url.href : null;
  } catch (err) {
    if (signal.aborted) throw err;
    return null;
  }
}
