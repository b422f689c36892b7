/**
 * Registers Spincrate's service worker (src/sw/sw.ts, EXTENSIONS.md §9) with workbox-window
 * (vite-plugin-pwa's `virtual:pwa-register`). Loaded after the first paint
 * (scheduleServiceWorker.ts). A new version waits beside the running one: the page shows
 * "New version — reload" (NewVersionToast.tsx), whose Reload button activates it and
 * reloads; otherwise it takes over at the next start.
 */
import { registerSW } from 'virtual:pwa-register';

/**
 * Registers the service worker now (the page has loaded) and offers a new version when one
 * is waiting.
 * @param doc - where the toast is shown (default `document`)
 */
export function registerServiceWorker(doc: Document = document): void {
  const updateServiceWorker = registerSW({
    immediate: true,
    onNeedRefresh() {
      void import('./NewVersionToast')
        .then(({ showNewVersionToast }) => showNewVersionToast(() => updateServiceWorker(true), doc))
        .catch(() => undefined);
    },
  });
}
