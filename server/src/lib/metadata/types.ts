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
}

export interface MetadataService {
  /**
   * Looks an album up. Never throws and never takes longer than the configured
   * budget (3 s by default): failures, time-outs and misses give `{ coverart: null, tags: [] }`.
   */
  lookupAlbum(query: { artist: string; title: string }, options?: { signal?: AbortSignal }): Promise<AlbumMetadata>;
}
