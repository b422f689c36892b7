import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@/test/server';
import { renderApp, signedIn } from '@/test/render';
import Nav from './Nav';
import { useApplyTheme } from './theme';
import { THEME_STORAGE_KEY } from './layout.slice';

/** The nav with the theme applied to the page, as App does it. */
function Shell() {
  useApplyTheme();
  return <Nav />;
}

const loggedOut = { user: { user: {}, status: 'succeeded' as const } };

describe('Navigation bar', () => {
  it('logged out: brand "Spincrate" links to /home and no links show', () => {
    renderApp({ route: '/about', ui: <Shell />, state: loggedOut });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Spincrate' })).toHaveAttribute('href', '/home');
    expect(within(nav).getAllByRole('link')).toHaveLength(1);
    expect(within(nav).queryByRole('button')).not.toBeInTheDocument();
  });

  it('logged in: brand links to /user/profile, with Profile, Social, Spins, Blind Bag, Stats (EXTENSIONS.md §3), the toggle and LOG OUT', async () => {
    renderApp({ route: '/about', ui: <Shell />, state: signedIn() });
    // The signed-in menu is loaded on demand (issue 11): the brand bar shows until it is there.
    expect(await screen.findByRole('link', { name: 'Profile' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Spincrate' })).toHaveAttribute('href', '/user/profile');
    expect(within(nav).getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/user/profile');
    expect(within(nav).getByRole('link', { name: 'Social' })).toHaveAttribute('href', '/social');
    expect(within(nav).getByRole('link', { name: 'Spins' })).toHaveAttribute('href', '/spins');
    expect(within(nav).getByRole('link', { name: 'Blind Bag' })).toHaveAttribute('href', '/blindbag');
    expect(within(nav).getByRole('link', { name: 'Stats' })).toHaveAttribute('href', '/stats');
    // The ListenBrainz settings (EXTENSIONS.md §8: signed-in menu "ListenBrainz").
    expect(within(nav).getByRole('link', { name: 'ListenBrainz' })).toHaveAttribute(
      'href',
      '/settings/listenbrainz',
    );
    // "nav link "Stats" after "Blind Bag"" (EXTENSIONS.md §3)
    const names = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(names.indexOf('Stats')).toBe(names.indexOf('Blind Bag') + 1);
    expect(within(nav).getByRole('button', { name: 'DARK MODE' })).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'LOG OUT' })).toBeInTheDocument();
  });

  it('logged in: "Wants" after the crate\'s link, to /wants (EXTENSIONS.md §6)', async () => {
    renderApp({ route: '/about', ui: <Shell />, state: signedIn() });
    const wants = await screen.findByRole('link', { name: 'Wants' });
    expect(wants).toHaveAttribute('href', '/wants');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const names = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(names.indexOf('Wants')).toBe(names.indexOf('Profile') + 1);
  });

  it('follows a link', async () => {
    renderApp({ route: '/about', ui: <Shell />, state: signedIn() });
    await userEvent.setup().click(await screen.findByRole('link', { name: 'Spins' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/spins');
    expect(screen.getByRole('link', { name: 'Spins' })).toHaveAttribute('aria-current', 'page');
  });

  it('toggles the theme: label, body class, data-bs-theme, kept in localStorage and after a re-render', async () => {
    const user = userEvent.setup();
    const first = renderApp({ route: '/about', ui: <Shell />, state: signedIn() });
    expect(document.body).toHaveClass('light');
    expect(document.documentElement).toHaveAttribute('data-bs-theme', 'light');

    await user.click(await screen.findByRole('button', { name: 'DARK MODE' }));
    expect(screen.getByRole('button', { name: 'LIGHT MODE' })).toBeInTheDocument();
    expect(document.body).toHaveClass('dark');
    expect(document.body).not.toHaveClass('light');
    expect(document.documentElement).toHaveAttribute('data-bs-theme', 'dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');

    // A reload: a new store reads the kept theme.
    first.unmount();
    document.body.className = '';
    renderApp({ route: '/about', ui: <Shell />, state: signedIn() });
    expect(await screen.findByRole('button', { name: 'LIGHT MODE' })).toBeInTheDocument();
    expect(document.body).toHaveClass('dark');

    await user.click(screen.getByRole('button', { name: 'LIGHT MODE' }));
    expect(document.body).toHaveClass('light');
    expect(document.documentElement).toHaveAttribute('data-bs-theme', 'light');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
  });

  it('on a shared crate (/s/{token}) shows no signed-in navigation, also to a signed-in user (EXTENSIONS.md §7)', () => {
    renderApp({ route: '/s/AbCdEfGhIjKlMnOpQrStUv', ui: <Shell />, state: signedIn() });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Spincrate']);
    expect(screen.queryByRole('button', { name: 'LOG OUT' })).not.toBeInTheDocument();
  });

  it('logged in: the menu has "Share my crate", opening /settings/share (EXTENSIONS.md §7)', async () => {
    renderApp({ route: '/spins', ui: <Shell />, state: signedIn() });
    expect(await screen.findByRole('link', { name: 'Share my crate' })).toHaveAttribute(
      'href',
      '/settings/share',
    );
  });

  it('LOG OUT logs out, empties the user and goes to /home', async () => {
    let loggedOutOnServer = false;
    server.use(
      http.post('/api/user/logout', () => {
        loggedOutOnServer = true;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { store } = renderApp({ route: '/spins', ui: <Shell />, state: signedIn() });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'LOG OUT' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/home'));
    expect(loggedOutOnServer).toBe(true);
    expect(store.getState().user.user).toEqual({});
    expect(screen.queryByRole('link', { name: 'Profile' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Spincrate' })).toHaveAttribute('href', '/home');
  });
});
