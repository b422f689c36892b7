// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { requestFailure } from '@/lib/requests';
import { fetchUser, selectUserChecked, setUser, userReducer } from './session';

describe('user reducer', () => {
  it('starts empty and unchecked, and is loading while FETCH_USER is asked', () => {
    const start = userReducer(undefined, { type: '@@init' });
    expect(start).toEqual({ user: {}, status: 'idle' });
    expect(selectUserChecked({ user: start })).toBe(false);
    const asking = userReducer(start, fetchUser());
    expect(asking).toEqual({ user: {}, status: 'loading' });
    expect(selectUserChecked({ user: asking })).toBe(false);
  });
  it('stores the user on SET_USER and the empty user on logout', () => {
    const signedIn = userReducer(undefined, setUser({ id: 1, username: 'riley' }));
    expect(signedIn).toEqual({ user: { id: 1, username: 'riley' }, status: 'succeeded' });
    expect(userReducer(signedIn, setUser({}))).toEqual({ user: {}, status: 'succeeded' });
  });
  it('treats a failed FETCH_USER as logged out, and ignores other failures', () => {
    const state = userReducer(undefined, requestFailure(fetchUser.type)({ message: 'Network Error' }));
    expect(state).toEqual({ user: {}, status: 'failed' });
    expect(selectUserChecked({ user: state })).toBe(true);
    const signedIn = userReducer(undefined, setUser({ id: 1, username: 'riley' }));
    expect(userReducer(signedIn, requestFailure('FETCH_SPINS')({ message: 'x' }))).toBe(signedIn);
  });
});
