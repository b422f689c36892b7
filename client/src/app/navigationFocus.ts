/**
 * What a keyboard or screen-reader user gets when the screen changes: the tab's title
 * names the screen ("Collection · Spincrate"), and after a client-side navigation the
 * focus moves to the new screen's main heading (its h1), which screen readers then
 * announce, instead of staying on a link or button of the old screen (or being lost
 * when that element went away).
 *
 * Not on the first load: a freshly loaded page starts at its top, where screen readers
 * begin reading anyway, and redirects during the first load (/ → /home) are part of it.
 * "First load" lasts until the user first does something (a key, a pointer press or a
 * click, which is also how screen readers activate links).
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** The app's name, the last part of every tab title. */
const APP_TITLE = 'Spincrate';

/**
 * Sets the tab's title to "{screen} · Spincrate" while the calling screen is shown.
 * @param screen - the screen's name, e.g. "Collection"
 */
export function useDocumentTitle(screen: string): void {
  useEffect(() => {
    document.title = screen ? `${screen} · ${APP_TITLE}` : APP_TITLE;
  }, [screen]);
}

let userHasActed = false;

function noteAction() {
  userHasActed = true;
}

if (typeof document !== 'undefined') {
  for (const type of ['keydown', 'pointerdown', 'click'] as const) {
    document.addEventListener(type, noteAction, { capture: true, passive: true });
  }
}

/** Forgets earlier user actions, so the next navigation counts as part of a first load (tests). */
export function resetNavigationFocus(): void {
  userHasActed = false;
}

/** The screen's main heading: the page's first h1 (the bar, footer and popups have none). */
function findHeading(): HTMLElement | null {
  return document.querySelector<HTMLElement>('h1');
}

/**
 * Moves the focus to the new screen's h1 after each client-side navigation that follows
 * a user action. Screens that load their data first show their heading later: the hook
 * waits for it (until the next navigation), and for an open popup to close. It never
 * takes the focus from an element the user moved to in the meantime, nor from a text field
 * of the new screen that holds it. The heading gets tabindex="-1" so it can hold focus.
 */
export function useFocusHeadingOnNavigate(): void {
  const { pathname } = useLocation();

  useEffect(() => {
    if (!userHasActed) return;
    const focusedAtNavigation = document.activeElement;

    const focusHeading = (): boolean => {
      const heading = findHeading();
      if (!heading) return false;
      const active = document.activeElement;
      // A popup (e.g. "Deleted!") holds the focus: wait until it has closed.
      if (active?.closest('[role="dialog"], [aria-modal="true"], .swal2-container')) return false;
      // A field of the new screen that already holds the focus keeps it: the login and
      // registration forms carry a field's focus across while the user types (issue 26 item 5).
      const untouched =
        !(active?.matches('input,textarea') && active.isConnected) &&
        (!active || active === document.body || active === focusedAtNavigation || !active.isConnected);
      if (untouched) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus();
      }
      return true;
    };

    if (focusHeading()) return;
    const observer = new MutationObserver(() => {
      if (focusHeading()) observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [pathname]);
}
