/**
 * Renders screens with the real store and sagas inside a MemoryRouter.
 */
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { VirtuosoGridMockContext } from 'react-virtuoso';
import type { RootState } from '@/app/store';
import { makeStore } from '@/test/store';
import { AppRoutes } from '@/app/App';

/** Shows the current path and query, so tests can assert navigation. */
function LocationProbe() {
  const location = useLocation();
  return (
    <>
      <div data-testid="location">{location.pathname}</div>
      <div data-testid="location-query">{location.search}</div>
    </>
  );
}

/**
 * jsdom lays nothing out, so the virtualized cover grid (entities/crate/ui/CoverGrid.tsx) is
 * given fixed sizes: a viewport tall enough that every card of a test's crate renders.
 */
const GRID_SIZES = { viewportHeight: 100_000, viewportWidth: 600, itemHeight: 100, itemWidth: 100 };

export const signedIn = (id = 1, username = 'riley'): Partial<RootState> => ({
  user: { user: { id, username }, status: 'succeeded' },
});

/**
 * Renders `ui` (default: every route) at `route`.
 * @returns the testing-library result and the store
 */
export function renderApp(options: { route?: string; state?: Partial<RootState>; ui?: ReactElement } = {}) {
  const store = makeStore(options.state);
  const result = render(
    <Provider store={store}>
      <VirtuosoGridMockContext.Provider value={GRID_SIZES}>
        <MemoryRouter initialEntries={[options.route ?? '/']}>
          <Routes>
            <Route
              path="*"
              element={
                <>
                  {options.ui ?? <AppRoutes />}
                  <LocationProbe />
                </>
              }
            />
          </Routes>
        </MemoryRouter>
      </VirtuosoGridMockContext.Provider>
    </Provider>,
  );
  return { ...result, store };
}
