/**
 * From a spin to listens (API.md "ListenBrainz"), as pure functions: the tracks of the
 * chosen sides of each record in the spin's order, one listen each, following each other
 * without gaps; and the submit-listens documents that carry them.
 */
import { APP_VERSION } from '@spincrate/contract';
import { sideOf, type Tracklist } from './tracklists.js';

/** Seconds a track of unknown length counts. */
const UNKNOWN_LENGTH_SECONDS = 60;
/** Most listens in one submit-listens request (ListenBrainz's limit). */
const MAX_LISTENS_PER_SUBMISSION = 1000;

/** One listen, as ListenBrainz takes it. */
export interface Listen {
  /** Unix seconds. */
  listened_at: number;
  track_metadata: {
    artist_name: string;
    track_name: string;
    release_name: string;
    additional_info: {
      release_mbid: string;
      recording_mbid?: string;
      release_group_mbid?: string;
      tracknumber: string;
      duration_ms?: number;
      submission_client: 'Spincrate';
      submission_client_version: string;
    };
  };
}

/** The spin as the computation needs it. */
export interface SpinTiming {
  /** `YYYY-MM-DD` */
  listenedAt: string;
  /** When the first listen started, if the user said so. */
  startedAt: Date | null;
  /** When the spin was added. */
  addedAt: Date;
}

/** One record of the spin, in the spin's order. */
export interface SpinRecordTracks {
  recordId: number;
  /** null: no release found (the record is skipped). */
  tracklist: Tracklist | null;
  /** The sides played; null = all. */
  sides: string[] | null;
}

/** The listens of one record (null when it was skipped for want of a tracklist). */
export interface RecordListens {
  recordId: number;
  listens: Listen[] | null;
}

function chosenTracks(record: SpinRecordTracks) {
  const tracklist = record.tracklist!;
  const lettered = tracklist.tracks.some((t) => sideOf(t.number) !== null);
  if (!record.sides || !lettered) return tracklist.tracks;
  return tracklist.tracks.filter((t) => {
    const side = sideOf(t.number);
    return side !== null && record.sides!.includes(side);
  });
}

/** A track's length in whole seconds (at least 1), 60 when unknown. */
function seconds(lengthMs: number | null): number {
  return lengthMs === null ? UNKNOWN_LENGTH_SECONDS : Math.max(1, Math.round(lengthMs / 1000));
}

/**
 * The listens of a spin, record by record in the spin's order. The first listen starts at
 * `startedAt`; else, when the spin is dated the day it was added (UTC), so that the last
 * listen ends when it was added; else at 12:00 UTC of the spin's date. Each next listen
 * starts when the one before ends (a track of unknown length counts 60 s), so
 * `listened_at` strictly increases.
 */
export function computeListens(spin: SpinTiming, records: SpinRecordTracks[]): RecordListens[] {
  const picked = records.map((r) => ({
    recordId: r.recordId,
    tracklist: r.tracklist,
    tracks: r.tracklist ? chosenTracks(r) : null,
  }));
  const total = picked.reduce(
    (sum, r) => sum + (r.tracks ?? []).reduce((s, t) => s + seconds(t.length_ms), 0),
    0,
  );
  let at: number;
  if (spin.startedAt) at = Math.floor(spin.startedAt.getTime() / 1000);
  else if (spin.addedAt.toISOString().slice(0, 10) === spin.listenedAt)
    at = Math.floor(spin.addedAt.getTime() / 1000) - total;
  else at = Date.parse(`${spin.listenedAt}T12:00:00Z`) / 1000;
  return picked.map(({ recordId, tracklist, tracks }) => {
    if (!tracklist || !tracks) return { recordId, listens: null };
    const listens = tracks.map((track): Listen => {
      const info: Listen['track_metadata']['additional_info'] = {
        release_mbid: tracklist.release_id,
        ...(track.recording_mbid ? { recording_mbid: track.recording_mbid } : {}),
        ...(tracklist.release_group_id ? { release_group_mbid: tracklist.release_group_id } : {}),
        tracknumber: track.number,
        ...(track.length_ms !== null ? { duration_ms: track.length_ms } : {}),
        submission_client: 'Spincrate',
        submission_client_version: APP_VERSION,
      };
      const listen: Listen = {
        listened_at: at,
        track_metadata: {
          artist_name: track.artist || tracklist.artist,
          track_name: track.title,
          release_name: tracklist.title,
          additional_info: info,
        },
      };
      at += seconds(track.length_ms);
      return listen;
    });
    return { recordId, listens };
  });
}

/**
 * The submit-listens documents of some listens: `single` for one listen, else `import`,
 * at most 1,000 listens each, as JSON text (stored and sent byte for byte).
 * @throws Error when a listen breaks ListenBrainz's rules (checked before anything is stored)
 */
export function submissions(listens: Listen[]): string[] {
  for (const l of listens) {
    if (!Number.isInteger(l.listened_at) || l.listened_at <= 0)
      throw new Error('listened_at must be a positive integer');
    if (l.track_metadata.artist_name.trim() === '' || l.track_metadata.track_name.trim() === '')
      throw new Error('artist_name and track_name are required');
    const d = l.track_metadata.additional_info.duration_ms;
    if (d !== undefined && (!Number.isInteger(d) || d <= 0))
      throw new Error('duration_ms must be a positive integer');
  }
  const bodies: string[] = [];
  for (let i = 0; i < listens.length; i += MAX_LISTENS_PER_SUBMISSION) {
    const payload = listens.slice(i, i + MAX_LISTENS_PER_SUBMISSION);
    bodies.push(JSON.stringify({ listen_type: payload.length === 1 ? 'single' : 'import', payload }));
  }
  return bodies;
}
