/**
 * EXTENSIONS.md §11 (issue 26, items 2, 3 and 6): the progress bar while a screen's code or
 * data loads (the old screen not clickable meanwhile), the banner while the server can't be
 * reached (a search keeps the grid; a screen's code is tried again after /api/health
 * answers, before any reload), and a screen opened forward starting at the top.
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Suspense } from 'react';
import { Link, MemoryRouter, useNavigate } from 'react-router';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import AppStatus from '@/features/layout/AppStatus';
import { fakePagedList } from '@/features/records/testing';
import { makeRecord } from '@/test/records';
import { LOADING_SHOWN_KEY } from '@/lib/components/LoadingScreen';
import { renderApp, signedIn } from '@/test/render';
import { server } from '@/test/server';
import App, { AppRoutes } from './App';
import ScreenErrorBoundary from './ScreenErrorBoundary';
import { lazyScreen, pageReloader } from './lazyScreen';
import { makeStore } from '@/test/store';

const BANNER = "Can't reach Spincrate — retrying…";

/** What Chromium says when a chunk cannot be fetched. */
const chunkError = () =>
  new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/StatsPage-3f2a1b.js');

/** A promise and the functions that settle it. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('a screen whose code is loading', () => {
  it('shows the progress bar at once, and the old screen is dimmed, busy and not clickable until the new one shows', async () => {
    const chunk = deferred<{ default: () => React.JSX.Element }>();
    const Slow = lazyScreen('SlowPage', () => chunk.promise);
    server.use(
      http.get('/api/user', () => HttpResponse.json({ error: { code: 'unauthorized' } }, { status: 401 })),
    );
    const { container } = render(
      <Provider store={makeStore()}>
        <MemoryRouter initialEntries={['/about']}>
          <App />
        </MemoryRouter>
      </Provider>,
    );
    await screen.findByRole('heading', { level: 1, name: /about/i });
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    const content = container.querySelector<HTMLElement>('#content')!;
    expect(content).not.toHaveAttribute('data-switching');

    // A render of the lazy screen starts its load, as a navigation to it does.
    const other = render(
      <Suspense fallback={null}>
        <Slow />
      </Suspense>,
    );
    expect(await screen.findByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    // The old screen: not clickable (no pointer events, styles.css), announced as busy; not
    // inert, so a focused field keeps what is typed (issue 26 item 5).
    expect(content).toHaveAttribute('data-switching', 'true');
    expect(content).not.toHaveAttribute('inert');
    expect(content).toHaveAttribute('aria-busy', 'true');

    await act(async () => chunk.resolve({ default: () => <h1>Slow screen</h1> }));
    expect(await screen.findByRole('heading', { name: 'Slow screen' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
    expect(content).not.toHaveAttribute('data-switching');
    expect(content).not.toHaveAttribute('aria-busy');
    other.unmount();
  });

  it('shows the progress bar while a screen waits for its data', async () => {
    sessionStorage.setItem(LOADING_SHOWN_KEY, '1');
    const answer = deferred<void>();
    server.use(
      http.get('/api/record', async () => {
        await answer.promise;
        return HttpResponse.json([makeRecord({ id: 1, title: 'Blue' })], {
          headers: { 'X-Total-Count': '1' },
        });
      }),
    );
    renderApp({
      route: '/user/profile',
      state: signedIn(),
      ui: (
        <>
          <AppStatus />
          <AppRoutes />
        </>
      ),
    });
    expect(await screen.findByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    answer.resolve();
    expect(await screen.findByRole('img', { name: 'Blue' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
  });
});

describe('the server gone', () => {
  beforeEach(() => sessionStorage.setItem(LOADING_SHOWN_KEY, '1'));

  it('a search keeps the grid and the count, shows the banner, and runs once the server answers again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const crate = [
      makeRecord({ id: 1, artist: 'Joni Mitchell', title: 'Blue' }),
      makeRecord({ id: 2, artist: 'Kate Bush', title: 'Hounds of Love' }),
    ];
    server.use(...fakePagedList('/api/record', () => crate));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    renderApp({
      route: '/user/profile',
      state: signedIn(),
      ui: (
        <>
          <AppStatus />
          <AppRoutes />
        </>
      ),
    });
    const grid = await screen.findByRole('list', { name: "riley's records" });
    await waitFor(() => expect(within(grid).getAllByRole('img')).toHaveLength(2));
    const shown = within(grid)
      .getAllByRole('img')
      .map((img) => img.getAttribute('alt'));
    expect(screen.getByText('2 records')).toBeInTheDocument();

    // The server stops: no answer at all, to the search and to the health check.
    server.use(
      http.get('/api/record/search', () => HttpResponse.error()),
      http.get('/api/health', () => HttpResponse.error()),
    );
    await user.type(screen.getByRole('searchbox', { name: 'Search records' }), 'Blue');
    await user.click(screen.getByRole('button', { name: 'SEARCH' }));
    expect(await screen.findByText(BANNER)).toBeInTheDocument();
    const kept = screen.getByRole('list', { name: "riley's records" });
    expect(
      within(kept)
        .getAllByRole('img')
        .map((img) => img.getAttribute('alt')),
    ).toEqual(shown);
    expect(screen.getByText('2 records')).toBeInTheDocument();

    // It is back: the next health check answers, the search goes again, the banner goes.
    server.use(
      ...fakePagedList('/api/record', () => crate),
      http.get('/api/health', () => HttpResponse.json({ status: 'ok' })),
    );
    await act(async () => {
      await vi.advanceTimersByTimeAsync(8000);
    });
    await waitFor(() => expect(screen.queryByText(BANNER)).not.toBeInTheDocument());
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: "riley's records" }))
          .getAllByRole('img')
          .map((img) => img.getAttribute('alt')),
      ).toEqual(['Blue']),
    );
  });

  it("a screen's code that fails to load is tried again once /api/health answers, without a reload", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const reload = vi.spyOn(pageReloader, 'reload').mockImplementation(() => undefined);
    const load = vi
      .fn<() => Promise<{ default: () => React.JSX.Element }>>()
      .mockRejectedValueOnce(chunkError())
      .mockResolvedValue({ default: () => <h1>Stats</h1> });
    let healthChecks = 0;
    server.use(
      http.get('/api/health', () => {
        healthChecks += 1;
        return healthChecks === 1 ? HttpResponse.error() : HttpResponse.json({ status: 'ok' });
      }),
    );
    const Stats = lazyScreen('StatsPage', load);
    renderApp({
      route: '/stats',
      ui: (
        <>
          <AppStatus />
          <ScreenErrorBoundary>
            <Suspense fallback={<p>Loading...</p>}>
              <Stats />
            </Suspense>
          </ScreenErrorBoundary>
        </>
      ),
    });
    expect(await screen.findByText(BANNER)).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(await screen.findByRole('heading', { name: 'Stats' })).toBeInTheDocument();
    expect(screen.queryByText(BANNER)).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    expect(healthChecks).toBe(2);
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('a screen opened forward', () => {
  function BackButton() {
    const navigate = useNavigate();
    return (
      <button type="button" onClick={() => void navigate(-1)}>
        go back
      </button>
    );
  }

  it('starts at the top of the page; Back leaves the place alone', async () => {
    const user = userEvent.setup();
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    vi.spyOn(window, 'scrollY', 'get').mockReturnValue(2400);
    renderApp({
      route: '/info',
      ui: (
        <>
          <Link to="/about">to About</Link>
          <BackButton />
          <AppStatus />
          <AppRoutes />
        </>
      ),
    });
    await screen.findByRole('heading', { level: 1, name: /info/i });
    expect(scrollTo).not.toHaveBeenCalled();
    await user.click(screen.getByRole('link', { name: 'to About' }));
    await screen.findByRole('heading', { level: 1, name: /about/i });
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0, behavior: 'instant' });

    scrollTo.mockClear();
    await user.click(screen.getByRole('button', { name: 'go back' }));
    await screen.findByRole('heading', { level: 1, name: /info/i });
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
