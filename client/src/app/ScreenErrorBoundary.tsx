/**
 * The error boundary around each route's screen: a screen that throws while rendering,
 * or whose chunk cannot be loaded (lazyScreen.ts), shows a short message with a way back
 * in its place, while the navigation bar and the footer stay. Moving to another route
 * resets it.
 */
import type { ReactNode } from 'react';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';
import { Link, useLocation } from 'react-router';
import { paths } from '@/lib/paths';
import { clearChunkReloadGuard, isChunkLoadError, pageReloader } from './lazyScreen';

/** The fallback screen: heading, what happened, "Try again" (or "Reload") and "Back to home". */
function ScreenError({ error, resetErrorBoundary }: FallbackProps) {
  const chunk = isChunkLoadError(error);
  const reload = () => {
    clearChunkReloadGuard();
    pageReloader.reload();
  };
  return (
    <div className="container py-5 text-center">
      <h1>Something went wrong</h1>
      <p role="alert">
        {chunk
          ? 'This screen could not be loaded. Spincrate may have been updated since this page was opened.'
          : 'This screen ran into a problem and could not be shown.'}
      </p>
      {/* Bootstrap's button markup, written out: this boundary is part of the first load,
          react-bootstrap's Button is not (issue 11). */}
      <div className="d-flex flex-wrap justify-content-center gap-2">
        {chunk ? (
          <button type="button" className="btn btn-primary" onClick={reload}>
            Reload
          </button>
        ) : (
          <button type="button" className="btn btn-primary" onClick={resetErrorBoundary}>
            Try again
          </button>
        )}
        <Link to={paths.home} className="btn btn-outline-secondary">
          Back to home
        </Link>
      </div>
    </div>
  );
}

/**
 * Catches render errors of `children` (one route's screen) and shows `ScreenError`.
 * React itself reports the caught error on the console.
 */
export default function ScreenErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary FallbackComponent={ScreenError} resetKeys={[pathname]}>
      {children}
    </ErrorBoundary>
  );
}
