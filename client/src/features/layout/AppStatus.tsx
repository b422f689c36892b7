/**
 * The app's own status lines (EXTENSIONS.md §11): a thin progress bar at the top of the
 * page while a screen's code or data loads, with the old screen dimmed, `aria-busy` and
 * not clickable (`data-switching`: no pointer events) while the next screen's code loads;
 * not `inert`, so what is typed into a field that has the focus is kept (issue 26 item 5:
 * a username typed right after Login → Register survives the registration screen's load); and the banner "Can't reach Spincrate —
 * retrying…" while the server can't be reached (it stays at the top of the viewport).
 *
 * Part of the first load (App), as the stores it reads (lib/activity.ts, lib/connectivity.ts),
 * which count from the start: a chunk of its own, loaded right after the first load, cost
 * the login screen a request (issue 11).
 */
import { useEffect, useSyncExternalStore } from 'react';
import { getActivity, subscribeActivity } from '@/lib/activity';
import { isServerUnreachable, subscribeConnectivity } from '@/lib/connectivity';
import { useScrollToTopOnNavigate } from '@/lib/scrollOnNavigate';

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
