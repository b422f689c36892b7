import { beforeAll, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@/test/server';
import { renderApp, signedIn } from '@/test/render';

const listen = {
  spin_id: 7,
  album_id: 12,
  title: 'Kind of Blue',
  artist: 'Miles Davis',
  coverart: 'https://covers.example/kind-of-blue.jpg',
  friend_id: 5,
  friend_username: 'sam',
  listened_at: '2026-11-20',
  spin_details: 'Sunday morning',
};

// The screens are loaded on demand; load them once up front so each test sees them at once.
beforeAll(async () => {
  await import('./LatestListensPage');
});

describe('LatestListensPage', () => {
  it("shows friends' spins as flip cards with who spun what, when (M/DD/YY) and the details", async () => {
    server.use(
      http.get('/api/social/latestListens', () =>
        HttpResponse.json([
          listen,
          {
            ...listen,
            spin_id: 8,
            album_id: 13,
            title: 'Blue Train',
            listened_at: null,
            spin_details: 'late night',
          },
        ]),
      ),
    );
    const user = userEvent.setup();
    renderApp({ route: '/social/recentlySpun', state: signedIn() });

    expect(await screen.findByText('what your friends have been listening to')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Kind of Blue' }));
    expect(screen.getByRole('button', { pressed: true })).toHaveAccessibleName(
      'Kind of Blue Miles Davis sam spun on 11/20/26 Sunday morning',
    );

    await user.click(screen.getByRole('button', { name: 'Blue Train' }));
    expect(screen.getByRole('button', { name: /Blue Train/, pressed: true })).toHaveAccessibleName(
      'Blue Train Miles Davis sam spun on Unknown date late night',
    );
    const list = screen.getByRole('list', { name: 'Latest Listens' });
    expect(list).toHaveClass('row-cols-1', 'row-cols-sm-3', 'row-cols-md-6');
  });
});
