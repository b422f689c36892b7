import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import Swal from 'sweetalert2';
import { server } from '@/test/server';
import { renderApp, signedIn } from '@/test/render';

afterEach(() => {
  Swal.close();
  document.querySelectorAll('.swal2-container').forEach((node) => node.remove());
});

// The screens are loaded on demand; load them once up front so each test sees them at once.
beforeAll(async () => {
  await import('./AddFriendPage');
  await import('./SocialPage');
  // Loaded with every screen after the login (app/App.tsx lazyWithStyles).
  await import('@/lib/screenStyles');
}, 30_000);

describe('AddFriendPage', () => {
  it('warns and sends nothing when the username is empty', async () => {
    let posted = 0;
    server.use(
      http.post('/api/social/add', () => {
        posted += 1;
        return HttpResponse.json({}, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderApp({ route: '/social/add', state: signedIn() });

    const field = await screen.findByLabelText("Enter Friend's Username");
    await user.type(field, '   ');
    await user.click(screen.getByRole('button', { name: 'ADD FRIEND' }));

    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Attention!');
    expect(dialog).toHaveTextContent('Please fill form before submit');
    expect(screen.getByRole('button', { name: 'OK' })).toBeInTheDocument();
    expect(posted).toBe(0);
    expect(screen.getByTestId('location')).toHaveTextContent('/social/add');
  });

  it('sends the username, empties the field and goes to /social at once', async () => {
    const bodies: unknown[] = [];
    let friends: Array<{ friend_id: number; friend_username: string }> = [];
    server.use(
      http.post('/api/social/add', async ({ request }) => {
        bodies.push(await request.json());
        friends = [{ friend_id: 5, friend_username: 'sam' }];
        return HttpResponse.json(friends[0], { status: 201 });
      }),
      http.get('/api/social/friends', () => HttpResponse.json(friends)),
    );
    const user = userEvent.setup();
    renderApp({ route: '/social/add', state: signedIn() });

    await user.type(await screen.findByLabelText("Enter Friend's Username"), ' sam ');
    await user.click(screen.getByRole('button', { name: 'ADD FRIEND' }));

    // After the server's answer (EXTENSIONS.md §11); the social screen's first render in a
    // test run may take seconds on a busy machine.
    expect(await screen.findByRole('heading', { name: 'social' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/social$/);
    expect(await screen.findByRole('link', { name: "sam's crate" })).toBeInTheDocument();
    expect(bodies).toEqual([{ friend_username: 'sam' }]);
  });

  it('says "No one is called {name}." for an unknown username and stays on the form', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/social/add', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ error: { code: 'not_found', message: 'No such user' } }, { status: 404 });
      }),
    );
    const user = userEvent.setup();
    renderApp({ route: '/social/add', state: signedIn() });

    const field = await screen.findByLabelText("Enter Friend's Username");
    await user.type(field, ' nobodyhere ');
    await user.click(screen.getByRole('button', { name: 'ADD FRIEND' }));

    // EXTENSIONS.md §11: "No one is called {name}." and stays on the form.
    expect(await screen.findByRole('alert')).toHaveTextContent('No one is called nobodyhere.');
    expect(screen.getByTestId('location')).toHaveTextContent('/social/add');
    expect(screen.getByLabelText("Enter Friend's Username")).toHaveValue(' nobodyhere ');
    expect(bodies).toEqual([{ friend_username: 'nobodyhere' }]);
  });

  it('goes back to /social with Back to Social', async () => {
    server.use(
      http.get('/api/social/friends', () => HttpResponse.json([{ friend_id: 5, friend_username: 'sam' }])),
    );
    const user = userEvent.setup();
    renderApp({ route: '/social/add', state: signedIn() });
    await user.click(await screen.findByRole('button', { name: 'Back to Social' }));
    expect(await screen.findByRole('heading', { name: 'social' })).toBeInTheDocument();
  });
});
