/**
 * The sweetalert2 popups a test leaves behind. sweetalert2 keeps one popup per page and gives
 * the focus back 100 ms after a popup closes (its `returnFocus`); a popup still open when a test
 * ends (a timed "Record added!" closes itself a second later) or closed in its last 100 ms
 * would give the focus back during the next test of the file, taking it from the field that
 * test is typing in. `settlePopups()` closes what is open and waits until every popup of the
 * test is gone, its focus given back.
 */
import { vi } from 'vitest';
import type SwalModule from 'sweetalert2';
import type { SweetAlertOptions } from 'sweetalert2';
import { ASYNC_UTIL_TIMEOUT_MS } from './timeouts';

type Swal = typeof SwalModule;

/** sweetalert2 as the app loaded it (lib/alerts.ts loads it on the first popup), or null. */
let loaded: Swal | null = null;
/** Popups opened and not yet destroyed (destroyed: closed with the focus given back, or replaced). */
let notGone = 0;

/**
 * Wraps sweetalert2's `fire` (the only way lib/alerts.ts opens a popup) to count the popups
 * until their `didDestroy`. Called by the `vi.mock('sweetalert2')` of setup.ts.
 */
export function trackPopups(swal: Swal): Swal {
  const fire = swal.fire.bind(swal);
  swal.fire = ((options: SweetAlertOptions) => {
    notGone += 1;
    const didDestroy = options.didDestroy;
    return fire({
      ...options,
      didDestroy: () => {
        notGone = Math.max(0, notGone - 1);
        didDestroy?.();
      },
    });
  }) as Swal['fire'];
  loaded = swal;
  return swal;
}

/**
 * Waits (real time, at most `limitMs`) until every popup opened so far is gone, its focus
 * given back. A test that types after closing a popup waits for this first: sweetalert2
 * gives the focus back 100 ms after the close, and the element it gives it to may already
 * have the focus before then, so the focus alone does not tell that the popup is done.
 */
export async function popupsGone(limitMs = ASYNC_UTIL_TIMEOUT_MS): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (notGone > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
}

/**
 * Stops the timer of a timed popup ("The record has been added…" closes itself after 1 s):
 * closing the popup does not stop it, and it would fire after the test, or after the file's
 * jsdom is gone ("document is not defined" as it closes the popup).
 */
export function stopPopupTimers(): void {
  loaded?.stopTimer();
}

/**
 * Closes the popup a test left open and waits (real time, at most `limitMs`) until every
 * popup of the test has given the focus back and gone.
 */
export async function settlePopups(limitMs = 1000): Promise<void> {
  if (!loaded) return;
  stopPopupTimers();
  if (notGone === 0) return;
  // The wait is in real time; the test's fake clock (if any) ends with the test anyway.
  vi.useRealTimers();
  // (isVisible() measures the popup, which jsdom never lays out.)
  if (loaded.getPopup()) loaded.close();
  await popupsGone(limitMs);
  // A popup whose timers were fake when the test ended never finishes: forget it.
  notGone = 0;
}
