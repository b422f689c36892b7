/**
 * The planning of an import back (API.md "ListenBrainz": Import back): names compared without
 * edition suffixes, and listens of records played in turns grouped per record.
 */
import { describe, expect, it } from 'vitest';
import { comparableName, planImport, type CrateRecord } from './importPlan.js';

describe('comparableName', () => {
  it.each([
    ['Kind of Blue (Legacy Edition)', 'kind of blue'],
    ['ABBEY ROAD [Remastered]', 'abbey road'],
    ['Rumours (Deluxe Edition) [2013 Remaster]', 'rumours'],
    ['Let It Be - Remastered 2009', 'let it be'],
    ['Exile On Main St. – 2010 Reissue', 'exile on main st.'],
    ['  Blue   Train ', 'blue train'],
    ['Don’t Stand So Close', "don't stand so close"],
  ])('%j compares as %j', (name, expected) => {
    expect(comparableName(name)).toBe(expected);
  });

  it('keeps a dash that is part of the title, and a title that is all brackets', () => {
    expect(comparableName('Sgt. Pepper - The Movie')).toBe('sgt. pepper - the movie');
    expect(comparableName('(Untitled)')).toBe('(untitled)');
  });
});

describe('planImport', () => {
  const records: CrateRecord[] = [
    { id: 1, title: 'Kind of Blue', artist: 'Miles Davis', release_group_ids: [], release_ids: [] },
    { id: 2, title: 'Blue Train', artist: 'John Coltrane', release_group_ids: [], release_ids: [] },
  ];
  const listen = (at: number, artist: string, release: string) => ({
    listened_at: at,
    track_metadata: {
      artist_name: artist,
      track_name: `t${at}`,
      release_name: release,
      additional_info: { media_player: 'turntable', duration_ms: 120_000 },
    },
  });

  it('groups each record on its own when two records are played in turns', () => {
    const t0 = 1_773_482_400;
    const plan = planImport(
      [
        listen(t0, 'Miles Davis', 'Kind of Blue'),
        listen(t0 + 600, 'John Coltrane', 'Blue Train'),
        listen(t0 + 1200, 'Miles Davis', 'Kind of Blue'),
        listen(t0 + 1800, 'John Coltrane', 'Blue Train'),
      ],
      records,
      new Set(),
    );
    expect(plan.spins.map((s) => [s.recordId, s.listens.length, s.minutesSpent])).toEqual([
      [1, 2, 22],
      [2, 2, 22],
    ]);
    expect(plan.sources).toEqual([{ source: 'turntable', listens: 4, spins: 2 }]);
  });

  it('matches by the release group or release ListenBrainz mapped a listen to, when the listen names none', () => {
    const group = '8e8a594f-2175-38e4-8e5c-cd2c6a0d4a56';
    const release = '1a2b3c4d-0000-4000-8000-00000000b7a1';
    const crate: CrateRecord[] = [
      {
        id: 7,
        title: 'Kind of Blue (Legacy)',
        artist: 'Miles Davis',
        release_group_ids: [group],
        release_ids: [],
      },
      {
        id: 8,
        title: 'Blue Train (Tone Poet)',
        artist: 'Coltrane',
        release_group_ids: [],
        release_ids: [release],
      },
    ];
    const t0 = 1_773_482_400;
    const mapped = (at: number, mbid_mapping: Record<string, string>) => ({
      listened_at: at,
      track_metadata: {
        artist_name: 'Someone Else',
        track_name: `t${at}`,
        release_name: 'Another Name',
        additional_info: { media_player: 'turntable' },
        mbid_mapping,
      },
    });
    const plan = planImport(
      [mapped(t0, { release_group_mbid: group.toUpperCase() }), mapped(t0 + 7200, { release_mbid: release })],
      crate,
      new Set(),
    );
    expect(plan.spins.map((s) => s.recordId)).toEqual([7, 8]);
  });
});
