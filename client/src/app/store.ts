/**
 * The Redux store: the slices of PRODUCT.md §3 and the sagas that answer the named
 * actions of §7.
 */
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { errorsReducer } from '@/features/auth/auth.slice';
import { userReducer } from '@/lib/session';
import { configReducer, themeReducer } from '@/features/layout/layout.slice';
import {
  barcodeReducer,
  moodReducer,
  recordLookupReducer,
  recordsReducer,
  recordsStatusReducer,
} from '@/features/records/records.slice';
import { friendsReducer, hotpReducer, latestListensReducer } from '@/features/social/social.slice';
import { recordPickerReducer, spinLookupReducer, spinsReducer } from '@/features/spins/spins.slice';
import { blindbagReducer } from '@/features/blindbag/blindbag.slice';
import { importsReducer } from '@/features/imports/imports.slice';
import { statsReducer } from '@/features/stats/stats.slice';
import { rootSaga } from './rootSaga';

export const rootReducer = combineReducers({
  errors: errorsReducer,
  user: userReducer,
  records: recordsReducer,
  recordsStatus: recordsStatusReducer,
  recordLookup: recordLookupReducer,
  mood: moodReducer,
  barcode: barcodeReducer,
  friends: friendsReducer,
  hotp: hotpReducer,
  latestListens: latestListensReducer,
  spins: spinsReducer,
  spinLookup: spinLookupReducer,
  recordPicker: recordPickerReducer,
  blindbag: blindbagReducer,
  imports: importsReducer,
  stats: statsReducer,
  theme: themeReducer,
  config: configReducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/**
 * Builds a store with the sagas running.
 * @param preloadedState - initial state (tests)
 */
export function makeStore(preloadedState?: Partial<RootState>) {
  const sagaMiddleware = createSagaMiddleware();
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault({ thunk: false }).concat(sagaMiddleware),
  });
  sagaMiddleware.run(rootSaga);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
