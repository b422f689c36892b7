/**
 * The app's own status lines (EXTENSIONS.md §11): a thin progress bar at the top of the
 * page while a screen's code or data loads, and the banner "Can't reach Spincrate —
 * retrying…" while the server can't be reached (it stays at the top of the viewport).
 */
import { useActivity } from '@/lib/activity';
import { useServerUnreachable } from '@/lib/connectivity';

/** The banner's text (EXTENSIONS.md §11). */
export const UNREACHABLE_TEXT = "Can't reach Spincrate — retrying…";

/** The progress bar: shown at once while anything loads, hidden otherwise. */
export function ProgressBar() {
  const { screens, requests } = useActivity();
  if (screens + requests === 0) return null;
  return <div className="app-progress" role="progressbar" aria-label="Loading" />;
}

/**
 * The banner while the server can't be reached. Its live region is always in the page,
 * so screen readers announce the text when it appears.
 */
export function ConnectionBanner() {
  const unreachable = useServerUnreachable();
  return (
    <div className="app-connection" role="status">
      {unreachable && (
        <div className="alert alert-warning rounded-0 mb-0 py-2 text-center">{UNREACHABLE_TEXT}</div>
      )}
    </div>
  );
}
