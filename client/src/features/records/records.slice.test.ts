import { describe, expect, it } from 'vitest';
import {
  editRecord,
  fetchFriendsRecords,
  postRecord,
  recordSaved,
  searchRecords,
  setMood,
  setRecords,
} from './records.actions';
import { clearRecords, fetchRecords } from '@/lib/crate';
import { requestFailed } from '@/lib/requests';
import { makeRecord } from '@/lib/components/fixtures';
import {
  moodReducer,
  recordsReducer,
  recordsStatusReducer,
  selectFriendNotFound,
  selectRecordsLoaded,
  type RecordsStatus,
} from './records.slice';

describe('records reducers', () => {
  it('SET_RECORDS replaces the list and CLEAR_RECORDS empties it', () => {
    const a = makeRecord({ id: 1 });
    const b = makeRecord({ id: 2 });
    let state = recordsReducer(undefined, setRecords([a]));
    state = recordsReducer(state, setRecords([b]));
    expect(state).toEqual([b]);
    expect(recordsReducer(state, clearRecords())).toEqual([]);
  });

  it('RECORD_SAVED replaces an edited record in the list, and adds nothing', () => {
    const a = makeRecord({ id: 1, title: 'Old' });
    const b = makeRecord({ id: 2 });
    const edited = { ...a, title: 'New' };
    expect(recordsReducer([a, b], recordSaved(edited))).toEqual([edited, b]);
    expect(recordsReducer([b], recordSaved(edited))).toEqual([b]);
  });

  it('SET_MOOD stores the moods', () => {
    expect(moodReducer(undefined, setMood([{ id: 1, mood: 'Mellow' }]))).toEqual([{ id: 1, mood: 'Mellow' }]);
  });

  it('tracks whether the list has answered', () => {
    const loaded = (recordsStatus: RecordsStatus) => selectRecordsLoaded({ recordsStatus });
    expect(recordsStatusReducer(undefined, { type: '@@INIT' }).status).toBe('idle');
    let state = recordsStatusReducer(undefined, fetchRecords());
    expect(state.status).toBe('loading');
    expect(loaded(state)).toBe(false);
    state = recordsStatusReducer(state, setRecords([]));
    expect(state.status).toBe('succeeded');
    expect(loaded(state)).toBe(true);
    state = recordsStatusReducer(state, fetchFriendsRecords(5));
    expect(loaded(state)).toBe(false);
    state = recordsStatusReducer(
      state,
      requestFailed({ action: 'FETCH_FRIENDS_RECORDS', status: 404, message: 'x' }),
    );
    expect(state.status).toBe('failed');
    expect(loaded(state)).toBe(true);
    expect(selectFriendNotFound({ recordsStatus: state })).toBe(true);
    state = recordsStatusReducer(state, searchRecords('x'));
    expect(loaded(state)).toBe(false);
  });

  it('tracks the last save: loading, then succeeded or failed', () => {
    let state = recordsStatusReducer(
      undefined,
      postRecord({ artist: 'a', title: 't', mood: 1, details: '' }),
    );
    expect(state.save).toBe('loading');
    state = recordsStatusReducer(state, recordSaved(makeRecord()));
    expect(state.save).toBe('succeeded');
    state = recordsStatusReducer(
      state,
      editRecord({ id: 1, artist: 'a', title: 't', mood: 1, details: 'd' }),
    );
    expect(state.save).toBe('loading');
    state = recordsStatusReducer(state, requestFailed({ action: 'EDIT_RECORD', status: 400, message: 'x' }));
    expect(state.save).toBe('failed');
    // Another call failing does not touch the save status.
    state = recordsStatusReducer(state, requestFailed({ action: 'FETCH_MOOD', message: 'x' }));
    expect(state.save).toBe('failed');
  });
});
