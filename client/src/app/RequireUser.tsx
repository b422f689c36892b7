/**
 * The route guard of PRODUCT.md §2: the requested content only when a user with an
 * id is present, otherwise the landing screen (logo and login form).
 */
import type { ReactNode } from 'react';
import { useAppSelector } from '@/lib/hooks';
import { selectIsLoggedIn, selectUserChecked } from '@/lib/session';
import Landing from '@/features/auth/Landing';

export default function RequireUser({ children }: { children: ReactNode }) {
  const checked = useAppSelector(selectUserChecked);
  const loggedIn = useAppSelector(selectIsLoggedIn);
  if (!checked) {
    return (
      <div className="d-flex justify-content-center py-5" role="status" aria-live="polite">
        <span className="visually-hidden">Loading...</span>
      </div>
    );
  }
  return loggedIn ? <>{children}</> : <Landing />;
}
