import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import axios from 'axios';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { server } from './server';
import { resetConnectivity } from '@/lib/connectivity';
import { ASYNC_UTIL_TIMEOUT_MS } from './timeouts';
import { abortRequests, abortRequestsOfEndedTests, cancelSagas, trackSagaTasks } from './teardown';
import { settlePopups, stopPopupTimers, trackPopups } from './popups';

// Every store's sagas, wherever the store is made (src/test/store.ts, or app/store.ts loading
// redux-saga on demand), are cancelled after the test (src/test/teardown.ts).
vi.mock('@/app/sagaRuntime', async (importOriginal) => {
  const runtime = await importOriginal<typeof import('@/app/sagaRuntime')>();
  return { ...runtime, createSagaMiddleware: trackSagaTasks(runtime.createSagaMiddleware) };
});
// Every popup is counted until it has given the focus back and gone (src/test/popups.ts).
vi.mock('sweetalert2', async (importOriginal) => {
  const swal = await importOriginal<typeof import('sweetalert2')>();
  return { ...swal, default: trackPopups(swal.default) };
});
// lib/api.ts's instance (made on its first call) sends each request with the test's abort signal.
abortRequestsOfEndedTests(axios);

// findBy…/waitFor wait for their state as long as the test may run (see timeouts.ts).
configure({ asyncUtilTimeout: ASYNC_UTIL_TIMEOUT_MS });

/** Whether the test file runs in jsdom (the default) rather than plain Node (`@vitest-environment node`). */
const hasDom = typeof window !== 'undefined';

// jsdom has no matchMedia; sweetalert2 (lib/alerts.ts) asks it for the colour scheme when drawing an icon.
if (hasDom && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  // What the test left running stops here, before the next test's handlers are in place: its
  // sagas, its popups (closed, the focus given back while the test's screen is still there,
  // not in the next test), then its screens (their effects' cleanup reaches no saga), then
  // its requests.
  cancelSagas();
  if (hasDom) {
    await settlePopups();
    cleanup();
  }
  abortRequests();
  server.resetHandlers();
  // A test that listens to the fake server's events and fails before it stops listening
  // would count the next tests' requests.
  server.events.removeAllListeners();
  resetConnectivity();
  if (!hasDom) return;
  sessionStorage.clear();
  localStorage.clear();
  document.body.className = 'light';
});
afterAll(async () => {
  server.close();
  if (!hasDom) return;
  // sweetalert2 gives focus back RESTORE_FOCUS_TIMEOUT (100 ms) after a popup closes. A popup
  // closed by a file's last test would have that timer fire after jsdom is torn down
  // ("HTMLElement is not defined"). Timers fire in the order they expire, so one set now
  // for a longer delay runs after it.
  stopPopupTimers();
  await new Promise((resolve) => setTimeout(resolve, 150));
});
