/**
 * Sagas of the wantlist (API.md "Wantlist"): each named action makes its call and puts the
 * answer, or its failure action (PRODUCT.md §8). takeLatest: a newer request of
 * the same kind cancels the one on its way.
 */
import { dropReplacedItem, newClientId, queueOffline } from '@/lib/offline/queue';
import { requestOrCopy, type CopyReads } from '@/lib/offline/fallback';
import { offlineCopyHidden, offlineCopyShown } from '@/lib/offline/state';
import { isUnreachableError } from '@/lib/connectivity';
import { all, call, put, takeLatest } from 'redux-saga/effects';
import type { AxiosResponse } from 'axios';
import type { BarcodeLookup, CrateRecord, FriendWant, Want, WantOwner } from '@spincrate/contract';
import { api } from '@/lib/api';
import { lookUpOrAnswerFromCopy } from '@/lib/offline/shop';
import { failureOf } from '@/lib/requests';
import {
  fetchFriendWants,
  fetchFriendWantsFailed,
  fetchWantOwners,
  fetchWantOwnersFailed,
  fetchWants,
  fetchWantsFailed,
  gotWant,
  gotWantFailed,
  lookupWantBarcode,
  lookupWantBarcodeFailed,
  postWant,
  postWantFailed,
  putWant,
  putWantFailed,
  removeWant,
  removeWantFailed,
} from './wants.actions';
import {
  setFriendWants,
  setWantBarcode,
  setWantOwners,
  setWants,
  wantAdded,
  wantDeleted,
  wantEdited,
  wantGot,
} from './wants.slice';

/** GET /api/want?sort=S[&search=T]. */
function* fetchWantsWorker(action: ReturnType<typeof fetchWants>) {
  const search = action.payload.search?.trim();
  try {
    // The wantlist from the offline copy while the server can't be reached (EXTENSIONS.md §9).
    const { response, copyShown } = (yield call(
      requestOrCopy<AxiosResponse<Want[]>>,
      () =>
        api.get<Want[]>('/api/want', {
          params: { sort: action.payload.sort, ...(search ? { search } : {}) },
        }),
      function* showCopy(reads: CopyReads, userId: number) {
        const copy = (yield call(reads.readCopyWants, userId, action.payload.sort, search ?? '')) as Awaited<
          ReturnType<CopyReads['readCopyWants']>
        >;
        if (!copy) return false;
        yield put(setWants(copy.value));
        yield put(offlineCopyShown({ screen: 'wants', syncedAt: copy.syncedAt }));
        return true;
      },
    )) as { response: AxiosResponse<Want[]>; copyShown: boolean };
    if (copyShown) yield put(offlineCopyHidden('wants'));
    yield put(setWants(response.data));
  } catch (err) {
    yield put(fetchWantsFailed(failureOf(err)));
  }
}

/**
 * POST /api/want/add with a fresh `clientId`; when it gets no answer at all, the want goes to the
 * outbox with that `clientId` (EXTENSIONS.md §9) and the screen moves on (WRITE_QUEUED). A want
 * edited from a refused outbox want (`meta.replaces`) removes that one once it is stored or queued.
 */
function* postWantWorker(action: ReturnType<typeof postWant>) {
  const clientId = newClientId();
  const replaces = action.meta?.replaces;
  try {
    const response: AxiosResponse<Want> = yield call([api, api.post], '/api/want/add', {
      ...action.payload,
      ...(clientId ? { clientId } : {}),
    });
    if (replaces) yield call(dropReplacedItem, replaces);
    yield put(wantAdded(response.data));
  } catch (err) {
    if (isUnreachableError(err)) {
      const queued = (yield call(queueOffline, 'want', { ...action.payload }, clientId)) as boolean;
      if (queued) {
        if (replaces) yield call(dropReplacedItem, replaces);
        return;
      }
    }
    yield put(postWantFailed(failureOf(err)));
  }
}

/** PUT /api/want/edit. */
function* putWantWorker(action: ReturnType<typeof putWant>) {
  try {
    const response: AxiosResponse<Want> = yield call([api, api.put], '/api/want/edit', action.payload);
    yield put(wantEdited(response.data));
  } catch (err) {
    yield put(putWantFailed(failureOf(err)));
  }
}

/** DELETE /api/want/{id}. */
function* removeWantWorker(action: ReturnType<typeof removeWant>) {
  try {
    yield call([api, api.delete], `/api/want/${action.payload}`);
    yield put(wantDeleted(action.payload));
  } catch (err) {
    yield put(removeWantFailed(failureOf(err)));
  }
}

/** POST /api/want/{id}/got: the new record of the crate. */
function* gotWantWorker(action: ReturnType<typeof gotWant>) {
  try {
    const response: AxiosResponse<CrateRecord> = yield call(
      [api, api.post],
      `/api/want/${action.payload.id}/got`,
      action.payload.body,
    );
    yield put(wantGot({ wantId: action.payload.id, record: response.data }));
  } catch (err) {
    yield put(gotWantFailed(failureOf(err)));
  }
}

/** GET /api/want/{id}/owners. */
function* fetchWantOwnersWorker(action: ReturnType<typeof fetchWantOwners>) {
  try {
    const response: AxiosResponse<WantOwner[]> = yield call(
      [api, api.get],
      `/api/want/${action.payload}/owners`,
    );
    yield put(setWantOwners({ id: action.payload, owners: response.data }));
  } catch (err) {
    yield put(fetchWantOwnersFailed(failureOf(err)));
  }
}

/** GET /api/social/friends/want?id=F. */
function* fetchFriendWantsWorker(action: ReturnType<typeof fetchFriendWants>) {
  try {
    const response: AxiosResponse<FriendWant[]> = yield call([api, api.get], '/api/social/friends/want', {
      params: { id: action.payload, sort: 'priority' },
    });
    yield put(setFriendWants({ friendId: action.payload, wants: response.data }));
  } catch (err) {
    yield put(fetchFriendWantsFailed(failureOf(err)));
  }
}

/** GET /api/lookup/barcode?code=C for the add a want form. */
function* lookupWantBarcodeWorker(action: ReturnType<typeof lookupWantBarcode>) {
  try {
    // Without the server (or after 3 s), the offline copy answers meanwhile (EXTENSIONS.md §9).
    const response: AxiosResponse<BarcodeLookup> = yield call(lookUpOrAnswerFromCopy, action.payload, () =>
      api.get<BarcodeLookup>('/api/lookup/barcode', { params: { code: action.payload } }),
    );
    yield put(setWantBarcode(response.data));
  } catch (err) {
    yield put(lookupWantBarcodeFailed(failureOf(err)));
  }
}

/** Root saga of the wantlist. */
export function* wantsSaga() {
  yield all([
    takeLatest(fetchWants.type, fetchWantsWorker),
    takeLatest(postWant.type, postWantWorker),
    takeLatest(putWant.type, putWantWorker),
    takeLatest(removeWant.type, removeWantWorker),
    takeLatest(gotWant.type, gotWantWorker),
    takeLatest(fetchWantOwners.type, fetchWantOwnersWorker),
    takeLatest(fetchFriendWants.type, fetchFriendWantsWorker),
    takeLatest(lookupWantBarcode.type, lookupWantBarcodeWorker),
  ]);
}
