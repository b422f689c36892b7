/** Entities as the API returns them (API.md "Entities as returned", PRODUCT.md §3). */

export interface User {
  id: number;
  username: string;
}

export interface Credentials {
  username: string;
  password: string;
}

export interface CrateRecord {
  id: number;
  user_id: number;
  title: string;
  artist: string;
  coverart: string;
  /** ISO 8601 UTC timestamp. */
  date_added: string;
  mood: string;
  mood_id: number;
  details: string;
  /** JSON-encoded array of strings. */
  tags: string;
  /** Plays of the record: the owner's spins that include it (API.md "Entities as returned"). */
  play_count?: number;
  /** YYYY-MM-DD of the latest of those spins, or null when never spun. */
  last_played?: string | null;
  /** Original release year (1900–2100), or null when unknown. */
  year?: number | null;
}

/** A Hot Off The Press entry: a friend's record with its owner's username. */
export type HotpRecord = CrateRecord & { username: string };

export interface Mood {
  id: number;
  mood: string;
}

export interface Friend {
  friend_id: number;
  friend_username: string;
}

export interface Spin {
  id: number;
  /** YYYY-MM-DD, or null when unknown. */
  listened_at: string | null;
  /** H:MM */
  time_spent: string;
  spin_details: string;
}

/** One row of GET /api/spins/single/{id}: the spin with one of its albums. */
export interface SpinAlbumRow extends Spin {
  album_id: number | null;
  title: string | null;
  artist: string | null;
  coverart: string | null;
}

export interface LatestListen {
  spin_id: number;
  album_id: number;
  title: string;
  artist: string;
  coverart: string;
  friend_id: number;
  friend_username: string;
  listened_at: string | null;
  spin_details: string;
}

export interface BlindbagRecord {
  id: number;
  title: string;
  artist: string;
  coverart: string;
}

/** Record creation payload (PRODUCT.md §3). `mood` is a mood id. */
export interface NewRecord {
  artist: string;
  title: string;
  mood: number;
  details: string;
  /** Original release year, 1900–2100 (EXTENSIONS.md §2); null clears it on edit, absent leaves it unset on add. */
  year?: number | null;
}

export type RecordEdit = NewRecord & { id: number };

/** Spin submission payload (PRODUCT.md §3). */
export interface NewSpin {
  /** hours:minutes */
  timeSpent: string;
  /** MM/DD/YYYY as the picker shows it. */
  listenedAt: string;
  details: string;
  /** Record ids as strings. */
  albums: string[];
}

/** Runtime configuration served by GET /api/config. */
export interface ClientConfig {
  chatbotUrl: string;
  chatbotName: string;
  creatorUsername: string;
  imageUrl: string;
  version: string;
}
