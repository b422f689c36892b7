import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
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
  cover: null,
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

  it("shows a record's own 250/500 px thumbnails once it has cover, else its coverart", async () => {
    // API.md "Covers served by Spincrate": "Every Record and Want gains `cover`: { "small":
    // "/covers/{key}-250.webp", "large": "/covers/{key}-500.webp" } once the image has been
    // fetched, else `null` (the client then shows `coverart`, which keeps the source URL or
    // the fallback as before)."
    const small = `/covers/${'f'.repeat(32)}-250.webp`;
    const large = `/covers/${'f'.repeat(32)}-500.webp`;
    server.use(
      http.get('/api/social/latestListens', () =>
        HttpResponse.json([
          { ...listen, cover: { small, large } },
          {
            ...listen,
            spin_id: 8,
            album_id: 13,
            title: 'Blue Train',
            coverart: 'https://covers.example/bt.jpg',
          },
        ]),
      ),
    );
    renderApp({ route: '/social/recentlySpun', state: signedIn() });
    const own = await screen.findByRole('img', { name: 'Kind of Blue' });
    expect(own).toHaveAttribute('src', small);
    expect(own).toHaveAttribute('srcset', `${small} 250w, ${large} 500w`);
    expect(own.getAttribute('src')).not.toContain('covers.example');
    const source = screen.getByRole('img', { name: 'Blue Train' });
    expect(source).toHaveAttribute('src', 'https://covers.example/bt.jpg');
    expect(source).not.toHaveAttribute('srcset');

    // A thumbnail that cannot be loaded gives way to the fallback cover, srcset and all.
    fireEvent.error(own);
    expect(own).toHaveAttribute('src', '/covers/fallback.svg');
    expect(own).not.toHaveAttribute('srcset');
  });
});
