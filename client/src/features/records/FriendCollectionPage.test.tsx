import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeRecord } from '@/test/records';
import { renderApp, signedIn } from '@/test/render';
import { server } from '@/test/server';
import { dismissWarning, fakePagedList, trackRequests } from './testing';

const requests = trackRequests();

const sam = { friend_id: 5, friend_username: 'sam' };
const jo = { friend_id: 6, friend_username: 'jo' };
const samsCrate = [
  makeRecord({
    id: 21,
    user_id: 5,
    artist: 'Joni Mitchell',
    title: 'Blue',
    date_added: '2026-02-01T00:00:00Z',
  }),
  makeRecord({
    id: 22,
    user_id: 5,
    artist: 'Aphex Twin',
    title: 'Selected Ambient Works',
    date_added: '2026-03-01T00:00:00Z',
  }),
];

function useSam(friends = [sam, jo]) {
  server.use(
    http.get('/api/social/friends', () => HttpResponse.json(friends)),
    ...fakePagedList('/api/social/friends/collection', () => samsCrate),
  );
}

/** The query of each list request sent to `path`. */
const asked = (path: string) =>
  requests
    .filter((r) => r.startsWith(`GET ${path}?`))
    .map((r) => Object.fromEntries(new URL(r.slice(4), 'http://x').searchParams));

const altTexts = () =>
  within(screen.getByRole('list', { name: "sam's records" }))
    .getAllByRole('img')
    .map((img) => img.getAttribute('alt'));

describe('FriendCollectionPage', () => {
  it("shows the friend's username, Back to social and the crate; covers open the friend's record", async () => {
    useSam();
    const user = userEvent.setup();
    renderApp({ route: '/social/friends/5', state: { ...signedIn(), friends: [sam, jo] } });
    expect(await screen.findByRole('heading', { name: 'sam' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to social' })).toHaveAttribute('href', '/social');
    await waitFor(() => expect(altTexts()).toEqual(['Selected Ambient Works', 'Blue']));
    expect(asked('/api/social/friends/collection')).toEqual([
      expect.objectContaining({ id: '5', sort: 'newest' }),
    ]);

    await user.click(screen.getByRole('radio', { name: 'Artist [A-Z]' }));
    await waitFor(() => expect(asked('/api/social/friends/collection')).toHaveLength(2));
    await waitFor(() => expect(altTexts()).toEqual(['Selected Ambient Works', 'Blue']));
    await user.click(screen.getByRole('radio', { name: 'Album [A-Z]' }));
    await waitFor(() => expect(altTexts()).toEqual(['Blue', 'Selected Ambient Works']));
    expect(asked('/api/social/friends/collection').map((q) => q.sort)).toEqual([
      'newest',
      'artist_asc',
      'title_asc',
    ]);

    expect(screen.getByRole('link', { name: 'Blue' })).toHaveAttribute('href', '/social/friends/5/21');
    await user.click(screen.getByRole('link', { name: 'Blue' }));
    expect(await screen.findByRole('heading', { name: 'Blue' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/social/friends/5/21');
    // The record came from the list already loaded: no second request, no 'Loading...' flash.
    expect(requests.filter((r) => r.startsWith('GET /api/social/friends/collection'))).toHaveLength(3);
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });

  it('loads the friends list for the heading when the store has none', async () => {
    useSam();
    renderApp({ route: '/social/friends/5', state: signedIn() });
    expect(await screen.findByRole('heading', { name: 'sam' })).toBeInTheDocument();
    expect(requests).toContain('GET /api/social/friends');
  });

  it("searches the friend's crate, CLEAR reloads it; an empty search warns and sends nothing", async () => {
    useSam();
    const user = userEvent.setup();
    renderApp({ route: '/social/friends/5', state: { ...signedIn(), friends: [sam] } });
    await waitFor(() => expect(altTexts()).toHaveLength(2));
    const box = screen.getByPlaceholderText('Search by Album, Artist, Tags, or Mood...');
    await user.type(box, '  {Enter}');
    expect(await screen.findByText('Please submit something to search')).toBeInTheDocument();
    await dismissWarning(user);
    expect(requests.some((r) => r.includes('/search'))).toBe(false);

    await user.clear(box);
    await user.type(box, 'blue');
    await user.click(screen.getByRole('button', { name: 'SEARCH' }));
    await waitFor(() => expect(altTexts()).toEqual(['Blue']));
    expect(asked('/api/social/friends/collection/search')).toEqual([
      expect.objectContaining({ search: 'blue', id: '5' }),
    ]);
    await user.click(screen.getByRole('button', { name: 'CLEAR' }));
    await waitFor(() => expect(altTexts()).toHaveLength(2));
    expect(box).toHaveValue('');
  });

  it('delete friend: cancel sends nothing', async () => {
    useSam();
    const user = userEvent.setup();
    renderApp({ route: '/social/friends/5', state: { ...signedIn(), friends: [sam] } });
    await user.click(await screen.findByRole('button', { name: /delete friend/i }));
    expect(await screen.findByText("You won't be able to revert this!")).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText('Are you sure?')).not.toBeInTheDocument());
    expect(requests.some((r) => r.startsWith('DELETE'))).toBe(false);
    expect(screen.getByTestId('location')).toHaveTextContent('/social/friends/5');
  });

  it('delete friend: confirm ends the friendship, goes to /social and says "Deleted!"', async () => {
    useSam([jo]);
    let deleted = '';
    server.use(
      http.delete('/api/social/:id', ({ params }) => {
        deleted = String(params.id);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const user = userEvent.setup();
    const { store } = renderApp({ route: '/social/friends/5', state: { ...signedIn(), friends: [sam, jo] } });
    await user.click(await screen.findByRole('button', { name: /delete friend/i }));
    expect(await screen.findByText('Are you sure?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes, delete it!' }));
    expect(await screen.findByText('Deleted!')).toBeInTheDocument();
    expect(screen.getByText('The friendship has been ended.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/social$/));
    await waitFor(() => expect(deleted).toBe('5'));
    // Leaving the friend's crate cleared the records.
    expect(store.getState().records.items).toEqual([]);
  });
});
