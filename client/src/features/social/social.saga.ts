/**
 * Sagas of the social feature (PRODUCT.md §4, §7): friends, friendships, Hot Off The
 * Press and Latest Listens. Every worker catches its error and puts its request's failure action
 * (PRODUCT.md §8: failures are not shown to the user).
 */
import { all, call, put, takeEvery, takeLatest } from 'redux-saga/effects';
import type { AxiosResponse } from 'axios';
import {
  fetchHotp,
  fetchHotpFailed,
  fetchLatestListens,
  fetchLatestListensFailed,
  postFriendship,
  postFriendshipFailed,
} from './social.actions';
import { postFriendshipDone, setFriends, setHotp, setLatestListens } from './social.slice';
import {
  deleteFriendship,
  deleteFriendshipFailed,
  fetchFriends,
  fetchFriendsFailed,
} from '@/entities/friends/friends';
import { failureOf } from '@/lib/requests';
import { api, errorStatus } from '@/lib/api';
import type { Friend, HotpRow as HotpRecord, LatestListenRow as LatestListen } from '@spincrate/contract';

/** FETCH_FRIENDS: GET /api/social/friends, then friends/setFriends, or FETCH_FRIENDS_FAILED. */
export function* fetchFriendsWorker() {
  try {
    const response: AxiosResponse<Friend[]> = yield call([api, api.get], '/api/social/friends');
    yield put(setFriends(response.data));
  } catch (err) {
    yield put(fetchFriendsFailed(failureOf(err)));
  }
}

/**
 * POST_FRIENDSHIP: POST /api/social/add, then refetch the friends; POST_FRIENDSHIP_DONE tells
 * the form the outcome: a 404 (no such user) is told apart (EXTENSIONS.md §11), any other
 * failure is not shown to the user (PRODUCT.md §4 "Add friend").
 */
export function* postFriendshipWorker(action: ReturnType<typeof postFriendship>) {
  const name = action.payload.friend_username;
  try {
    yield call([api, api.post], '/api/social/add', action.payload);
    yield put(postFriendshipDone({ friend_username: name, unknown: false }));
    yield put(fetchFriends());
  } catch (err) {
    yield put(postFriendshipFailed(failureOf(err)));
    yield put(postFriendshipDone({ friend_username: name, unknown: errorStatus(err) === 404 }));
  }
}

/** DELETE_FRIENDSHIP (payload: the friend's id): DELETE /api/social/{id}, then refetch the friends. */
export function* deleteFriendshipWorker(action: ReturnType<typeof deleteFriendship>) {
  try {
    yield call([api, api.delete], `/api/social/${action.payload}`);
    yield put(fetchFriends());
  } catch (err) {
    yield put(deleteFriendshipFailed(failureOf(err)));
  }
}

/** FETCH_HOTP: GET /api/social/hotp, then hotp/setHotp, or FETCH_HOTP_FAILED. */
export function* fetchHotpWorker() {
  try {
    const response: AxiosResponse<HotpRecord[]> = yield call([api, api.get], '/api/social/hotp');
    yield put(setHotp(response.data));
  } catch (err) {
    yield put(fetchHotpFailed(failureOf(err)));
  }
}

/** FETCH_LATEST_LISTENS: GET /api/social/latestListens, then latestListens/setLatestListens, or FETCH_LATEST_LISTENS_FAILED. */
export function* fetchLatestListensWorker() {
  try {
    const response: AxiosResponse<LatestListen[]> = yield call([api, api.get], '/api/social/latestListens');
    yield put(setLatestListens(response.data));
  } catch (err) {
    yield put(fetchLatestListensFailed(failureOf(err)));
  }
}

/** Root saga of the social feature. */
export function* socialSaga() {
  yield all([
    takeLatest(fetchFriends.type, fetchFriendsWorker),
    takeEvery(postFriendship.type, postFriendshipWorker),
    takeEvery(deleteFriendship.type, deleteFriendshipWorker),
    takeLatest(fetchHotp.type, fetchHotpWorker),
    takeLatest(fetchLatestListens.type, fetchLatestListensWorker),
  ]);
}
