/**
 * Starts the service worker's registration once the page has loaded and the browser is
 * idle (EXTENSIONS.md §9): the registration, workbox-window and the update toast are a chunk
 * of their own (registerServiceWorker.ts), so the first load's script stays within its
 * budget (lib/entryGuard.ts) and the worker's first download of the app's files never
 * competes with the first screen. Called by main.tsx. Part of the first load: keep it small.
 */

/** How long an idle moment is waited for at most after the page's `load`, in milliseconds. */
const IDLE_TIMEOUT_MS = 5_000;

/**
 * Registers the service worker after `load` and an idle moment. Does nothing where browsers
 * have no service workers, and on Vite's development server (which builds none).
 */
export function scheduleServiceWorker(): void {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  const register = () => {
    void import('./registerServiceWorker').then((m) => m.registerServiceWorker()).catch(() => undefined);
  };
  const whenIdle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(register, { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(register, 0);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
