/**
 * The app's own status lines (EXTENSIONS.md §11): a thin progress bar at the top of the
 * page while a screen's code or data loads, with the old screen dimmed, `aria-busy` and
 * not clickable (`data-switching`: no pointer events) while the next screen's code loads;
 * not `inert`, so what is typed into a field that has the focus is kept (issue 26 item 5:
 * a username typed right after Login → Register survives the registration screen's load); and the banner "Can't reach Spincrate —
 * retrying…" while the server can't be reached (it stays at the top of the viewport).
 *
 * Loaded right after the first load (App), so the login screen's script stays within its
 * budget (issue 11); it also schedules the service worker's registration; the stores it reads (lib/activity.ts, lib/connectivity.ts) are part of
 * the first load and count from the start.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { getActivity, subscribeActivity } from '@/lib/activity';
import { isServerUnreachable, subscribeConnectivity } from '@/lib/connectivity';
import { useScrollToTopOnNavigate } from '@/lib/scrollOnNavigate';
import { scheduleServiceWorker } from '@/lib/pwa/scheduleServiceWorker';

// The service worker's registration (EXTENSIONS.md §9), once the page has loaded and the
// browser is idle: started here, in the chunk every page loads right after the first load,
// not by the entry, whose bytes the first load counts (issue 27: lib/entryGuard.ts).
scheduleServiceWorker();

/** The banner's text (EXTENSIONS.md §11). */
const UNREACHABLE_TEXT = "Can't reach Spincrate — retrying…";

/** The id of the element that holds the screens (App). */
const CONTENT_ID = 'content';

/**
 * The progress bar, the old screen's state while the next one's code loads, and the
 * banner; a screen opened forward starts at the top (lib/scrollOnNavigate.ts).
 */
export default function AppStatus() {
  useScrollToTopOnNavigate();
  const { screens, requests } = useSyncExternalStore(subscribeActivity, getActivity, getActivity);
  const unreachable = useSyncExternalStore(subscribeConnectivity, isServerUnreachable, () => false);
  const switching = screens > 0;

  useEffect(() => {
    const content = document.getElementById(CONTENT_ID);
    if (!content) return;
    for (const name of ['data-switching', 'aria-busy']) {
      if (switching) content.setAttribute(name, 'true');
      else content.removeAttribute(name);
    }
  }, [switching]);

  return (
    <>
      {screens + requests > 0 && <div className="app-progress" role="progressbar" aria-label="Loading" />}
      {/* The live region is always in the page, so screen readers announce the text when it appears. */}
      <div className="app-connection" role="status">
        {unreachable && (
          <div className="alert alert-warning rounded-0 mb-0 py-2 text-center">{UNREACHABLE_TEXT}</div>
        )}
      </div>
    </>
  );
}
