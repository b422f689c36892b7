/**
 * Renders screens with the real store and sagas inside a MemoryRouter.
 */
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { makeStore, type RootState } from '../app/store';
import { AppRoutes } from '../app/App';

/** Shows the current path, so tests can assert navigation. */
export function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname}</div>;
}

export const signedIn = (id = 1, username = 'riley'): Partial<RootState> => ({
  user: { user: { id, username }, checked: true },
});

/**
 * Renders `ui` (default: every route) at `route`.
 * @returns the testing-library result and the store
 */
export function renderApp(options: { route?: string; state?: Partial<RootState>; ui?: ReactElement } = {}) {
  const store = makeStore(options.state);
  const result = render(
    <Provider store={store}>
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
    </Provider>,
  );
  return { ...result, store };
}
