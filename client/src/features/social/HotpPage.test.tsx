import { beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@/test/server';
import { renderApp, signedIn } from '@/test/render';

const record = {
  id: 12,
  user_id: 5,
  title: 'Kind of Blue',
  artist: 'Miles Davis',
  coverart: 'https://covers.example/kind-of-blue.jpg',
  date_added: '2026-01-05T14:03:00.000Z',
  mood: 'Mellow',
  mood_id: 10,
  details: '',
  tags: '[]',
  username: 'sam',
};

// The screens are loaded on demand; load them once up front so each test sees them at once.
beforeAll(async () => {
  await import('./HotpPage');
  await import('./SocialPage');
});

describe('HotpPage', () => {
  it("shows friends' new records as flip cards: cover in front, details on the back", async () => {
    server.use(
      http.get('/api/social/hotp', () =>
        HttpResponse.json([
          record,
          {
            ...record,
            id: 13,
            title: 'Blue Train',
            artist: 'John Coltrane',
            username: 'alex',
            date_added: null,
          },
        ]),
      ),
    );
    const user = userEvent.setup();
    renderApp({ route: '/social/hotp', state: signedIn() });

    expect(await screen.findByText('what your friends have picked up lately')).toBeInTheDocument();
    const cover = await screen.findByRole('img', { name: 'Kind of Blue' });
    expect(cover).toHaveAttribute('src', record.coverart);
    expect(cover).toHaveAttribute('loading', 'lazy');
    expect(cover).toHaveAttribute('width');
    expect(cover).toHaveAttribute('height');

    const [first, second] = screen.getAllByRole('button', { pressed: false });
    expect(first).toHaveAccessibleName('Kind of Blue');
    // EXTENSIONS.md §11: a caption under the card like the crate's, the artist its description.
    const card = first!.parentElement!;
    expect(within(card).getByText('Kind of Blue', { selector: '.cover-caption' })).toBeVisible();
    expect(within(card).getByText('Miles Davis', { selector: '.cover-caption' })).toBeVisible();
    expect(first).toHaveAccessibleDescription('Miles Davis');
    await user.click(first!);
    expect(first).toHaveAttribute('aria-pressed', 'true');
    expect(first).toHaveAccessibleName("Kind of Blue Miles Davis sam's crate added 1/05/26");

    // Keyboard: Enter flips the second card.
    second!.focus();
    await user.keyboard('{Enter}');
    expect(second).toHaveAttribute('aria-pressed', 'true');
    expect(within(second!).getByText("alex's crate")).toBeInTheDocument();
    expect(within(second!).getByText('Unknown date')).toBeInTheDocument();

    // Space flips it back to the cover.
    await user.keyboard(' ');
    expect(second).toHaveAccessibleName('Blue Train');
  });

  it('shows Spincrate\'s own thumbnails on a card whose record has cover (API.md "Covers served by Spincrate")', async () => {
    const key = 'abcdef0123456789abcdef0123456789';
    server.use(
      http.get('/api/social/hotp', () =>
        HttpResponse.json([
          { ...record, cover: { small: `/covers/${key}-250.webp`, large: `/covers/${key}-500.webp` } },
        ]),
      ),
    );
    renderApp({ route: '/social/hotp', state: signedIn() });
    const cover = await screen.findByRole('img', { name: 'Kind of Blue' });
    expect(cover).toHaveAttribute('src', `/covers/${key}-250.webp`);
    expect(cover).toHaveAttribute('srcset', `/covers/${key}-250.webp 250w, /covers/${key}-500.webp 500w`);
  });

  it('goes back to /social', async () => {
    server.use(
      http.get('/api/social/hotp', () => HttpResponse.json([])),
      http.get('/api/social/friends', () => HttpResponse.json([{ friend_id: 5, friend_username: 'sam' }])),
    );
    const user = userEvent.setup();
    renderApp({ route: '/social/hotp', state: signedIn() });
    await user.click(await screen.findByRole('button', { name: 'Back to social' }));
    expect(await screen.findByRole('heading', { name: 'social' })).toBeInTheDocument();
  });
});
