/**
 * The album metadata service (API.md "Cover art and tags"): Last.fm `album.getInfo`,
 * or MusicBrainz plus the Cover Art Archive.
 */

/** What a look-up found. `coverart` null means "none found: use the fallback". */
export interface AlbumMetadata {
  coverart: string | null;
  tags: string[];
  /** The service's spelling of the title, when it offers one. */
  title?: string;
  /** The service's spelling of the artist, when it offers one. */
  artist?: string;
  /** The original release year (1900–2100), when the service gives one. */
  year?: number;
}

/** Options of one look-up. */
interface LookupOptions {
  /** Cancels the look-up (it then gives "nothing found"). */
  signal?: AbortSignal;
  /**
   * When true, a look-up that failed (the service answered an HTTP error such as 503,
   * could not be reached, answered something malformed, or ran out of its time budget)
   * rejects with an Error saying why, instead of giving "nothing found", so that a
   * background job can try again later (the import look-up queue does). A miss, and a
   * cancellation through `signal`, still resolve.
   */
  rejectOnFailure?: boolean;
}

export interface MetadataService {
  /**
   * Looks an album up. Never throws (unless `options.rejectOnFailure`) and never takes
   * longer than the configured budget (3 s by default): failures, time-outs and misses
   * give `{ coverart: null, tags: [] }`.
   */
  lookupAlbum(query: { artist: string; title: string }, options?: LookupOptions): Promise<AlbumMetadata>;
}
