/** Sagas of the blindbag feature: FETCH_BLINDBAG draws a random record (GET /api/blindbag). */
import { all, call, put, select, takeLatest } from 'redux-saga/effects';
import type { AxiosResponse } from 'axios';
import { clearBlindbag, fetchBlindbag, fetchBlindbagFailed } from './blindbag.actions';
import { setBlindbag } from './blindbag.slice';
import { failureOf } from '@/lib/requests';
import { requestOrCopy, type CopyReads } from '@/lib/offline/fallback';
import { offlineCopyHidden, offlineCopyShown, selectShowsOfflineCopy } from '@/lib/offline/state';
import { api } from '@/lib/api';
import type { BlindbagRecord } from '@spincrate/contract';

/**
 * Draws a random record; the filter text, when not empty, is sent as the `search` query
 * parameter, and `unplayedDays`, when set, as `unplayedDays` (EXTENSIONS.md §2). A 404
 * (nothing matches) is put as FETCH_BLINDBAG_FAILED with its status.
 */
export function* fetchBlindbagWorker(action: ReturnType<typeof fetchBlindbag>) {
  const payload = typeof action.payload === 'object' ? action.payload : { search: action.payload };
  const search = payload.search?.trim();
  const params: Record<string, string | number> = {};
  if (search) params.search = search;
  if (payload.unplayedDays) params.unplayedDays = payload.unplayedDays;
  if (payload.folder) params.folder = payload.folder;
  try {
    // A draw from the offline copy, with the same filters, while the server can't be reached
    // (EXTENSIONS.md §9); nothing matching there is the server's 404.
    const { response, copyShown } = (yield call(
      requestOrCopy<AxiosResponse<BlindbagRecord>>,
      () => api.get<BlindbagRecord>('/api/blindbag', { params }),
      function* showCopy(reads: CopyReads, userId: number) {
        const copy = (yield call(reads.drawFromCopy, userId, {
          search,
          unplayedDays: payload.unplayedDays,
          folder: payload.folder,
        })) as Awaited<ReturnType<CopyReads['drawFromCopy']>>;
        if (!copy) return false;
        const drawn = copy.value;
        if (drawn) {
          // Its own thumbnails too (API.md "Covers served by Spincrate"); a copy synced before
          // records had `cover` has none.
          yield put(
            setBlindbag({
              id: drawn.id,
              title: drawn.title,
              artist: drawn.artist,
              coverart: drawn.coverart,
              cover: drawn.cover ?? null,
            }),
          );
        } else {
          yield put(fetchBlindbagFailed({ status: 404, message: 'nothing matches' }));
        }
        yield put(offlineCopyShown({ screen: 'blindbag', syncedAt: copy.syncedAt }));
        return true;
      },
    )) as { response: AxiosResponse<BlindbagRecord>; copyShown: boolean };
    // The copy's draw stands: a second record must not replace it under the user's eyes.
    if (copyShown) return;
    const chip = (yield select(selectShowsOfflineCopy, 'blindbag')) as boolean;
    if (chip) yield put(offlineCopyHidden('blindbag'));
    yield put(setBlindbag(response.data));
  } catch (err) {
    yield put(fetchBlindbagFailed(failureOf(err)));
  }
}

function* drawOrCancelWorker(action: ReturnType<typeof fetchBlindbag> | ReturnType<typeof clearBlindbag>) {
  if (fetchBlindbag.match(action)) yield call(fetchBlindbagWorker, action);
}

/** Root saga of the blindbag feature. CLEAR_BLINDBAG shares the takeLatest, so leaving cancels a draw in flight. */
export function* blindbagSaga() {
  yield all([takeLatest([fetchBlindbag.type, clearBlindbag.type], drawOrCancelWorker)]);
}
