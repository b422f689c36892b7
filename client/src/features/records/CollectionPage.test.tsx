import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeRecord } from '@/test/records';
import { LOADING_SHOWN_KEY } from '@/lib/components/LoadingScreen';
import { renderApp, signedIn } from '@/test/render';
import { server } from '@/test/server';
import { dismissWarning, fakePagedList, trackRequests } from './testing';

const crate = [
  makeRecord({ id: 1, artist: 'Beatles', title: 'Revolver', date_added: '2026-03-01T10:00:00Z' }),
  makeRecord({ id: 2, artist: 'abba', title: 'Arrival', date_added: '2026-05-01T10:00:00Z' }),
  makeRecord({ id: 3, artist: 'Can', title: 'tago Mago', date_added: '2026-01-01T10:00:00Z' }),
];

const requests = trackRequests();

/** The crate behind a fake of the paged list routes (sorted, searched and paged by the "server"). */
function useCrate(list = crate) {
  server.use(...fakePagedList('/api/record', () => list));
}

/** The query of each list request sent to `path` (e.g. '/api/record/search'). */
const asked = (path: string) =>
  requests
    .filter((r) => r.startsWith(`GET ${path}?`))
    .map((r) => Object.fromEntries(new URL(r.slice(4), 'http://x').searchParams));

const covers = () => within(screen.getByRole('list', { name: "riley's records" })).getAllByRole('img');
const altTexts = () => covers().map((img) => img.getAttribute('alt'));

describe('CollectionPage', () => {
  beforeEach(() => sessionStorage.setItem(LOADING_SHOWN_KEY, '1'));

  it("shows the user's crate: heading, buttons, export links, covers linking to the details", async () => {
    useCrate();
    renderApp({ route: '/user/profile', state: signedIn() });
    expect(await screen.findByRole('heading', { name: "riley's crate" })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add record' })).toHaveAttribute('href', '/user/add');
    expect(screen.getByRole('link', { name: 'Import from Discogs' })).toHaveAttribute('href', '/user/import');
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/record/export?format=csv',
    );
    expect(screen.getByRole('link', { name: 'Export JSON' })).toHaveAttribute(
      'href',
      '/api/record/export?format=json',
    );

    await waitFor(() => expect(altTexts()).toEqual(['Arrival', 'Revolver', 'tago Mago']));
    const img = screen.getByRole('img', { name: 'Revolver' });
    // EXTENSIONS.md §1: the first row is loaded at once, later rows lazily; sizes reserved.
    expect(img).toHaveAttribute('loading', 'eager');
    expect(img).toHaveAttribute('width');
    expect(img).toHaveAttribute('height');
    expect(img).toHaveAttribute('src', crate[0]!.coverart);
    expect(screen.getByRole('link', { name: 'Revolver' })).toHaveAttribute('href', '/user/details/1');

    await userEvent.click(screen.getByRole('link', { name: 'Arrival' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/user/details/2'));
  });

  it('sorts by each of the six options (newest by default)', async () => {
    useCrate();
    const user = userEvent.setup();
    renderApp({ route: '/user/profile', state: signedIn() });
    await waitFor(() => expect(covers()).toHaveLength(3));
    expect(screen.getByRole('radio', { name: 'Newest Records' })).toBeChecked();
    expect(altTexts()).toEqual(['Arrival', 'Revolver', 'tago Mago']);

    const expected: Record<string, string[]> = {
      'Oldest Records': ['tago Mago', 'Revolver', 'Arrival'],
      'Artist [A-Z]': ['Arrival', 'Revolver', 'tago Mago'],
      'Artist [Z-A]': ['tago Mago', 'Revolver', 'Arrival'],
      'Album [A-Z]': ['Arrival', 'Revolver', 'tago Mago'],
      'Album [Z-A]': ['tago Mago', 'Revolver', 'Arrival'],
      'Newest Records': ['Arrival', 'Revolver', 'tago Mago'],
    };
    for (const [label, order] of Object.entries(expected)) {
      await user.click(screen.getByRole('radio', { name: label }));
      expect(screen.getByRole('radio', { name: label })).toBeChecked();
      await waitFor(() => expect(altTexts()).toEqual(order));
    }
    // EXTENSIONS.md §1: the server sorts, over the whole crate.
    expect(asked('/api/record').map((q) => q.sort)).toEqual([
      'newest',
      'oldest',
      'artist_asc',
      'artist_desc',
      'title_asc',
      'title_desc',
      'newest',
    ]);
  });

  it('search: SEARCH with text, CLEAR after a search, editing returns to SEARCH, CLEAR reloads and empties', async () => {
    useCrate();
    const user = userEvent.setup();
    renderApp({ route: '/user/profile', state: signedIn() });
    await waitFor(() => expect(covers()).toHaveLength(3));
    const box = screen.getByPlaceholderText('Search by Album, Artist, Tags, or Mood...');
    expect(screen.queryByRole('button', { name: 'SEARCH' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'CLEAR' })).not.toBeInTheDocument();

    await user.type(box, 'rev & co');
    await user.clear(box);
    await user.type(box, 'rev');
    await user.click(screen.getByRole('button', { name: 'SEARCH' }));
    await waitFor(() => expect(altTexts()).toEqual(['Revolver']));
    expect(asked('/api/record/search')).toContainEqual(
      expect.objectContaining({ search: 'rev', sort: 'newest' }),
    );
    expect(screen.getByRole('button', { name: 'CLEAR' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'SEARCH' })).not.toBeInTheDocument();

    await user.type(box, 'o');
    expect(screen.getByRole('button', { name: 'SEARCH' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'CLEAR' })).not.toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('button', { name: 'CLEAR' })).toBeInTheDocument();
    expect(asked('/api/record/search')).toContainEqual(expect.objectContaining({ search: 'revo' }));

    await user.click(screen.getByRole('button', { name: 'CLEAR' }));
    expect(box).toHaveValue('');
    await waitFor(() => expect(covers()).toHaveLength(3));
    expect(asked('/api/record')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'CLEAR' })).not.toBeInTheDocument();
  });

  it('an empty search warns "Attention!" and sends nothing', async () => {
    useCrate();
    const user = userEvent.setup();
    renderApp({ route: '/user/profile', state: signedIn() });
    await waitFor(() => expect(covers()).toHaveLength(3));
    const box = screen.getByPlaceholderText('Search by Album, Artist, Tags, or Mood...');
    await user.type(box, '   ');
    await user.click(screen.getByRole('button', { name: 'SEARCH' }));
    expect(await screen.findByText('Attention!')).toBeInTheDocument();
    expect(screen.getByText('Please submit something to search')).toBeInTheDocument();
    await dismissWarning(user);
    await user.clear(box);
    await user.keyboard('{Enter}');
    expect(requests.some((r) => r.includes('/api/record/search'))).toBe(false);
  });

  it('says "1 record", not "1 records", when the list holds one (EXTENSIONS.md §11)', async () => {
    useCrate([crate[0]!]);
    renderApp({ route: '/user/profile', state: signedIn() });
    await waitFor(() => expect(altTexts()).toEqual(['Revolver']));
    expect(screen.getByText('1 record')).toBeInTheDocument();
    expect(screen.queryByText('1 records')).not.toBeInTheDocument();
  });

  it('says so when the crate is empty', async () => {
    useCrate([]);
    renderApp({ route: '/user/profile', state: signedIn() });
    expect(await screen.findByText('Your crate is empty. Add a record to get started.')).toBeInTheDocument();
  });

  it('a new sort keeps the shown cards, marked busy, until its first page comes', async () => {
    useCrate();
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Holds the oldest-first answer; every other request goes on to the crate's fake.
    server.use(
      http.get('/api/record', async ({ request }) => {
        if (new URL(request.url).searchParams.get('sort') === 'oldest') await held;
      }),
    );
    renderApp({ route: '/user/profile', state: signedIn() });
    await waitFor(() => expect(altTexts()).toEqual(['Arrival', 'Revolver', 'tago Mago']));
    // The grid (the list and what holds it) is busy while the new order is on its way.
    const busy = () => screen.getByRole('list', { name: "riley's records" }).closest('[aria-busy="true"]');
    expect(busy()).toBeNull();

    await userEvent.click(screen.getByRole('radio', { name: 'Oldest Records' }));
    expect(screen.getByRole('radio', { name: 'Oldest Records' })).toBeChecked();
    await waitFor(() => expect(asked('/api/record').at(-1)).toMatchObject({ sort: 'oldest' }));
    expect(altTexts()).toEqual(['Arrival', 'Revolver', 'tago Mago']);
    expect(busy()).not.toBeNull();
    expect(screen.getByText('3 records')).toBeInTheDocument();

    release();
    await waitFor(() => expect(altTexts()).toEqual(['tago Mago', 'Revolver', 'Arrival']));
    expect(busy()).toBeNull();
    // The URL query follows (EXTENSIONS.md §1).
    await waitFor(() => expect(screen.getByTestId('location-query')).toHaveTextContent('?sort=oldest'));
  });

  it('clears the records when leaving', async () => {
    useCrate();
    const user = userEvent.setup();
    server.use(http.get('/api/mood', () => HttpResponse.json([])));
    const { store } = renderApp({ route: '/user/profile', state: signedIn() });
    await waitFor(() => expect(store.getState().records.items).toHaveLength(3));
    await user.click(screen.getByRole('link', { name: 'Add record' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/user/add'));
    // The crate's screen stays on, dimmed, until the next screen's code has loaded (EXTENSIONS.md
    // §11); it clears the records when it goes.
    await waitFor(() => expect(store.getState().records.items).toEqual([]));
  });
});

describe('CollectionPage first-visit loading screen', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  it('shows the spinning logo for 1 s on the first visit of the session only', async () => {
    useCrate();
    const first = renderApp({ route: '/user/profile', state: signedIn() });
    // The same screen shows while the collection screen's code loads (when no test of this file
    // has loaded it yet: shuffled seed 102); the first visit's second starts once the
    // collection screen itself is up and has noted the visit.
    await waitFor(() => expect(sessionStorage.getItem(LOADING_SHOWN_KEY)).not.toBeNull());
    expect(screen.getByText('Loading your crate...')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Spincrate' })).toHaveAttribute('src', '/logo-light.svg');
    expect(screen.queryByRole('heading', { name: "riley's crate" })).not.toBeInTheDocument();

    act(() => vi.advanceTimersByTime(900));
    expect(screen.getByText('Loading your crate...')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(100));
    expect(screen.queryByText('Loading your crate...')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: "riley's crate" })).toBeInTheDocument();
    first.unmount();

    // A second visit in the same session goes straight to the crate.
    renderApp({ route: '/user/profile', state: signedIn() });
    expect(await screen.findByRole('heading', { name: "riley's crate" })).toBeInTheDocument();
    expect(screen.queryByText('Loading your crate...')).not.toBeInTheDocument();
  });

  it('keeps sort and search in the URL query and shows how many records the list holds (EXTENSIONS.md §1)', async () => {
    useCrate();
    renderApp({ route: '/user/profile?sort=artist_asc&search=r', state: signedIn() });
    await waitFor(() => expect(altTexts()).toEqual(['Arrival', 'Revolver']));
    expect(asked('/api/record/search')).toEqual([
      expect.objectContaining({ search: 'r', sort: 'artist_asc' }),
    ]);
    expect(asked('/api/record')).toEqual([]);
    expect(screen.getByRole('radio', { name: 'Artist [A-Z]' })).toBeChecked();
    expect(screen.getByRole('searchbox', { name: 'Search records' })).toHaveValue('r');
    expect(screen.getByText('2 records')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: 'Least Recently Played' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/user/profile');
    await waitFor(() =>
      expect(screen.getByTestId('location-query')).toHaveTextContent('?sort=least_recently_played&search=r'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'CLEAR' }));
    await waitFor(() => expect(altTexts()).toHaveLength(3));
    expect(screen.getByText('3 records')).toBeInTheDocument();
  });

  it('loads the crate a page at a time as the grid reaches its end; the count comes from the server', async () => {
    const big = Array.from({ length: 130 }, (_, i) =>
      makeRecord({
        id: i + 1,
        title: `Album ${i + 1}`,
        date_added: new Date(Date.UTC(2020, 0, 1 + i)).toISOString(),
      }),
    );
    useCrate(big);
    renderApp({ route: '/user/profile', state: signedIn() });
    expect(await screen.findByText('130 records')).toBeInTheDocument();
    // The test's grid shows every card, so its end asks for the pages one by one.
    await waitFor(() => expect(covers()).toHaveLength(130));
    const pages = asked('/api/record');
    expect(pages.length).toBeGreaterThan(1);
    expect(pages[0]!.cursor).toBeUndefined();
    expect(new Set(pages.map((q) => q.cursor)).size).toBe(pages.length);
    expect(altTexts()[0]).toBe('Album 130');
    expect(altTexts()[129]).toBe('Album 1');
  });

  it('Back from a record keeps every loaded page: the first page is revalidated (304), nothing reloaded', async () => {
    const big = Array.from({ length: 130 }, (_, i) =>
      makeRecord({
        id: i + 1,
        title: `Album ${i + 1}`,
        date_added: new Date(Date.UTC(2020, 0, 1 + i)).toISOString(),
      }),
    );
    useCrate(big);
    const revalidations: Array<string | null> = [];
    server.events.on('request:start', ({ request }) => {
      revalidations.push(request.headers.get('If-None-Match'));
    });
    renderApp({ route: '/user/profile', state: signedIn() });
    await waitFor(() => expect(altTexts()).toHaveLength(130));
    await userEvent.click(screen.getByRole('link', { name: 'Album 5' }));
    expect(await screen.findByRole('heading', { name: 'Album 5' })).toBeInTheDocument();
    const before = asked('/api/record').length;
    revalidations.length = 0;
    await userEvent.click(screen.getByRole('link', { name: 'Back' }));
    await waitFor(() => expect(asked('/api/record')).toHaveLength(before + 1));
    expect(revalidations.filter(Boolean)).toHaveLength(1);
    await waitFor(() => expect(screen.getByText('130 records')).toBeInTheDocument());
    expect(altTexts()).toHaveLength(130);
    expect(asked('/api/record')).toHaveLength(before + 1);
    server.events.removeAllListeners('request:start');
  });

  it('Back after the list changed loads its first page again', async () => {
    const list = crate.slice();
    useCrate(list);
    renderApp({ route: '/user/profile', state: signedIn() });
    await waitFor(() => expect(altTexts()).toHaveLength(3));
    await userEvent.click(screen.getByRole('link', { name: 'Revolver' }));
    expect(await screen.findByRole('heading', { name: 'Revolver' })).toBeInTheDocument();
    list.push(makeRecord({ id: 4, title: 'Zeta', date_added: '2026-06-01T10:00:00Z' }));
    await userEvent.click(screen.getByRole('link', { name: 'Back' }));
    await waitFor(() => expect(altTexts()).toEqual(['Zeta', 'Arrival', 'Revolver', 'tago Mago']));
    expect(screen.getByText('4 records')).toBeInTheDocument();
  });
});
