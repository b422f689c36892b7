import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadedList, makeRecord } from '@/test/records';
import { LOADING_SHOWN_KEY } from '@/lib/components/LoadingScreen';
import { renderApp, signedIn } from '@/test/render';
import { server } from '@/test/server';
import { fakePagedList, trackRequests, fakeRecordById } from './testing';

const requests = trackRequests();

const mine = makeRecord({
  id: 7,
  user_id: 1,
  title: 'Tago Mago',
  artist: 'Can',
  mood: 'Upbeat',
  details: 'First press',
  tags: '["krautrock","experimental"]',
});
const friends = makeRecord({ id: 8, user_id: 5, title: 'Blue', artist: 'Joni Mitchell', tags: 'not json' });

beforeEach(() => sessionStorage.setItem(LOADING_SHOWN_KEY, '1'));

describe('RecordDetailsPage', () => {
  it("shows 'Loading...' until the record is fetched, then its title, artist, mood, details, tags and cover", async () => {
    // The record is answered once 'Loading...' was seen: an answer within the same tick
    // replaced it before it could be asserted (issue 28, a shuffled run).
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get('/api/record/7', async () => {
        await answered;
        return undefined;
      }),
      http.get('/api/record', () => HttpResponse.json([mine])),
      fakeRecordById(() => [mine]),
    );
    renderApp({ route: '/user/details/7', state: signedIn() });
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    answer();
    expect(await screen.findByRole('heading', { name: 'Tago Mago' })).toBeInTheDocument();
    expect(screen.getByText('Can')).toBeInTheDocument();
    expect(screen.getByText('Upbeat')).toBeInTheDocument();
    expect(screen.getByText('First press')).toBeInTheDocument();
    const tags = within(screen.getByRole('list', { name: 'Tags' })).getAllByRole('listitem');
    expect(tags.map((t) => t.textContent)).toEqual(['krautrock', 'experimental']);
    expect(screen.getByRole('img', { name: 'Tago Mago' })).toHaveAttribute('src', mine.coverart);
    // A cover that does not load shows the fallback cover, not a broken image (API.md:
    // `coverart` is "always a URL the browser can display, also with no internet").
    fireEvent.error(screen.getByRole('img', { name: 'Tago Mago' }));
    expect(screen.getByRole('img', { name: 'Tago Mago' })).toHaveAttribute('src', '/covers/fallback.svg');
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/user/profile');
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/user/edit/7');
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    // API.md "One record": one request for the one record.
    expect(requests).toEqual(['GET /api/record/7']);
  });

  it('a link to a record no loaded page holds asks for it alone, whatever the crate size (API.md "One record")', async () => {
    const crate = Array.from({ length: 450 }, (_, i) =>
      makeRecord({
        id: i + 1,
        title: `Album ${i + 1}`,
        date_added: new Date(Date.UTC(2020, 0, 1 + i)).toISOString(),
      }),
    );
    server.use(
      ...fakePagedList('/api/record', () => crate),
      fakeRecordById(() => crate),
    );
    renderApp({ route: '/user/details/3', state: signedIn() });
    expect(await screen.findByRole('heading', { name: 'Album 3' })).toBeInTheDocument();
    expect(requests.filter((r) => r.startsWith('GET /api/record'))).toEqual(['GET /api/record/3']);
  });

  it('says so when the crate has no record with that id', async () => {
    server.use(
      ...fakePagedList('/api/record', () => [mine]),
      fakeRecordById(() => [mine]),
    );
    renderApp({ route: '/user/details/99', state: signedIn() });
    expect(await screen.findByText('This record could not be found.')).toBeInTheDocument();
  });

  it('uses the records list when it already holds the record (no request)', async () => {
    renderApp({ route: '/user/details/7', state: { ...signedIn(), records: loadedList([mine]) } });
    expect(await screen.findByRole('heading', { name: 'Tago Mago' })).toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it('shows Spincrate\'s own 500 px thumbnail once the record has cover (API.md "Covers served by Spincrate")', async () => {
    const key = 'abcdef0123456789abcdef0123456789';
    const covered = {
      ...mine,
      cover: { small: `/covers/${key}-250.webp`, large: `/covers/${key}-500.webp` },
    };
    renderApp({ route: '/user/details/7', state: { ...signedIn(), records: loadedList([covered]) } });
    const img = await screen.findByRole('img', { name: 'Tago Mago' });
    expect(img).toHaveAttribute('src', `/covers/${key}-500.webp`);
    expect(img).toHaveAttribute('srcset', `/covers/${key}-250.webp 250w, /covers/${key}-500.webp 500w`);
  });

  it('says so when the record does not exist', async () => {
    server.use(
      http.get('/api/record', () => HttpResponse.json([mine])),
      fakeRecordById(() => [mine]),
    );
    renderApp({ route: '/user/details/99', state: signedIn() });
    expect(await screen.findByText('This record could not be found.')).toBeInTheDocument();
  });

  it('shows no edit or delete buttons when the record is not the user’s', async () => {
    renderApp({ route: '/user/details/8', state: { ...signedIn(), records: loadedList([friends]) } });
    expect(await screen.findByRole('heading', { name: 'Blue' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.getByText('No tags')).toBeInTheDocument();
  });

  it('asks before deleting; cancel sends nothing', async () => {
    const user = userEvent.setup();
    renderApp({ route: '/user/details/7', state: { ...signedIn(), records: loadedList([mine]) } });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Are you sure?')).toBeInTheDocument();
    expect(screen.getByText('The record will be gone forever!')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText('Are you sure?')).not.toBeInTheDocument());
    expect(requests).toEqual([]);
    expect(screen.getByTestId('location')).toHaveTextContent('/user/details/7');
  });

  it('on confirm deletes, goes to the collection and says "Deleted!"', async () => {
    let deleted = '';
    server.use(
      http.delete('/api/record/:id', ({ params }) => {
        deleted = String(params.id);
        return new HttpResponse(null, { status: 204 });
      }),
      http.get('/api/record', () => HttpResponse.json(deleted ? [] : [mine])),
      fakeRecordById(() => (deleted ? [] : [mine])),
    );
    const user = userEvent.setup();
    renderApp({ route: '/user/details/7', state: { ...signedIn(), records: loadedList([mine]) } });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('button', { name: 'Yes, delete it!' });
    // The red confirm button.
    expect(confirm.style.getPropertyValue('--swal2-confirm-button-background-color')).toBe('#d33');
    await user.click(confirm);
    expect(await screen.findByText('Deleted!')).toBeInTheDocument();
    expect(screen.getByText('Your file has been deleted.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/user/profile'));
    await waitFor(() => expect(deleted).toBe('7'));
    await screen.findByText('Your crate is empty. Add a record to get started.');
  });
});

describe('FriendRecordPage', () => {
  it("fetches the friend's records, shows the record read-only and goes back to the friend's crate", async () => {
    server.use(
      http.get('/api/social/friends/collection', () => HttpResponse.json([friends])),
      fakeRecordById(() => [friends], true),
    );
    renderApp({ route: '/social/friends/5/8', state: signedIn() });
    expect(await screen.findByRole('heading', { name: 'Blue' })).toBeInTheDocument();
    expect(requests).toEqual(['GET /api/social/friends/5/record/8']);
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/social/friends/5');
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });
});
