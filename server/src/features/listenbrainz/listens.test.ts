/**
 * From a spin to listens (API.md "ListenBrainz"), the pure computation: the listens are
 * worked out by hand here from the tracklists' lengths, not by the code under test.
 */
import { describe, expect, it } from 'vitest';
import { computeListens, submissions, type Listen } from './listens.js';
import type { Tracklist } from './tracklists.js';

const REL = '11111111-1111-4111-8111-111111111111';
const GROUP = '22222222-2222-4222-8222-222222222222';
const REL2 = '33333333-3333-4333-8333-333333333333';

/** Sides A/B, 9 tracks; lengths in ms. */
const twoSides: Tracklist = {
  release_id: REL,
  release_group_id: GROUP,
  title: 'Harbour Lights',
  artist: 'The Lanterns',
  tracks: [
    ['A1', 201_000],
    ['A2', 185_400],
    ['A3', 240_000],
    ['A4', 199_000],
    ['A5', 222_000],
    ['B1', 305_000],
    ['B2', 178_000],
    ['B3', 263_000],
    ['B4', 290_000],
  ].map(([number, length], i) => ({
    number: number as string,
    title: `Track ${number as string}`,
    artist: 'The Lanterns',
    length_ms: length as number,
    recording_mbid: `44444444-4444-4444-8444-44444444444${i}`,
  })),
};

/** Sides A–D; C2 has no length. */
const fourSides: Tracklist = {
  release_id: REL2,
  release_group_id: null,
  title: 'Long Player',
  artist: 'Orbit Sessions',
  tracks: ['A1', 'A2', 'A3', 'B1', 'B2', 'B3', 'C1', 'C2', 'C3', 'D1', 'D2', 'D3'].map((number) => ({
    number,
    title: `Song ${number}`,
    artist: 'Orbit Sessions',
    length_ms: number === 'C2' ? null : 100_000,
    recording_mbid: null,
  })),
};

const at = (iso: string) => Date.parse(iso) / 1000;

describe('computeListens', () => {
  it('starts at started_at and follows each track without gaps, in the spin’s order of records and sides', () => {
    const startedAt = new Date('2026-11-20T20:15:00+01:00');
    const [first, second] = computeListens(
      { listenedAt: '2026-11-20', startedAt, addedAt: new Date('2026-11-22T10:00:00Z') },
      [
        { recordId: 5, tracklist: fourSides, sides: ['C', 'D'] },
        { recordId: 3, tracklist: twoSides, sides: ['B'] },
      ],
    );
    const t0 = at('2026-11-20T19:15:00Z');
    // C1 100 s, C2 unknown = 60 s, C3 100 s, D1–D3 100 s each, then B1 305, B2 178, B3 263, B4 290.
    expect(first!.recordId).toBe(5);
    expect(first!.listens!.map((l) => [l.listened_at, l.track_metadata.additional_info.tracknumber])).toEqual(
      [
        [t0, 'C1'],
        [t0 + 100, 'C2'],
        [t0 + 160, 'C3'],
        [t0 + 260, 'D1'],
        [t0 + 360, 'D2'],
        [t0 + 460, 'D3'],
      ],
    );
    expect(second!.listens!.map((l) => [l.listened_at, l.track_metadata.track_name])).toEqual([
      [t0 + 560, 'Track B1'],
      [t0 + 865, 'Track B2'],
      [t0 + 1043, 'Track B3'],
      [t0 + 1306, 'Track B4'],
    ]);
  });

  it('starts at 12:00 UTC of the spin’s date when no start is given and the spin is not dated the day it was added', () => {
    const [only] = computeListens(
      { listenedAt: '2026-11-01', startedAt: null, addedAt: new Date('2026-11-05T08:00:00Z') },
      [{ recordId: 1, tracklist: twoSides, sides: null }],
    );
    const t0 = at('2026-11-01T12:00:00Z');
    // All 9 tracks (no sides = all): 201, 185 (185.4 s), 240, 199, 222, 305, 178, 263.
    expect(only!.listens!.map((l) => l.listened_at)).toEqual([
      t0,
      t0 + 201,
      t0 + 386,
      t0 + 626,
      t0 + 825,
      t0 + 1047,
      t0 + 1352,
      t0 + 1530,
      t0 + 1793,
    ]);
  });

  it('ends the last listen at the time of the add when the spin is dated today and has no start', () => {
    const addedAt = new Date('2026-11-20T21:00:00Z');
    const [only] = computeListens({ listenedAt: '2026-11-20', startedAt: null, addedAt }, [
      { recordId: 1, tracklist: twoSides, sides: ['A'] },
    ]);
    const end = at('2026-11-20T21:00:00Z');
    // Side A: 201 + 185 + 240 + 199 + 222 = 1047 s.
    const listens = only!.listens!;
    expect(listens[0]!.listened_at).toBe(end - 1047);
    expect(listens[4]!.listened_at + 222).toBe(end);
  });

  it('writes each listen as API.md says, leaving duration_ms out when the length is unknown (never null)', () => {
    const [only] = computeListens(
      { listenedAt: '2026-11-01', startedAt: new Date('2026-11-01T10:00:00Z'), addedAt: new Date() },
      [{ recordId: 1, tracklist: fourSides, sides: ['C'] }],
    );
    const [c1, c2] = only!.listens!;
    expect(c1).toEqual({
      listened_at: at('2026-11-01T10:00:00Z'),
      track_metadata: {
        artist_name: 'Orbit Sessions',
        track_name: 'Song C1',
        release_name: 'Long Player',
        additional_info: {
          release_mbid: REL2,
          tracknumber: 'C1',
          duration_ms: 100_000,
          submission_client: 'Spincrate',
          submission_client_version: expect.stringMatching(/^\d+\.\d+\.\d+/),
        },
      },
    });
    expect(c2!.track_metadata.additional_info).not.toHaveProperty('duration_ms');
    expect(JSON.stringify(c2)).not.toContain('null');

    const [withIds] = computeListens(
      { listenedAt: '2026-11-01', startedAt: null, addedAt: new Date('2026-12-01T00:00:00Z') },
      [{ recordId: 1, tracklist: twoSides, sides: ['A'] }],
    );
    expect(withIds!.listens![0]!.track_metadata.additional_info).toMatchObject({
      release_mbid: REL,
      release_group_mbid: GROUP,
      recording_mbid: '44444444-4444-4444-8444-444444444440',
      tracknumber: 'A1',
      duration_ms: 201_000,
    });
  });

  it('skips a record without tracklist and keeps the times of the others running', () => {
    const result = computeListens(
      { listenedAt: '2026-11-01', startedAt: new Date('2026-11-01T10:00:00Z'), addedAt: new Date() },
      [
        { recordId: 1, tracklist: null, sides: null },
        { recordId: 2, tracklist: twoSides, sides: ['B'] },
      ],
    );
    expect(result[0]).toEqual({ recordId: 1, listens: null });
    expect(result[1]!.listens!.map((l) => l.listened_at)[0]).toBe(at('2026-11-01T10:00:00Z'));
  });

  it('takes every track when the numbers have no side letters', () => {
    const plain: Tracklist = {
      ...twoSides,
      tracks: twoSides.tracks.map((t, i) => ({ ...t, number: String(i + 1) })),
    };
    const [only] = computeListens(
      { listenedAt: '2026-11-01', startedAt: new Date('2026-11-01T10:00:00Z'), addedAt: new Date() },
      [{ recordId: 1, tracklist: plain, sides: ['A'] }],
    );
    expect(only!.listens).toHaveLength(9);
  });
});

describe('submissions', () => {
  const listen = (i: number): Listen => ({
    listened_at: 1_700_000_000 + i,
    track_metadata: {
      artist_name: 'A',
      track_name: `T${i}`,
      release_name: 'R',
      additional_info: {
        release_mbid: REL,
        tracknumber: `A${i}`,
        submission_client: 'Spincrate',
        submission_client_version: '1',
      },
    },
  });

  it('sends one listen as single, more as import, at most 1,000 a request', () => {
    const one = submissions([listen(1)]).map(
      (b) => JSON.parse(b) as { listen_type: string; payload: Listen[] },
    );
    expect(one).toEqual([{ listen_type: 'single', payload: [listen(1)] }]);

    const many = Array.from({ length: 2001 }, (_, i) => listen(i));
    const bodies = submissions(many).map((b) => JSON.parse(b) as { listen_type: string; payload: Listen[] });
    expect(bodies.map((b) => [b.listen_type, b.payload.length])).toEqual([
      ['import', 1000],
      ['import', 1000],
      ['single', 1],
    ]);
    expect(bodies.flatMap((b) => b.payload)).toEqual(many);
  });

  it('refuses listens ListenBrainz would refuse (checked before anything is stored)', () => {
    expect(() => submissions([{ ...listen(1), listened_at: 1.5 }])).toThrow();
    const noName = listen(2);
    noName.track_metadata.track_name = ' ';
    expect(() => submissions([noName])).toThrow();
  });
});
