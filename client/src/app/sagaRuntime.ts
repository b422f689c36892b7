/**
 * redux-saga and the first load's root saga, loaded on demand by the store's saga
 * middleware (app/lazySagas.ts): a visitor who only looks at the login screen never needs
 * them (issue 11: the login screen ≤ 100 KB); the first action, the login form's focus or a
 * signed-in start loads them.
 */
export { default as createSagaMiddleware } from 'redux-saga';
export { rootSaga } from './rootSaga';
