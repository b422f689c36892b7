/**
 * The route guard of PRODUCT.md §2: the requested content only when a user with an
 * id is present, otherwise the landing screen (logo and login form). Before the content it
 * waits (the loading status shows) for the signed-in user's reducers and sagas, which are
 * not part of the first load (app/store.ts `loadUserData`); when they cannot be loaded, the
 * route's error boundary offers a reload. A lazy screen's own module (its `preload`,
 * app/lazyScreen.ts) loads meanwhile, so a signed-in start renders it as soon as both are
 * there, without suspending a second time (issue 27: the collection's first cover on a phone).
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useAppSelector, useAppStore } from '@/app/hooks';
import { selectIsLoggedIn, selectUserChecked } from '@/entities/session/session';
import Landing from '@/features/auth/Landing';
import type { LazyScreen } from './lazyScreen';

export default function RequireUser({ children }: { children: ReactNode }) {
  const checked = useAppSelector(selectUserChecked);
  const loggedIn = useAppSelector(selectIsLoggedIn);
  if (!checked) return <Waiting />;
  return loggedIn ? <WithUserData>{children}</WithUserData> : <Landing />;
}

function Waiting() {
  return (
    <div className="d-flex justify-content-center py-5" role="status" aria-live="polite">
      <span className="visually-hidden">Loading...</span>
    </div>
  );
}

/**
 * Renders `children` once the signed-in user's data is loaded and, when `children` is a lazy
 * screen's element (app/lazyScreen.ts), its module too (a failed load is left to the screen,
 * which shows it as before).
 */
function WithUserData({ children }: { children: ReactNode }) {
  const store = useAppStore();
  const [ready, setReady] = useState(store.userDataLoaded);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    if (ready) return;
    let live = true;
    const screen = (children as { type?: Partial<Pick<LazyScreen<object>, 'preload'>> } | null)?.type
      ?.preload;
    Promise.all([store.loadUserData(), screen?.().catch(() => undefined)]).then(
      () => live && setReady(true),
      (err: unknown) => live && setError(err ?? new Error('The user data could not be loaded')),
    );
    return () => {
      live = false;
    };
    // Only when the guard starts waiting: a later screen loads its module itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, store]);
  // To the route's error boundary (a chunk that cannot be loaded: it offers a reload).
  if (error) throw error;
  return ready ? <>{children}</> : <Waiting />;
}
