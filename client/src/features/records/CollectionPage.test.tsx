import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeRecord } from '@/lib/components/fixtures';
import { LOADING_SHOWN_KEY } from '@/lib/components/LoadingScreen';
import { renderApp, signedIn } from '@/test/render';
import { server } from '@/test/server';
import { dismissWarning, trackRequests } from './testing';

const crate = [
  makeRecord({ id: 1, artist: 'Beatles', title: 'Revolver', date_added: '2026-03-01T10:00:00Z' }),
  makeRecord({ id: 2, artist: 'abba', title: 'Arrival', date_added: '2026-05-01T10:00:00Z' }),
  makeRecord({ id: 3, artist: 'Can', title: 'tago Mago', date_added: '2026-01-01T10:00:00Z' }),
];

const requests = trackRequests();

function useCrate(list = crate) {
  server.use(
    http.get('/api/record', () => HttpResponse.json(list)),
    http.get('/api/record/search', ({ request }) => {
      const q = new URL(request.url).searchParams.get('search')!.toLowerCase();
      return HttpResponse.json(list.filter((r) => `${r.title} ${r.artist}`.toLowerCase().includes(q)));
    }),
  );
}

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
      expect(altTexts()).toEqual(order);
    }
    // Sorting happens in the client: only the first list request was sent.
    expect(requests.filter((r) => r.startsWith('GET /api/record'))).toEqual(['GET /api/record']);
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
    expect(requests).toContain('GET /api/record/search?search=rev');
    expect(screen.getByRole('button', { name: 'CLEAR' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'SEARCH' })).not.toBeInTheDocument();

    await user.type(box, 'o');
    expect(screen.getByRole('button', { name: 'SEARCH' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'CLEAR' })).not.toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('button', { name: 'CLEAR' })).toBeInTheDocument();
    expect(requests).toContain('GET /api/record/search?search=revo');

    await user.click(screen.getByRole('button', { name: 'CLEAR' }));
    expect(box).toHaveValue('');
    await waitFor(() => expect(covers()).toHaveLength(3));
    expect(requests.filter((r) => r === 'GET /api/record')).toHaveLength(2);
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

  it('says so when the crate is empty', async () => {
    useCrate([]);
    renderApp({ route: '/user/profile', state: signedIn() });
    expect(await screen.findByText('Your crate is empty. Add a record to get started.')).toBeInTheDocument();
  });

  it('clears the records when leaving', async () => {
    useCrate();
    const user = userEvent.setup();
    server.use(http.get('/api/mood', () => HttpResponse.json([])));
    const { store } = renderApp({ route: '/user/profile', state: signedIn() });
    await waitFor(() => expect(store.getState().records).toHaveLength(3));
    await user.click(screen.getByRole('link', { name: 'Add record' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/user/add'));
    expect(store.getState().records).toEqual([]);
  });
});

describe('CollectionPage first-visit loading screen', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  it('shows the spinning logo for 1 s on the first visit of the session only', async () => {
    useCrate();
    const first = renderApp({ route: '/user/profile', state: signedIn() });
    expect(await screen.findByText('Loading your crate...')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Spincrate' })).toHaveAttribute('src', '/logo-light.svg');
    expect(screen.queryByRole('heading', { name: "riley's crate" })).not.toBeInTheDocument();
    expect(sessionStorage.getItem(LOADING_SHOWN_KEY)).not.toBeNull();

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
    renderApp({ route: '/user/profile?sort=artist_asc&search=o', state: signedIn() });
    await waitFor(() => expect(altTexts()).toEqual(['Revolver', 'tago Mago']));
    expect(requests).toContain('GET /api/record/search?search=o');
    expect(requests).not.toContain('GET /api/record');
    expect(screen.getByRole('radio', { name: 'Artist [A-Z]' })).toBeChecked();
    expect(screen.getByRole('searchbox', { name: 'Search records' })).toHaveValue('o');
    expect(screen.getByText('2 records')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: 'Least Recently Played' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/user/profile');
    await userEvent.click(screen.getByRole('button', { name: 'CLEAR' }));
    await waitFor(() => expect(altTexts()).toHaveLength(3));
    expect(screen.getByText('3 records')).toBeInTheDocument();
  });

  it('Back from a record shows the same list without loading it again', async () => {
    useCrate();
    renderApp({ route: '/user/profile', state: signedIn() });
    await waitFor(() => expect(altTexts()).toHaveLength(3));
    await userEvent.click(screen.getByRole('link', { name: 'Revolver' }));
    expect(await screen.findByRole('heading', { name: 'Revolver' })).toBeInTheDocument();
    const before = requests.filter((r) => r === 'GET /api/record').length;
    await userEvent.click(screen.getByRole('link', { name: 'Back' }));
    await waitFor(() => expect(altTexts()).toEqual(['Arrival', 'Revolver', 'tago Mago']));
    expect(requests.filter((r) => r === 'GET /api/record').length).toBe(before);
  });
});
