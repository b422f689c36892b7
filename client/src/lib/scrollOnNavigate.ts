/**
 * Where a screen opened forward starts (EXTENSIONS.md §11). Used by the app's status
 * component (features/layout/AppStatus.tsx), part of the first load. Shared code.
 */
import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * A screen opened forward (a link, a button, a redirect) starts at the top of the page,
 * not at the place the previous screen was scrolled to (EXTENSIONS.md §11). Back and
 * Forward (a POP) leave the place alone: the screen shown again restores its own (the
 * cover grid's kept place, the browser's scroll restoration). Only a new path counts: a
 * sort or search changes the query alone and its screen handles its scroll itself.
 *
 * Runs when the new screen is committed (its code loaded), so the old screen does not
 * jump to the top while it is still shown.
 */
export function useScrollToTopOnNavigate(): void {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  useLayoutEffect(() => {
    if (navigationType === 'POP') return;
    // At once: Bootstrap makes the page's scrolling smooth, and a smooth scroll would be
    // cut short by the focus moving to the new heading (app/navigationFocus.ts).
    if (window.scrollX !== 0 || window.scrollY !== 0)
      window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    // Only a new path: the navigation type is read with it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);
}
