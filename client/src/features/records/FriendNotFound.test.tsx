import { beforeAll, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '@/test/server';
import { renderApp, signedIn } from '@/test/render';

beforeAll(async () => {
  await import('./FriendCollectionPage');
});

describe("a crate that is not a friend's", () => {
  it('says so, with no delete button, empty grid or search, when the server answers 404', async () => {
    server.use(
      http.get('/api/social/friends', () => HttpResponse.json([])),
      http.get('/api/social/friends/collection', () =>
        HttpResponse.json({ error: { code: 'not_found', message: 'Friend not found' } }, { status: 404 }),
      ),
    );
    renderApp({ route: '/social/friends/3', state: signedIn() });
    // The screen's first render and the 404 may take seconds on a busy machine.
    expect(await screen.findByRole('heading', { name: 'Friend not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to social' })).toHaveAttribute('href', '/social');
    expect(screen.queryByRole('button', { name: /delete friend/i })).not.toBeInTheDocument();
    expect(screen.queryByText('This crate is empty.')).not.toBeInTheDocument();
    expect(screen.queryByPlaceholderText(/Search by Album/)).not.toBeInTheDocument();
  });
});
