// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { fetchSingleSpin, fetchSingleSpinFailed, fetchSpinsFailed } from './spins.actions';
import { selectSpinNotFound, setSpins, spinLookupReducer, spinsReducer } from './spins.slice';

describe('spins reducer', () => {
  it('starts empty, and SET_SPINS replaces the list (one spin’s rows replace the whole list)', () => {
    const list = [
      {
        id: 7,
        listened_at: '2026-11-20',
        time_spent: '1:05',
        spin_details: 'a',
        records: [],
        started_at: null,
        scrobble: { state: 'off' as const, listens: 0, message: null },
      },
      {
        id: 8,
        listened_at: '2026-11-19',
        time_spent: '0:30',
        spin_details: 'b',
        records: [],
        started_at: null,
        scrobble: { state: 'off' as const, listens: 0, message: null },
      },
    ];
    const { records: _records, ...spin } = list[0]!;
    const row = {
      ...spin,
      album_id: 12,
      title: 'Kind of Blue',
      artist: 'Miles Davis',
      coverart: '/c.jpg',
      cover: null,
    };
    expect(spinsReducer(undefined, { type: '@@INIT' })).toEqual([]);
    const state = spinsReducer([], setSpins(list));
    expect(state).toEqual(list);
    expect(spinsReducer(state, setSpins([row]))).toEqual([row]);
  });
});

describe('spinLookup reducer', () => {
  it('goes idle → loading → succeeded on FETCH_SINGLE_SPIN answered, and says not found on a 404 or 400', () => {
    let state = spinLookupReducer(undefined, { type: '@@INIT' });
    expect(state).toEqual({ status: 'idle', notFound: false });
    state = spinLookupReducer(state, fetchSingleSpin(7));
    expect(state).toEqual({ status: 'loading', notFound: false });
    state = spinLookupReducer(state, setSpins([]));
    expect(state).toEqual({ status: 'succeeded', notFound: false });
    for (const status of [404, 400]) {
      state = spinLookupReducer(state, fetchSingleSpin(7));
      state = spinLookupReducer(state, fetchSingleSpinFailed({ status, message: 'x' }));
      expect(state).toEqual({ status: 'failed', notFound: true });
      expect(selectSpinNotFound({ spinLookup: state })).toBe(true);
    }
    // Another failure of the lookup is not "not found"; another call failing changes nothing.
    state = spinLookupReducer(state, fetchSingleSpin(7));
    state = spinLookupReducer(state, fetchSingleSpinFailed({ status: 500, message: 'x' }));
    expect(state).toEqual({ status: 'failed', notFound: false });
    state = spinLookupReducer(state, fetchSpinsFailed({ status: 404, message: 'x' }));
    expect(state).toEqual({ status: 'failed', notFound: false });
  });
});
