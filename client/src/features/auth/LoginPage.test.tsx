import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { server } from '@/test/server';
import { renderApp, signedIn } from '@/test/render';
import LoginPage from './LoginPage';
import { LOGIN_FAILED_401, LOGIN_FAILED_OTHER, LOGIN_INPUT_ERROR } from './auth.slice';

const riley = { id: 3, username: 'riley' };

/** /home plus stand-ins for the screens it leads to. */
const screens = (
  <Routes>
    <Route path="/home" element={<LoginPage />} />
    <Route path="/user/profile" element={<p>profile screen</p>} />
    <Route path="/registration" element={<p>registration screen</p>} />
  </Routes>
);

const loggedOut = { user: { user: {}, status: 'succeeded' as const } };

async function fillAndSubmit(username: string, password: string) {
  const user = userEvent.setup();
  if (username) await user.type(screen.getByLabelText('Username'), username);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log In' }));
  return user;
}

describe('Login screen (/home)', () => {
  it('shows the heading, required fields and the buttons', () => {
    renderApp({ route: '/home', ui: screens, state: loggedOut });
    expect(screen.getByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toBeRequired();
    expect(screen.getByLabelText('Password')).toBeRequired();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('with an empty field shows the input error and sends nothing', async () => {
    let sent = 0;
    server.use(
      http.post('/api/user/login', () => {
        sent += 1;
        return HttpResponse.json(riley);
      }),
    );
    renderApp({ route: '/home', ui: screens, state: loggedOut });
    const user = await fillAndSubmit('riley', '');
    expect(await screen.findByRole('alert')).toHaveTextContent(LOGIN_INPUT_ERROR);
    // A blank username (spaces only) counts as empty too.
    await user.clear(screen.getByLabelText('Username'));
    await fillAndSubmit('   ', 'secret-pass');
    expect(screen.getByRole('alert')).toHaveTextContent(LOGIN_INPUT_ERROR);
    expect(sent).toBe(0);
  });

  it.each([
    [
      'a 401',
      () => HttpResponse.json({ error: { code: 'invalid_credentials' } }, { status: 401 }),
      LOGIN_FAILED_401,
    ],
    ['a 500', () => HttpResponse.json({ error: { code: 'internal' } }, { status: 500 }), LOGIN_FAILED_OTHER],
    ['no response', () => HttpResponse.error(), LOGIN_FAILED_OTHER],
  ])('shows the right text after %s', async (_name, reply, text) => {
    server.use(http.post('/api/user/login', reply));
    renderApp({ route: '/home', ui: screens, state: loggedOut });
    await fillAndSubmit('riley', 'secret-pass');
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByTestId('location')).toHaveTextContent('/home');
  });

  it('after 429 says "Too many attempts. Try again in {n} minutes." with n from Retry-After, rounded up', async () => {
    server.use(
      http.post('/api/user/login', () =>
        HttpResponse.json(
          { error: { code: 'rate_limited', message: 'Too many failed logins; try again later' } },
          { status: 429, headers: { 'Retry-After': '841' } },
        ),
      ),
    );
    renderApp({ route: '/home', ui: screens, state: loggedOut });
    await fillAndSubmit('riley', 'secret-pass');
    // EXTENSIONS.md §11: "Too many attempts. Try again in {n} minutes." (841 s → 15 minutes).
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Try again in 15 minutes.');
    expect(screen.getByRole('alert')).not.toHaveTextContent('Is the server running?');
    expect(screen.getByTestId('location')).toHaveTextContent('/home');
  });

  it('logs in, fetches the user and the friends, and lands on /user/profile', async () => {
    let friendsFetched = false;
    server.use(
      http.post('/api/user/login', () => HttpResponse.json(riley)),
      http.get('/api/user', () => HttpResponse.json(riley)),
      http.get('/api/social/friends', () => {
        friendsFetched = true;
        return HttpResponse.json([]);
      }),
    );
    const { store } = renderApp({ route: '/home', ui: screens, state: loggedOut });
    await fillAndSubmit('riley', 'secret-pass');
    expect(await screen.findByText('profile screen')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/user/profile');
    expect(store.getState().user.user).toEqual(riley);
    await waitFor(() => expect(friendsFetched).toBe(true));
  });

  it('redirects a logged-in user to /user/profile', () => {
    renderApp({ route: '/home', ui: screens, state: signedIn() });
    expect(screen.getByText('profile screen')).toBeInTheDocument();
  });

  it('goes to /registration with the register button', async () => {
    renderApp({ route: '/home', ui: screens, state: loggedOut });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/registration');
  });

  it('clears an error left from an earlier visit', () => {
    renderApp({
      route: '/home',
      ui: screens,
      state: { ...loggedOut, errors: { loginMessage: LOGIN_FAILED_401, registrationMessage: '' } },
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
