import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './server';

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
  if (!hasDom) return;
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
  document.body.className = 'light';
});
afterAll(() => server.close());
