/**
 * A media query as React state (EXTENSIONS.md §11: the crate's phone layout). Its own
 * module, so it loads with the screens that use it, not with the first load.
 */
import { useCallback, useSyncExternalStore } from 'react';

/** The media query of a phone (below Bootstrap's `sm`, 576 px; EXTENSIONS.md §11). */
export const PHONE_QUERY = '(max-width: 575.98px)';

/**
 * Whether `query` matches, as React state (re-renders when it starts or stops matching).
 * False where the browser has no `matchMedia`.
 * @param query - a CSS media query, e.g. PHONE_QUERY
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
    () => false,
  );
}
