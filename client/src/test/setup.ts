import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './server';
import { resetConnectivity } from '@/lib/connectivity';
import { ASYNC_UTIL_TIMEOUT_MS } from './timeouts';

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
afterEach(() => {
  server.resetHandlers();
  resetConnectivity();
  if (!hasDom) return;
  cleanup();
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
  await new Promise((resolve) => setTimeout(resolve, 150));
});
