import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Suspense } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '@/test/server';
import { renderApp } from '@/test/render';
import App from './App';
import ScreenErrorBoundary from './ScreenErrorBoundary';
import { CHUNK_RELOAD_KEY, lazyScreen, pageReloader } from './lazyScreen';
import { makeStore } from '@/test/store';

// The Info screen throws while rendering (a stand-in for any screen's render error).
vi.mock('@/features/pages/InfoPage', () => ({
  default: function BrokenInfoPage(): never {
    throw new Error('Cannot read properties of undefined (reading "map")');
  },
}));

const riley = { id: 3, username: 'riley' };

/** What Chromium says when a chunk of an older deploy is gone. */
const chunkError = () =>
  new TypeError(
    'Failed to fetch dynamically imported module: http://localhost/assets/CollectionPage-3f2a1b.js',
  );

describe('a screen that throws while rendering', () => {
  beforeEach(() => {
    // React reports caught render errors on the console; keep the output readable.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      http.get('/api/user', () => HttpResponse.json(riley)),
      http.get('/api/record', () => HttpResponse.json([])),
      http.get('/api/social/friends', () => HttpResponse.json([{ friend_id: 9, friend_username: 'sam' }])),
    );
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows a fallback with a way back in its place, and the navigation bar and footer stay', async () => {
    const user = userEvent.setup();
    const store = makeStore();
    render(
      <Provider store={store}>
        <MemoryRouter initialEntries={['/info']}>
          <App />
        </MemoryRouter>
      </Provider>,
    );
    expect(
      await screen.findByRole('heading', { name: 'Something went wrong', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This screen ran into a problem and could not be shown.',
    );
    // The bar (signed in: its links) and the footer are still there.
    // (The signed-in menu is loaded on demand: the brand bar holds its place until then.)
    await screen.findByRole('link', { name: 'Social' });
    const bar = screen.getByRole('navigation', { name: 'Main' });
    expect(within(bar).getByRole('link', { name: 'Social' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();

    // The way back: another screen shows normally, the fallback is gone.
    await user.click(screen.getByRole('link', { name: 'Back to home' }));
    expect(await screen.findByRole('heading', { name: /riley's crate/ })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).not.toBeInTheDocument();

    // Other screens work from the bar too, and the broken one fails again on its own.
    await user.click(within(bar).getByRole('link', { name: 'Social' }));
    expect(await screen.findByRole('heading', { name: 'social', level: 1 })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Info' }));
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(within(bar).getByRole('link', { name: 'Profile' })).toBeInTheDocument();
  });
});

describe('a screen whose chunk cannot be loaded (a deploy while the tab was open)', () => {
  let reload: ReturnType<typeof vi.fn<() => void>>;

  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    reload = vi.fn<() => void>();
    vi.spyOn(pageReloader, 'reload').mockImplementation(reload);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** Renders a lazily loaded screen whose import does `load` (a fresh lazy, as after a page load). */
  function renderLazy(load: () => Promise<{ default: () => React.JSX.Element }>) {
    const Screen = lazyScreen('CollectionPage', load);
    return renderApp({
      route: '/user/profile',
      ui: (
        <ScreenErrorBoundary>
          <Suspense fallback={<p role="status">Loading...</p>}>
            <Screen />
          </Suspense>
        </ScreenErrorBoundary>
      ),
    });
  }

  it('reloads the page exactly once; failing again after that reload shows the fallback with Reload', async () => {
    const user = userEvent.setup();
    const failing = vi.fn(() => Promise.reject(chunkError()));
    renderLazy(failing);
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBe('CollectionPage');
    // While the page reloads, the loading status stays (no error flashes).
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).not.toBeInTheDocument();

    // The reloaded page (same sessionStorage) still cannot load it: no second reload.
    cleanup();
    renderLazy(failing);
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      /could not be loaded.*updated since this page was opened/,
    );
    expect(reload).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/home');

    // Reload by hand: the user asked, so the guard is cleared and the page reloads.
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(2);
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBeNull();
  });

  it('clears the guard once the screen loads after the reload, so a later deploy may reload once more', async () => {
    sessionStorage.setItem(CHUNK_RELOAD_KEY, 'CollectionPage');
    renderLazy(() => Promise.resolve({ default: () => <h1>riley&apos;s crate</h1> }));
    expect(await screen.findByRole('heading', { name: "riley's crate" })).toBeInTheDocument();
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBeNull();
    expect(reload).not.toHaveBeenCalled();
  });

  it('does not reload for an error that is not a missing chunk: the fallback shows at once', async () => {
    renderLazy(() => Promise.reject(new SyntaxError('Unexpected token export')));
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBeNull();
  });
});
