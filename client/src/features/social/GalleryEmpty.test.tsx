import { beforeAll, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '@/test/server';
import { renderApp, signedIn } from '@/test/render';

beforeAll(async () => {
  await import('./HotpPage');
  await import('./LatestListensPage');
});

describe('empty galleries', () => {
  it('Hot Off The Press says there is nothing yet once the empty list arrives, not before', async () => {
    // The list is answered once the test has seen the screen without it (not after 150 ms,
    // which a busy machine may need just to draw the heading).
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    server.use(
      http.get('/api/social/hotp', async () => {
        await answered;
        return HttpResponse.json([]);
      }),
    );
    renderApp({ route: '/social/hotp', state: signedIn() });
    expect(await screen.findByRole('heading', { name: 'Hot Off The Press' })).toBeInTheDocument();
    expect(screen.queryByText(/Nothing new from your friends yet/)).not.toBeInTheDocument();
    answer();
    expect(await screen.findByText(/Nothing new from your friends yet/)).toBeInTheDocument();
  });

  it('Latest Listens says there are no listens yet when friends have logged none', async () => {
    server.use(http.get('/api/social/latestListens', () => HttpResponse.json([])));
    renderApp({ route: '/social/recentlySpun', state: signedIn() });
    expect(await screen.findByText(/No listens from your friends yet/)).toBeInTheDocument();
  });

  it('shows no empty text when the list has cards', async () => {
    server.use(
      http.get('/api/social/latestListens', () =>
        HttpResponse.json([
          {
            spin_id: 1,
            album_id: 2,
            title: 'Blue Train',
            artist: 'John Coltrane',
            coverart: '/covers/fallback.svg',
            friend_id: 5,
            friend_username: 'sam',
            listened_at: '2026-11-20',
            spin_details: 'late night',
          },
        ]),
      ),
    );
    renderApp({ route: '/social/recentlySpun', state: signedIn() });
    expect(await screen.findByText('sam spun on 11/20/26')).toBeInTheDocument();
    expect(screen.queryByText(/No listens from your friends yet/)).not.toBeInTheDocument();
  });
});
