// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { setUser } from '@/entities/session/session';
import type { HotpRow as HotpRecord, LatestListenRow as LatestListen } from '@spincrate/contract';
import {
  friendsReducer,
  hotpReducer,
  latestListensReducer,
  setFriends,
  setHotp,
  setLatestListens,
} from './social.slice';

describe('social reducers', () => {
  it('friends: friends/setFriends replaces the list; a logout empties it; the same user keeps it', () => {
    const friends = [{ friend_id: 5, friend_username: 'sam' }];
    const state = friendsReducer([{ friend_id: 1, friend_username: 'old' }], setFriends(friends));
    expect(state).toEqual(friends);
    expect(friendsReducer(state, setUser({ id: 1, username: 'riley' }))).toEqual(friends);
    expect(friendsReducer(state, setUser({}))).toEqual([]);
  });

  it('hotp: hotp/setHotp replaces the list', () => {
    const hotp = [{ id: 12, title: 'Kind of Blue', username: 'sam' }] as HotpRecord[];
    expect(hotpReducer(undefined, { type: '@@INIT' })).toEqual([]);
    expect(hotpReducer([], setHotp(hotp))).toEqual(hotp);
  });

  it('latest listens: latestListens/setLatestListens replaces the list', () => {
    const listens = [{ spin_id: 7, title: 'Kind of Blue', friend_username: 'sam' }] as LatestListen[];
    expect(latestListensReducer(undefined, { type: '@@INIT' })).toEqual([]);
    expect(latestListensReducer([], setLatestListens(listens))).toEqual(listens);
  });
});
