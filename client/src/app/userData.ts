/**
 * The signed-in user's data: the slices (PRODUCT.md §3) and sagas (§7) of the features only
 * signed-in screens use — records, social, spins, blindbag, imports, stats. Not part of the
 * first load (issue 11: the login screen ≤ 100 KB): the store loads this module when a user
 * signs in, or at start when the page says one is (app/store.ts `loadUserData`), and the
 * route guard waits for it (app/RequireUser.tsx).
 */
import { all, call, race, take } from 'redux-saga/effects';
import { barcodeReducer } from '@/features/records/barcode.slice';
import { moodReducer } from '@/features/records/mood.slice';
import { recordLookupReducer } from '@/features/records/recordLookup.slice';
import { recordsReducer } from '@/features/records/recordList.slice';
import { recordsStatusReducer } from '@/features/records/recordSave.slice';
import {
  friendRequestReducer,
  friendsReducer,
  hotpReducer,
  latestListensReducer,
} from '@/features/social/social.slice';
import {
  recordPickerReducer,
  spinLookupReducer,
  spinsListReducer,
  spinsReducer,
} from '@/features/spins/spins.slice';
import { blindbagReducer } from '@/features/blindbag/blindbag.slice';
import { importsReducer } from '@/features/imports/imports.slice';
import { statsReducer } from '@/features/stats/stats.slice';
import { yearReviewReducer } from '@/features/stats/yearReview.slice';
import { recordsSaga } from '@/features/records/records.saga';
import { socialSaga } from '@/features/social/social.saga';
import { spinsSaga } from '@/features/spins/spins.saga';
import { blindbagSaga } from '@/features/blindbag/blindbag.saga';
import { importsSaga } from '@/features/imports/imports.saga';
import { statsSaga } from '@/features/stats/stats.saga';
import { wantsReducer } from '@/features/wants/wants.slice';
import { wantsSaga } from '@/features/wants/wants.saga';
import { offlineReducer } from '@/lib/offline/state';
import { offlineSaga } from '@/features/offline/offline.saga';
import { endsSession } from '@/entities/session/session';
import { isOfflineStart } from '@/lib/bootSession';
import { whenReachable } from '@/lib/connectivity';

// A page the service worker started without the server (main.tsx): the server is checked at
// once, so the screen's first call goes to the offline copy instead of waiting to fail; the
// copy's reads come with the user data (features/records/records.saga.ts reads the collection's
// first screen ahead) (issue 24: the offline start to the first cover).
if (typeof document !== 'undefined' && isOfflineStart(document)) void whenReachable();

/** The user data's reducers, by state key (PRODUCT.md §3). */
export const userDataReducers = {
  records: recordsReducer,
  recordsStatus: recordsStatusReducer,
  recordLookup: recordLookupReducer,
  mood: moodReducer,
  barcode: barcodeReducer,
  friends: friendsReducer,
  friendRequest: friendRequestReducer,
  hotp: hotpReducer,
  latestListens: latestListensReducer,
  spins: spinsReducer,
  spinLookup: spinLookupReducer,
  spinsList: spinsListReducer,
  recordPicker: recordPickerReducer,
  blindbag: blindbagReducer,
  imports: importsReducer,
  stats: statsReducer,
  yearReview: yearReviewReducer,
  wants: wantsReducer,
  offline: offlineReducer,
};

/** The state the user data's reducers hold. */
export type UserDataState = {
  [K in keyof typeof userDataReducers]: ReturnType<(typeof userDataReducers)[K]>;
};

/**
 * The sagas that load the signed-in user's data. When the session ends (logout, or a
 * 401) they are cancelled and started again, so an answer still on its way for the
 * previous user is dropped instead of filling the next user's screens.
 */
export function* userDataSagas() {
  for (;;) {
    yield race({
      run: all([
        call(recordsSaga),
        call(socialSaga),
        call(spinsSaga),
        call(blindbagSaga),
        call(importsSaga),
        call(statsSaga),
        call(wantsSaga),
        call(offlineSaga),
      ]),
      ended: take(endsSession),
    });
  }
}
