/**
 * Tracklists of records (API.md "ListenBrainz": from a spin to listens): each record's
 * MusicBrainz release — `mb_release_id`; else the release of its `discogs_release_id`
 * (`/url?resource=https://www.discogs.com/release/{id}&inc=release-rels`); else the only vinyl
 * release of its release group (`/release?release-group={id}&inc=media`) — and that release's
 * tracks (`/release/{id}?inc=recordings+artist-credits+release-groups`), cached in PostgreSQL
 * (`record_releases`, `mb_tracklists`). Every MusicBrainz request first takes a turn of the
 * shared one-request-a-second pacing (`lookup_slots`, MUSICBRAINZ_MIN_INTERVAL_MS).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { AppContext } from '@/lib/context.js';
import { getJson } from '@/lib/metadata/http.js';
import { claimLookupSlot } from '@/lib/metadata/pacing.queries.js';
import { readArtistCredit } from '@/lib/metadata/musicbrainz.js';
import {
  findCachedTracklistOfRecord,
  findRecordRelease,
  findRecordReleaseIds,
  findTracklist,
  saveRecordRelease,
  saveTracklist,
} from './tracklists.queries.js';

/** One track of a release. */
interface Track {
  /** As MusicBrainz numbers it on the medium, e.g. `A1`, `B3`, or `1`. */
  number: string;
  title: string;
  artist: string;
  /** Length in ms, or null when unknown. */
  length_ms: number | null;
  recording_mbid: string | null;
}

/** A release's tracklist. */
export interface Tracklist {
  release_id: string;
  release_group_id: string | null;
  title: string;
  artist: string;
  tracks: Track[];
}

/** The side of a track number: its leading capital letter (`A1` → `A`), or null. */
export function sideOf(number: string): string | null {
  const match = /^([A-Z])/.exec(number.trim().toUpperCase());
  return match ? match[1]! : null;
}

/** The sides of a tracklist in order (`['A','B']`); empty when the numbers have no letters. */
export function sidesOf(tracklist: Tracklist): string[] {
  const sides: string[] = [];
  for (const track of tracklist.tracks) {
    const side = sideOf(track.number);
    if (side !== null && !sides.includes(side)) sides.push(side);
  }
  return sides;
}

async function pacedGet(ctx: AppContext, path: string, params: Record<string, string>, signal: AbortSignal) {
  const url = new URL(`${ctx.config.MUSICBRAINZ_API_URL.replace(/\/$/, '')}${path}`);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  url.searchParams.set('fmt', 'json');
  const waitMs = (await claimLookupSlot(ctx.db, 'musicbrainz', ctx.config.MUSICBRAINZ_MIN_INTERVAL_MS)) ?? 0;
  if (waitMs > 0) await sleep(waitMs, undefined, { signal });
  return getJson(url, signal);
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Reads `/release/{id}?inc=recordings+artist-credits+release-groups`. */
function readRelease(body: unknown): Tracklist | null {
  if (!isRecord(body) || typeof body.id !== 'string') return null;
  const artist = readArtistCredit(body['artist-credit']) ?? '';
  const group = isRecord(body['release-group']) ? body['release-group'] : undefined;
  const tracks: Track[] = [];
  for (const medium of Array.isArray(body.media) ? body.media : []) {
    if (!isRecord(medium)) continue;
    for (const t of Array.isArray(medium.tracks) ? medium.tracks : []) {
      if (!isRecord(t)) continue;
      const recording = isRecord(t.recording) ? t.recording : {};
      const length =
        typeof t.length === 'number'
          ? t.length
          : typeof recording.length === 'number'
            ? recording.length
            : null;
      const title =
        typeof t.title === 'string' ? t.title : typeof recording.title === 'string' ? recording.title : '';
      if (title.trim() === '') continue;
      tracks.push({
        number: typeof t.number === 'string' ? t.number : String(t.position ?? tracks.length + 1),
        title,
        artist: readArtistCredit(t['artist-credit']) ?? artist,
        length_ms: length !== null && length > 0 ? Math.round(length) : null,
        recording_mbid: typeof recording.id === 'string' ? recording.id : null,
      });
    }
  }
  return {
    release_id: body.id,
    release_group_id: group && typeof group.id === 'string' ? group.id : null,
    title: typeof body.title === 'string' ? body.title : '',
    artist,
    tracks,
  };
}

async function fetchTracklist(
  ctx: AppContext,
  releaseId: string,
  signal: AbortSignal,
): Promise<Tracklist | null> {
  const cached = await findTracklist(ctx.db, releaseId);
  if (cached) return cached;
  const answer = await pacedGet(
    ctx,
    `/release/${encodeURIComponent(releaseId)}`,
    { inc: 'recordings+artist-credits+release-groups' },
    signal,
  );
  if (answer.status === 404) return null;
  if (answer.status !== 200) throw new Error(`MusicBrainz answered ${answer.status}`);
  const tracklist = readRelease(answer.body);
  if (!tracklist || tracklist.tracks.length === 0) return null;
  await saveTracklist(ctx.db, tracklist);
  return tracklist;
}

async function releaseOfDiscogs(
  ctx: AppContext,
  discogsId: number,
  signal: AbortSignal,
): Promise<string | null> {
  const answer = await pacedGet(
    ctx,
    '/url',
    { resource: `https://www.discogs.com/release/${discogsId}`, inc: 'release-rels' },
    signal,
  );
  if (answer.status === 404) return null;
  if (answer.status !== 200) throw new Error(`MusicBrainz answered ${answer.status}`);
  const body = answer.body;
  if (!isRecord(body) || !Array.isArray(body.relations)) return null;
  for (const rel of body.relations) {
    if (isRecord(rel) && isRecord(rel.release) && typeof rel.release.id === 'string') return rel.release.id;
  }
  return null;
}

async function onlyVinylRelease(
  ctx: AppContext,
  groupId: string,
  signal: AbortSignal,
): Promise<string | null> {
  const answer = await pacedGet(
    ctx,
    '/release',
    { 'release-group': groupId, inc: 'media', limit: '100' },
    signal,
  );
  if (answer.status === 404) return null;
  if (answer.status !== 200) throw new Error(`MusicBrainz answered ${answer.status}`);
  const body = answer.body;
  if (!isRecord(body) || !Array.isArray(body.releases)) return null;
  const vinyl = body.releases.filter(
    (r): r is Record<string, unknown> =>
      isRecord(r) &&
      typeof r.id === 'string' &&
      Array.isArray(r.media) &&
      r.media.length > 0 &&
      r.media.every((m) => isRecord(m) && typeof m.format === 'string' && /vinyl/i.test(m.format)),
  );
  return vinyl.length === 1 ? (vinyl[0]!.id as string) : null;
}

/**
 * The tracklist of one record: cached, or looked up on MusicBrainz (paced) and cached.
 * @returns null when no release is found for the record (that is cached too)
 * @throws when MusicBrainz fails or cannot be reached (nothing cached: tried again later);
 *   the signal's reason when aborted
 */
export async function tracklistOfRecord(
  ctx: AppContext,
  recordId: number,
  signal: AbortSignal,
): Promise<Tracklist | null> {
  const known = await findRecordRelease(ctx.db, recordId);
  if (known) return known.release_id === null ? null : fetchTracklist(ctx, known.release_id, signal);
  const record = await findRecordReleaseIds(ctx.db, recordId);
  if (!record) return null;
  let releaseId = record.mb_release_id;
  if (!releaseId && record.discogs_release_id)
    releaseId = await releaseOfDiscogs(ctx, record.discogs_release_id, signal);
  if (!releaseId && record.mb_release_group_id)
    releaseId = await onlyVinylRelease(ctx, record.mb_release_group_id, signal);
  const tracklist = releaseId ? await fetchTracklist(ctx, releaseId, signal) : null;
  await saveRecordRelease(ctx.db, recordId, tracklist ? tracklist.release_id : null);
  return tracklist;
}

/** The cached tracklist of a record, without asking MusicBrainz (undefined: not known yet). */
export function cachedTracklistOfRecord(
  ctx: AppContext,
  recordId: number,
): Promise<Tracklist | null | undefined> {
  return findCachedTracklistOfRecord(ctx.db, recordId);
}
