import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { fetchUser, selectUserChecked } from '@/entities/session/session';
import { server } from '@/test/server';
import { renderApp, signedIn } from '@/test/render';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { render } from '@testing-library/react';
import { setConfig } from '@/features/layout/layout.slice';
import App, { preloadScreenOf } from './App';
import { makeStore } from '@/test/store';
import RequireUser from './RequireUser';

const loggedOut = { user: { user: {}, status: 'succeeded' as const } };
const riley = { id: 3, username: 'riley' };

describe('routes', () => {
  it('sends / to /home', async () => {
    renderApp({ route: '/' });
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/home');
  });

  it('renders the login screen at once, with no loading status (part of the first load, issue 11)', () => {
    renderApp({ route: '/home', state: loggedOut });
    expect(screen.getByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('loads any other screen on demand behind a loading status', async () => {
    // A screen's code loads once per page: start from the app's modules as first loaded
    // (another test of this file, run first, may have shown the screen already).
    vi.resetModules();
    const { renderApp: renderFirstLoad } = await import('@/test/render');
    renderFirstLoad({ route: '/about', state: loggedOut });
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    // Loading a screen's module takes a while on a busy machine.
    expect(await screen.findByRole('heading', { name: 'about' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows 404 on an unknown path', async () => {
    renderApp({ route: '/no/such/screen' });
    expect(await screen.findByText('404')).toBeInTheDocument();
  });

  it("gives every screen one main landmark, the skip link's target: signed in, the login and 404", async () => {
    server.use(http.get('/api/spins', () => HttpResponse.json([])));
    const spins = renderApp({ route: '/spins', state: signedIn(), ui: <App configLoaded /> });
    await screen.findByRole('heading', { name: 'spins', level: 1 });
    expect(screen.getAllByRole('main')).toHaveLength(1);
    expect(screen.getByRole('main')).toHaveAttribute('id', 'content');
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#content');
    spins.unmount();
    for (const route of ['/home', '/no/such/screen']) {
      const view = renderApp({
        route,
        state: { user: { user: {}, status: 'succeeded' as const } },
        ui: <App configLoaded />,
      });
      await screen.findByRole('heading', { level: 1 });
      expect(screen.getAllByRole('main')).toHaveLength(1);
      view.unmount();
    }
  });

  it('matches paths exactly, case included: /USER/PROFILE is unknown', async () => {
    renderApp({ route: '/USER/PROFILE' });
    expect(await screen.findByText('404')).toBeInTheDocument();
  });

  it('shows the landing screen (logo and login form) on a protected route when logged out', async () => {
    renderApp({ route: '/spins', state: loggedOut });
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Spincrate logo' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/spins');
  });
});

describe('route guard', () => {
  const guarded = (
    <Routes>
      <Route path="/secret" element={<RequireUser>secret content</RequireUser>} />
    </Routes>
  );

  it('shows a loading status until the user check answers, then the content to a user with an id', async () => {
    server.use(http.get('/api/user', () => HttpResponse.json(riley)));
    const { store } = renderApp({ route: '/secret', ui: guarded });
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByRole('heading', { name: 'Login' })).not.toBeInTheDocument();
    store.dispatch(fetchUser());
    expect(await screen.findByText('secret content')).toBeInTheDocument();
  });

  it('shows the content to a signed-in user', () => {
    renderApp({ route: '/secret', ui: guarded, state: signedIn() });
    expect(screen.getByText('secret content')).toBeInTheDocument();
  });

  it('shows the requested content after logging in from the landing screen', async () => {
    server.use(
      http.post('/api/user/login', () => HttpResponse.json(riley)),
      http.get('/api/user', () => HttpResponse.json(riley)),
      http.get('/api/social/friends', () => HttpResponse.json([])),
    );
    renderApp({ route: '/secret', ui: guarded, state: loggedOut });
    expect(screen.queryByText('secret content')).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Username'), 'riley');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByText('secret content')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/secret');
  });
});

describe('App shell', () => {
  it('fetches the user and the configuration on start and applies the theme', async () => {
    server.use(
      http.get('/api/user', () => HttpResponse.json({ error: { code: 'unauthenticated' } }, { status: 401 })),
      http.get('/api/config', () =>
        HttpResponse.json({
          chatbotUrl: '/chatbot-help.html',
          chatbotName: 'Spin Doctor',
          creatorUsername: 'spincrate',
          imageUrl: '/sample-image.svg',
          version: 'v1.3.2',
        }),
      ),
    );
    const { store } = renderApp({ route: '/about', ui: <App /> });
    expect(await screen.findByRole('button', { name: 'Spin Doctor' })).toBeInTheDocument();
    await waitFor(() => expect(selectUserChecked(store.getState())).toBe(true));
    expect(screen.getByRole('link', { name: 'Spincrate' })).toHaveAttribute('href', '/home');
    expect(document.body).toHaveClass('light');
    expect(document.documentElement).toHaveAttribute('data-bs-theme', 'light');
    expect(await screen.findByRole('heading', { name: 'about' })).toBeInTheDocument();
  });
});

describe('the runtime configuration from the page (lib/bootSession.ts)', () => {
  const config = {
    chatbotUrl: '/chatbot-help.html',
    chatbotName: 'Needle Drop',
    creatorUsername: 'spincrate',
    imageUrl: '/sample-image.svg',
    version: 'v1.3.2',
  };

  it('lets the app start without GET /api/config and shows the configured chat bot', async () => {
    let configCalls = 0;
    server.use(
      http.get('/api/config', () => {
        configCalls += 1;
        return HttpResponse.json({ ...config, chatbotName: 'Asked Anyway' });
      }),
    );
    const store = makeStore({ user: { user: {}, status: 'succeeded' as const } });
    store.dispatch(setConfig(config));
    render(
      <Provider store={store}>
        <MemoryRouter initialEntries={['/home']}>
          <App configLoaded />
        </MemoryRouter>
      </Provider>,
    );
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Needle Drop' })).toBeInTheDocument();
    expect(configCalls).toBe(0);
  });
});

describe('preloadScreenOf (an offline start asks for its screen with the user data, main.tsx)', () => {
  it("loads the module of the path's screen: the collection's, a spin's", async () => {
    await expect(preloadScreenOf('/user/profile')).resolves.toHaveProperty('default');
    await expect(preloadScreenOf('/spins/details/7')).resolves.toHaveProperty('default');
  });

  it('loads nothing for the login screen (in the first load) or a path of no screen', () => {
    expect(preloadScreenOf('/home')).toBeUndefined();
    expect(preloadScreenOf('/no/such/screen')).toBeUndefined();
    expect(preloadScreenOf('/USER/PROFILE')).toBeUndefined();
  });
});
