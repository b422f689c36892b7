import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Link } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '@/test/server';
import { AppRoutes } from './App';
import { renderApp, signedIn } from '@/test/render';
import { resetNavigationFocus } from './navigationFocus';

// Screens load on demand; on a busy machine that takes longer than the default second.
configure({ asyncUtilTimeout: 5000 });

const loggedOut = { user: { user: {}, status: 'succeeded' as const } };

describe('tab titles and focus on navigation', () => {
  beforeEach(() => {
    // Each test starts as a freshly loaded page: no user action yet.
    resetNavigationFocus();
    document.title = 'Spincrate';
  });

  it('names each screen in the tab title', async () => {
    renderApp({ route: '/info' });
    await screen.findByRole('heading', { name: 'Info', level: 1 });
    await waitFor(() => expect(document.title).toBe('Info · Spincrate'));
  });

  it('titles the 404 screen', async () => {
    renderApp({ route: '/no/such/screen' });
    await screen.findByRole('heading', { name: '404' });
    await waitFor(() => expect(document.title).toBe('Page not found · Spincrate'));
  });

  it('titles the landing screen of a protected route "Login" when signed out', async () => {
    renderApp({ route: '/spins', state: loggedOut });
    await screen.findByRole('heading', { name: 'Login' });
    await waitFor(() => expect(document.title).toBe('Login · Spincrate'));
  });

  it('leaves the focus alone on the first load, then moves it to the new screen heading after a navigation', async () => {
    const user = userEvent.setup();
    renderApp({ route: '/no/such/screen', state: loggedOut });
    const notFound = await screen.findByRole('heading', { name: '404', level: 1 });
    expect(notFound).not.toHaveFocus();
    expect(document.body).toHaveFocus();

    await user.click(screen.getByRole('link', { name: 'Back to home' }));
    const heading = await screen.findByRole('heading', { name: 'Login', level: 1 });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(heading).toHaveAttribute('tabindex', '-1');
    await waitFor(() => expect(document.title).toBe('Login · Spincrate'));

    // And again on the next navigation, by keyboard this time.
    screen.getByRole('button', { name: /register/i }).focus();
    await user.keyboard('{Enter}');
    const register = await screen.findByRole('heading', { name: 'Register User', level: 1 });
    await waitFor(() => expect(register).toHaveFocus());
    await waitFor(() => expect(document.title).toBe('Register · Spincrate'));
  });

  it('waits for a heading that comes with the data, but never takes the focus from where the user moved', async () => {
    const user = userEvent.setup();
    let answer: (records: unknown[]) => void = () => {};
    server.use(
      http.get('/api/record', async () =>
        HttpResponse.json(await new Promise<unknown[]>((r) => (answer = r))),
      ),
      // API.md "One record": the details screen asks for its record alone.
      http.get('/api/record/:id', async () =>
        HttpResponse.json((await new Promise<unknown[]>((r) => (answer = r)))[0] as Record<string, unknown>),
      ),
    );
    const record = {
      id: 5,
      user_id: 1,
      title: 'Blue',
      artist: 'Joni Mitchell',
      coverart: '',
      date_added: '2024-01-02T00:00:00Z',
      mood: 'Mellow',
      mood_id: 1,
      details: '',
      tags: '[]',
    };
    const ui = (
      <>
        <Link to="/user/details/5">open Blue</Link>
        <Link to="/user/details/5">open Blue again</Link>
        <AppRoutes />
      </>
    );

    // The heading arrives after the navigation: it gets the focus.
    const first = renderApp({ route: '/info', state: signedIn(), ui });
    await screen.findByRole('heading', { name: 'Info', level: 1 });
    await user.click(screen.getByRole('link', { name: 'open Blue' }));
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    answer([record]);
    const heading = await screen.findByRole('heading', { name: 'Blue', level: 1 });
    await waitFor(() => expect(heading).toHaveFocus());
    first.unmount();

    // The user moves on before it arrives: the focus stays where they went.
    resetNavigationFocus();
    renderApp({ route: '/info', state: signedIn(), ui });
    await screen.findByRole('heading', { name: 'Info', level: 1 });
    await user.click(screen.getByRole('link', { name: 'open Blue' }));
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    await user.tab();
    const again = screen.getByRole('link', { name: 'open Blue again' });
    expect(again).toHaveFocus();
    answer([record]);
    expect(await screen.findByRole('heading', { name: 'Blue', level: 1 })).not.toHaveFocus();
    expect(again).toHaveFocus();
  });
});
