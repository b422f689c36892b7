/**
 * Import back (API.md "ListenBrainz": Import back): which of a user's ListenBrainz listens
 * become which spins. Pure: the listens and the crate in, the planned spins out.
 *
 * - listens whose `submission_client` is Spincrate are skipped (they are Spincrate's own spins);
 * - a listen matches a record by release group, then release, then artist and release name
 *   (ignoring case, spacing and edition suffixes such as "(Remastered 2009)", "[Deluxe Edition]"
 *   or " - 2011 Remaster");
 * - matched listens of one record and one source less than 45 minutes apart (start to start)
 *   make one spin, dated by its first listen (UTC), lasting from the first start to the last end;
 * - the source of a listen is its `music_service`, `media_player` or `submission_client`, else `unknown`.
 */
import type { LbListen } from './listenbrainz.client.js';
import { LISTENBRAINZ_SOURCE_MAX } from '@spincrate/contract';

/** Listens of one record closer than this (start to start) make one spin. */
const SPIN_GAP_SECONDS = 45 * 60;
/** The length counted for a listen whose duration is unknown (as for sending, API.md). */
const UNKNOWN_LENGTH_SECONDS = 60;
/** The longest `time_spent` a spin can hold (99:59), in minutes. */
const MAX_MINUTES = 99 * 60 + 59;

/** A record of the crate as the matching reads it. */
export interface CrateRecord {
  id: number;
  title: string;
  artist: string;
  /** The record's release group, and that of its resolved release. */
  release_group_ids: string[];
  /** `mb_release_id` and the release resolved for it (record_releases). */
  release_ids: string[];
}

/** One listen as the plan reads it. */
interface PlannedListen {
  listenedAt: number;
  trackName: string;
  /** Seconds, UNKNOWN_LENGTH_SECONDS when ListenBrainz gives none. */
  lengthSeconds: number;
}

/** A spin an import would add. */
export interface PlannedSpin {
  recordId: number;
  title: string;
  artist: string;
  source: string;
  /** The UTC date of the first listen, `YYYY-MM-DD`. */
  listenedAt: string;
  /** The first listen's start. */
  startedAt: Date;
  minutesSpent: number;
  listens: PlannedListen[];
}

/** The plan: every source with its listens and spins, and the spins, oldest first. */
export interface ImportPlan {
  sources: Array<{ source: string; listens: number; spins: number }>;
  spins: PlannedSpin[];
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** Words that mark a bracketed or dashed suffix as an edition, not a part of the title. */
const EDITION_WORDS =
  /\b(edition|deluxe|remaster(ed)?|reissue|expanded|anniversary|bonus|version|mono|stereo|legacy|special|collector'?s|limited|super|mix|mixed|live|hi-?res|vinyl|lp)\b|\b(19|20)\d\d\b/;

/**
 * A title or artist as compared: NFKC, lower case, curly quotes straight, single spaces, and
 * trailing edition suffixes taken off ("(Deluxe Edition)", "[Remastered]", " - 2011 Remaster").
 * Never empty when the input is not.
 */
export function comparableName(name: string): string {
  let s = name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\s+/g, ' ')
    .trim();
  for (;;) {
    const bracket = /\s*[([{]([^()[\]{}]*)[)\]}]$/.exec(s);
    const dashed = /\s+[-\u2013\u2014]\s+([^-\u2013\u2014]*)$/.exec(s);
    const suffix = bracket ?? (dashed && EDITION_WORDS.test(dashed[1]!) ? dashed : null);
    if (!suffix || suffix.index === 0) break;
    s = s.slice(0, suffix.index).trim();
  }
  return s;
}

/** The source of a listen: `music_service`, `media_player` or `submission_client`, else `unknown`. */
function sourceOf(listen: LbListen): string {
  const info = listen.track_metadata.additional_info ?? {};
  const source =
    text(info.music_service) ?? text(info.media_player) ?? text(info.submission_client) ?? 'unknown';
  return source.slice(0, LISTENBRAINZ_SOURCE_MAX);
}

/** Whether Spincrate sent this listen (its `submission_client`). */
function isSpincrateListen(listen: LbListen): boolean {
  return text(listen.track_metadata.additional_info?.submission_client)?.toLowerCase() === 'spincrate';
}

function lengthSeconds(listen: LbListen): number {
  const info = listen.track_metadata.additional_info ?? {};
  const ms = info.duration_ms;
  if (typeof ms === 'number' && Number.isFinite(ms) && ms > 0) return Math.round(ms / 1000);
  const s = info.duration;
  if (typeof s === 'number' && Number.isFinite(s) && s > 0) return Math.round(s);
  return UNKNOWN_LENGTH_SECONDS;
}

/** Finds the record of a listen: release group, then release, then artist and release name. */
function matcher(records: CrateRecord[]): (listen: LbListen) => CrateRecord | undefined {
  const byGroup = new Map<string, CrateRecord>();
  const byRelease = new Map<string, CrateRecord>();
  const byNames = new Map<string, CrateRecord>();
  // The lowest id wins when two records share a key.
  for (const record of [...records].sort((a, b) => a.id - b.id)) {
    for (const g of record.release_group_ids) if (!byGroup.has(g)) byGroup.set(g, record);
    for (const r of record.release_ids) if (!byRelease.has(r)) byRelease.set(r, record);
    const key = `${comparableName(record.artist)}\u0000${comparableName(record.title)}`;
    if (!byNames.has(key)) byNames.set(key, record);
  }
  return (listen) => {
    const meta = listen.track_metadata;
    const info = meta.additional_info ?? {};
    // What the submitter said, else what ListenBrainz mapped the listen to.
    const mapping = meta.mbid_mapping ?? {};
    const group = text(info.release_group_mbid ?? mapping.release_group_mbid)?.toLowerCase();
    const release = text(info.release_mbid ?? mapping.release_mbid)?.toLowerCase();
    const found = (group && byGroup.get(group)) || (release && byRelease.get(release));
    if (found) return found;
    const releaseName = text(meta.release_name);
    if (!releaseName) return undefined;
    return byNames.get(`${comparableName(meta.artist_name)}\u0000${comparableName(releaseName)}`);
  };
}

/** The UTC date of a Unix second, `YYYY-MM-DD`. */
function utcDate(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}

/**
 * Plans an import.
 * @param listens - the user's listens, in any order
 * @param records - the user's crate
 * @param alreadyImported - keys (`listenKey`) of listens imported before: left out
 */
export function planImport(
  listens: LbListen[],
  records: CrateRecord[],
  alreadyImported: Set<string>,
): ImportPlan {
  const match = matcher(records);
  const sources = new Map<string, { listens: number; spins: number }>();
  /** (record, source) → its listens with their record. */
  const groups = new Map<string, { record: CrateRecord; source: string; listens: LbListen[] }>();
  for (const listen of listens) {
    if (isSpincrateListen(listen)) continue;
    if (alreadyImported.has(listenKey(listen.listened_at, listen.track_metadata.track_name))) continue;
    const source = sourceOf(listen);
    const counts = sources.get(source) ?? { listens: 0, spins: 0 };
    counts.listens += 1;
    sources.set(source, counts);
    const record = match(listen);
    if (!record) continue;
    const key = `${record.id}\u0000${source}`;
    const group = groups.get(key) ?? { record, source, listens: [] };
    group.listens.push(listen);
    groups.set(key, group);
  }

  const spins: PlannedSpin[] = [];
  for (const { record, source, listens: ofRecord } of groups.values()) {
    const sorted = [...ofRecord].sort((a, b) => a.listened_at - b.listened_at);
    let current: LbListen[] = [];
    const close = () => {
      if (current.length === 0) return;
      const first = current[0]!;
      const end = Math.max(...current.map((l) => l.listened_at + lengthSeconds(l)));
      spins.push({
        recordId: record.id,
        title: record.title,
        artist: record.artist,
        source,
        listenedAt: utcDate(first.listened_at),
        startedAt: new Date(first.listened_at * 1000),
        minutesSpent: Math.min(MAX_MINUTES, Math.max(1, Math.round((end - first.listened_at) / 60))),
        listens: current.map((l) => ({
          listenedAt: l.listened_at,
          trackName: l.track_metadata.track_name,
          lengthSeconds: lengthSeconds(l),
        })),
      });
      sources.get(source)!.spins += 1;
      current = [];
    };
    for (const listen of sorted) {
      const last = current[current.length - 1];
      if (last && listen.listened_at - last.listened_at >= SPIN_GAP_SECONDS) close();
      current.push(listen);
    }
    close();
  }
  spins.sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime() || a.recordId - b.recordId);
  return {
    sources: [...sources.entries()]
      .map(([source, counts]) => ({ source, ...counts }))
      .sort((a, b) => b.listens - a.listens || a.source.localeCompare(b.source)),
    spins,
  };
}

/** The key of a listen as ListenBrainz tells its listens apart: its time and track name. */
export function listenKey(listenedAt: number, trackName: string): string {
  return `${listenedAt}\u0000${trackName}`;
}
