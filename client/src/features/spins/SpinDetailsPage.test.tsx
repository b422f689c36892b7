import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import Swal from 'sweetalert2';
import { server } from '@/test/server';
import { renderApp, signedIn } from '@/test/render';

// The screens are loaded on demand; load them once up front so each test sees them at once.
beforeAll(async () => {
  await import('./SpinDetailsPage');
  await import('./SpinsPage');
});

const initialWidth = window.innerWidth;
afterEach(() => {
  Swal.close();
  document.querySelectorAll('.swal2-container').forEach((node) => node.remove());
  window.innerWidth = initialWidth;
});

const spin = { id: 7, listened_at: '2026-01-05', time_spent: '1:05', spin_details: 'Sunday morning' };
const rows = [
  {
    ...spin,
    album_id: 12,
    title: 'Kind of Blue',
    artist: 'Miles Davis',
    coverart: '/covers/12.jpg',
    cover: null,
  },
  {
    ...spin,
    album_id: 13,
    title: 'Blue Train',
    artist: 'John Coltrane',
    coverart: '/covers/13.jpg',
    cover: null,
  },
];

/** Answers GET /api/spins/single/7 once `release` is called; counts DELETE calls. */
function fakeServer(answer: unknown[] = rows) {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const deleted: string[] = [];
  server.use(
    http.get('/api/spins/single/:id', async () => {
      await gate;
      return HttpResponse.json(answer);
    }),
    http.delete('/api/spins/:id', ({ params }) => {
      deleted.push(String(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
    http.get('/api/spins', () => HttpResponse.json([])),
  );
  return { release, deleted };
}

describe('SpinDetailsPage', () => {
  it('shows a loading text, then the date, length, details, albums and the covers', async () => {
    const { release } = fakeServer();
    renderApp({ route: '/spins/details/7', state: signedIn() });

    expect(await screen.findByRole('heading', { name: 'spin details' })).toBeInTheDocument();
    expect(screen.getByText('Loading spin details...')).toBeInTheDocument();
    expect(screen.queryByText('LISTENED on')).not.toBeInTheDocument();

    release();
    expect(await screen.findByText('01/05/2026')).toBeInTheDocument();
    expect(screen.queryByText('Loading spin details...')).not.toBeInTheDocument();
    expect(screen.getByText('LISTENED on')).toBeInTheDocument();
    expect(screen.getByText('LENGTH of SPIN')).toBeInTheDocument();
    expect(screen.getByText('1:05')).toBeInTheDocument();
    expect(screen.getByText('DETAILS')).toBeInTheDocument();
    expect(screen.getByText('Sunday morning')).toBeInTheDocument();
    expect(screen.getByText('ALBUMS')).toBeInTheDocument();
    const albums = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(albums.map((item) => item.textContent)).toEqual([
      'Kind of Blue by Miles Davis',
      'Blue Train by John Coltrane',
    ]);

    const cover = screen.getByRole('img', { name: 'Kind of Blue' });
    expect(cover).toHaveAttribute('src', '/covers/12.jpg');
    expect(cover).toHaveAttribute('loading', 'lazy');
    expect(screen.getByRole('img', { name: 'Blue Train', hidden: true })).toBeInTheDocument();
    // No carousel controls or indicators.
    expect(screen.queryByRole('button', { name: /previous|next/i })).not.toBeInTheDocument();
    expect(document.querySelector('.carousel-indicators')).toBeNull();
  });

  it("shows a record's own 250/500 px thumbnails once it has cover, else its coverart", async () => {
    // API.md "Covers served by Spincrate": "Every Record and Want gains `cover`: { "small":
    // "/covers/{key}-250.webp", "large": "/covers/{key}-500.webp" } once the image has been
    // fetched, else `null` (the client then shows `coverart`, which keeps the source URL or
    // the fallback as before)."
    const small = `/covers/${'c'.repeat(32)}-250.webp`;
    const large = `/covers/${'c'.repeat(32)}-500.webp`;
    fakeServer([
      { ...rows[0]!, coverart: 'https://images.test/kind-of-blue.jpg', cover: { small, large } },
      { ...rows[1]!, coverart: 'https://images.test/blue-train.jpg', cover: null },
    ]).release();
    renderApp({ route: '/spins/details/7', state: signedIn() });
    const own = await screen.findByRole('img', { name: 'Kind of Blue' });
    expect(own).toHaveAttribute('src', small);
    expect(own).toHaveAttribute('srcset', `${small} 250w, ${large} 500w`);
    expect(own).toHaveAttribute('sizes');
    expect(own.getAttribute('src')).not.toContain('images.test');
    const source = screen.getByRole('img', { name: 'Blue Train', hidden: true });
    expect(source).toHaveAttribute('src', 'https://images.test/blue-train.jpg');
    expect(source).not.toHaveAttribute('srcset');

    // A thumbnail that cannot be loaded gives way to the fallback cover, srcset and all.
    fireEvent.error(own);
    expect(own).toHaveAttribute('src', '/covers/fallback.svg');
    expect(own).not.toHaveAttribute('srcset');
  });

  it('fades between covers on wide screens only', async () => {
    window.innerWidth = 1024;
    fakeServer().release();
    const first = renderApp({ route: '/spins/details/7', state: signedIn() });
    await screen.findByText('01/05/2026');
    expect(document.querySelector('.carousel')).toHaveClass('carousel-fade');
    first.unmount();

    window.innerWidth = 375;
    fakeServer().release();
    renderApp({ route: '/spins/details/7', state: signedIn() });
    await screen.findByText('01/05/2026');
    expect(document.querySelector('.carousel')).not.toHaveClass('carousel-fade');
  });

  it('skips album rows without a record (all records of the spin deleted)', async () => {
    fakeServer([
      { ...spin, album_id: null, title: null, artist: null, coverart: null, cover: null },
    ]).release();
    renderApp({ route: '/spins/details/7', state: signedIn() });
    expect(await screen.findByText('Sunday morning')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
    expect(screen.getByText(/No albums/)).toBeInTheDocument();
  });

  it('says the spin could not be found instead of loading forever when it does not exist', async () => {
    server.use(
      http.get('/api/spins/single/:id', () =>
        HttpResponse.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 }),
      ),
    );
    renderApp({ route: '/spins/details/7', state: signedIn() });
    expect(await screen.findByText(/This spin could not be found/)).toBeInTheDocument();
    expect(screen.queryByText('Loading spin details...')).not.toBeInTheDocument();
  });

  it('says the spin could not be found for an id that is not a number, without asking the server', async () => {
    renderApp({ route: '/spins/details/abc', state: signedIn() });
    expect(await screen.findByText(/This spin could not be found/)).toBeInTheDocument();
  });

  it('asks before deleting; cancel sends nothing', async () => {
    const { release, deleted } = fakeServer();
    release();
    const user = userEvent.setup();
    renderApp({ route: '/spins/details/7', state: signedIn() });

    await user.click(await screen.findByRole('button', { name: 'delete spin' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure?');
    expect(dialog).toHaveTextContent(
      "This will permanently delete the spin. You won't be able to revert this!",
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deleted).toEqual([]);
    expect(screen.getByTestId('location')).toHaveTextContent('/spins/details/7');
  });

  it('deletes on confirmation, goes to /spins and says so', async () => {
    const { release, deleted } = fakeServer();
    release();
    const user = userEvent.setup();
    renderApp({ route: '/spins/details/7', state: signedIn() });

    await user.click(await screen.findByRole('button', { name: 'delete spin' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, delete it!' }));

    expect(await screen.findByText('Your spin has been deleted.')).toBeInTheDocument();
    expect(screen.getByText('Deleted!')).toBeInTheDocument();
    await waitFor(() => expect(deleted).toEqual(['7']));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/spins$/));
  });

  it('goes back to /spins with Back', async () => {
    fakeServer().release();
    const user = userEvent.setup();
    renderApp({ route: '/spins/details/7', state: signedIn() });
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'spins' })).toBeInTheDocument();
  });
});

describe('SpinDetailsPage and ListenBrainz (EXTENSIONS.md §8)', () => {
  const scrobbled = (scrobble: { state: string; listens: number; message: string | null }) =>
    rows.map((row) => ({ ...row, started_at: null, scrobble }));

  it.each([
    [{ state: 'sent', listens: 12, message: null }, 'Sent to ListenBrainz · 12 listens'],
    [{ state: 'pending', listens: 0, message: null }, 'Sending…'],
    [
      { state: 'partial', listens: 9, message: 'no tracklist for Blue Train' },
      'Not sent: no tracklist for Blue Train',
    ],
    [
      { state: 'failed', listens: 0, message: 'Invalid JSON document submitted.' },
      'ListenBrainz refused: Invalid JSON document submitted.',
    ],
  ])('shows %j as "%s"', async (scrobble, text) => {
    const { release } = fakeServer(scrobbled(scrobble));
    release();
    renderApp({ route: '/spins/details/7', state: signedIn() });
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send again' }) !== null).toBe(
      scrobble.state === 'failed' || scrobble.state === 'partial',
    );
  });

  it('says nothing of ListenBrainz for a spin that is not sent', async () => {
    const { release } = fakeServer(scrobbled({ state: 'off', listens: 0, message: null }));
    release();
    renderApp({ route: '/spins/details/7', state: signedIn() });
    expect(await screen.findByText('Sunday morning')).toBeInTheDocument();
    expect(screen.queryByText(/ListenBrainz/)).not.toBeInTheDocument();
  });

  it('Send again posts /api/spins/7/send and shows the spin sending', async () => {
    let answer = scrobbled({ state: 'failed', listens: 0, message: 'Invalid JSON document submitted.' });
    const sent: string[] = [];
    server.use(
      http.get('/api/spins/single/:id', () => HttpResponse.json(answer)),
      http.post('/api/spins/:id/send', ({ params }) => {
        sent.push(String(params.id));
        answer = scrobbled({ state: 'pending', listens: 0, message: null });
        return HttpResponse.json(
          { id: 7, scrobble: { state: 'pending', listens: 0, message: null } },
          { status: 202 },
        );
      }),
    );
    renderApp({ route: '/spins/details/7', state: signedIn() });
    await userEvent.click(await screen.findByRole('button', { name: 'Send again' }));
    expect(await screen.findByText('Sending…')).toBeInTheDocument();
    expect(sent).toEqual(['7']);
  });
});
