import { describe, expect, it } from 'vitest';
import { requestFailed } from './requests';
import { fetchUser, setUser, userReducer } from './session';

describe('user reducer', () => {
  it('starts empty and unchecked', () => {
    expect(userReducer(undefined, { type: '@@init' })).toEqual({ user: {}, checked: false });
  });
  it('stores the user on SET_USER and the empty user on logout', () => {
    const signedIn = userReducer(undefined, setUser({ id: 1, username: 'riley' }));
    expect(signedIn).toEqual({ user: { id: 1, username: 'riley' }, checked: true });
    expect(userReducer(signedIn, setUser({}))).toEqual({ user: {}, checked: true });
  });
  it('treats a failed FETCH_USER as logged out, and ignores other failures', () => {
    const state = userReducer(undefined, requestFailed({ action: fetchUser.type, message: 'Network Error' }));
    expect(state).toEqual({ user: {}, checked: true });
    const signedIn = userReducer(undefined, setUser({ id: 1, username: 'riley' }));
    expect(userReducer(signedIn, requestFailed({ action: 'FETCH_SPINS', message: 'x' }))).toBe(signedIn);
  });
});
