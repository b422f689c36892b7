import { describe, expect, it } from 'vitest';
import { setSpins } from './spins.actions';
import { spinsReducer } from './spins.slice';

describe('spins reducer', () => {
  it('starts empty, and SET_SPINS replaces the list (one spin’s rows replace the whole list)', () => {
    const list = [
      { id: 7, listened_at: '2026-11-20', time_spent: '1:05', spin_details: 'a', records: [] },
      { id: 8, listened_at: '2026-11-19', time_spent: '0:30', spin_details: 'b', records: [] },
    ];
    const { records: _records, ...spin } = list[0]!;
    const row = {
      ...spin,
      album_id: 12,
      title: 'Kind of Blue',
      artist: 'Miles Davis',
      coverart: '/c.jpg',
    };
    expect(spinsReducer(undefined, { type: '@@INIT' })).toEqual([]);
    const state = spinsReducer([], setSpins(list));
    expect(state).toEqual(list);
    expect(spinsReducer(state, setSpins([row]))).toEqual([row]);
  });
});
