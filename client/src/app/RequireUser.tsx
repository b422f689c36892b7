/**
 * The route guard of PRODUCT.md §2: the requested content only when a user with an
 * id is present, otherwise the landing screen (logo and login form). Before the content it
 * waits (the loading status shows) for the signed-in user's reducers and sagas, which are
 * not part of the first load (app/store.ts `loadUserData`); when they cannot be loaded, the
 * route's error boundary offers a reload.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useAppSelector, useAppStore } from '@/app/hooks';
import { selectIsLoggedIn, selectUserChecked } from '@/entities/session/session';
import Landing from '@/features/auth/Landing';

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

/** Renders `children` once the signed-in user's data is loaded. */
function WithUserData({ children }: { children: ReactNode }) {
  const store = useAppStore();
  const [ready, setReady] = useState(store.userDataLoaded);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    if (ready) return;
    let live = true;
    store.loadUserData().then(
      () => live && setReady(true),
      (err: unknown) => live && setError(err ?? new Error('The user data could not be loaded')),
    );
    return () => {
      live = false;
    };
  }, [ready, store]);
  // To the route's error boundary (a chunk that cannot be loaded: it offers a reload).
  if (error) throw error;
  return ready ? <>{children}</> : <Waiting />;
}
