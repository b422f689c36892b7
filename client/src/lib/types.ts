/**
 * Entities as the API returns them (API.md "Entities as returned", PRODUCT.md §3) come
 * from the contract (`@spincrate/contract`), types only, so nothing of it is bundled;
 * the payloads the screens send are below.
 */
import type { HotpRow, LatestListenRow, SpinDetailRow } from '@spincrate/contract';

export type {
  BlindbagRecord,
  ClientConfig,
  CrateRecord,
  Friend,
  Mood,
  Spin,
  SpinListItem,
  User,
  Import as ImportProgress,
} from '@spincrate/contract';

/** A Hot Off The Press entry: a friend's record with its owner's username. */
export type HotpRecord = HotpRow;
/** One row of GET /api/spins/single/{id}: the spin with one of its albums. */
export type SpinAlbumRow = SpinDetailRow;
/** One record of one of a friend's spins (Latest Listens). */
export type LatestListen = LatestListenRow;

/** What the login and registration forms send. */
export interface Credentials {
  username: string;
  password: string;
}

/** Record creation payload (PRODUCT.md §3). `mood` is a mood id. */
export interface NewRecord {
  artist: string;
  title: string;
  mood: number;
  details: string;
  /** Original release year, 1900–2100 (EXTENSIONS.md §2); null clears it on edit, absent leaves it unset on add. */
  year?: number | null;
  /** On add only: the barcode it was scanned or typed from (EXTENSIONS.md §4). */
  barcode?: string;
  /** On add only: the MusicBrainz release picked from the pressings found. */
  mb_release_id?: string;
  // The collection details (API.md "Collection details"): absent = unchanged on edit, null = cleared.
  rating?: number | null;
  folder?: string | null;
  location?: string | null;
  media_condition?: string | null;
  sleeve_condition?: string | null;
  price?: { amount: string; currency: string } | null;
  purchased_on?: string | null;
  purchased_from?: string | null;
  label?: string | null;
  catalog_number?: string | null;
  format?: string | null;
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
  /** The sides played of records with sides, by record id (EXTENSIONS.md §8); absent = all. */
  sides?: Record<string, string[]>;
  /** When the first track began, ISO 8601 with a zone (API.md "Field rules"). */
  startedAt?: string;
}
