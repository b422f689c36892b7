import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Link } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { server } from '@/test/server';
import { AppRoutes } from './App';
import { renderApp, signedIn } from '@/test/render';
import { resetNavigationFocus } from './navigationFocus';

// The screens these tests open, loaded before the tests (each test then waits for what it
// renders, not for the first transform of a screen's module).
beforeAll(async () => {
  await Promise.all([
    import('@/lib/screenStyles'),
    import('@/features/pages/InfoPage'),
    import('@/features/pages/NotFoundPage'),
    import('@/features/auth/RegistrationPage'),
    import('@/features/records/RecordDetailsPage'),
  ]);
});

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
    // Each request for the crate waits until the test answers it. "Loading..." shows before
    // the request is sent (the screen's code loads first): the test answers a request once
    // it has arrived, never one that is still to come.
    const asked: Array<(records: unknown[]) => void> = [];
    let onAsked = () => {};
    server.use(
      http.get('/api/record', async () => {
        const records = new Promise<unknown[]>((resolve) => asked.push(resolve));
        onAsked();
        return HttpResponse.json(await records);
      }),
      // API.md "One record": the details screen asks for its record alone.
      http.get('/api/record/:id', async () => {
        const records = new Promise<unknown[]>((resolve) => asked.push(resolve));
        onAsked();
        return HttpResponse.json((await records)[0] as Record<string, unknown>);
      }),
    );
    const answer = async (records: unknown[]) => {
      if (asked.length === 0) await new Promise<void>((resolve) => (onAsked = resolve));
      asked.shift()!(records);
    };
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
    await answer([record]);
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
    await answer([record]);
    expect(await screen.findByRole('heading', { name: 'Blue', level: 1 })).not.toHaveFocus();
    expect(again).toHaveFocus();
  });
});
