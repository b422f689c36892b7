import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { server } from '@/test/server';
import { renderApp, signedIn } from '@/test/render';
import LoginPage from './LoginPage';
import RegistrationPage from './RegistrationPage';
import { LOGIN_FAILED_OTHER, REGISTRATION_FAILED, REGISTRATION_INPUT_ERROR } from './auth.slice';

const screens = (
  <Routes>
    <Route path="/home" element={<LoginPage />} />
    <Route path="/registration" element={<RegistrationPage />} />
    <Route path="/user/profile" element={<p>profile screen</p>} />
  </Routes>
);

const loggedOut = { user: { user: {}, status: 'succeeded' as const } };

async function fillAndSubmit(username: string, password: string) {
  const user = userEvent.setup();
  if (username) await user.type(screen.getByLabelText('Username'), username);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'register' }));
}

describe('Registration screen (/registration)', () => {
  it('shows the heading, required fields and the buttons', () => {
    renderApp({ route: '/registration', ui: screens, state: loggedOut });
    expect(screen.getByRole('heading', { name: 'Register User' })).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toBeRequired();
    expect(screen.getByLabelText('Password')).toBeRequired();
    expect(screen.getByRole('button', { name: 'home' })).toBeInTheDocument();
  });

  it('with an empty field shows the input error above the fields and sends nothing', async () => {
    let sent = 0;
    server.use(
      http.post('/api/user/register', () => {
        sent += 1;
        return HttpResponse.json({ id: 1, username: 'x' }, { status: 201 });
      }),
    );
    renderApp({ route: '/registration', ui: screens, state: loggedOut });
    await fillAndSubmit('newbie', '');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(REGISTRATION_INPUT_ERROR);
    // Above the fields.
    expect(alert.compareDocumentPosition(screen.getByLabelText('Username'))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    expect(sent).toBe(0);
  });

  it('shows the registration error when the username is taken', async () => {
    server.use(
      http.post('/api/user/register', () =>
        HttpResponse.json({ error: { code: 'conflict', message: 'taken' } }, { status: 409 }),
      ),
    );
    renderApp({ route: '/registration', ui: screens, state: loggedOut });
    await fillAndSubmit('riley', 'long-enough');
    expect(await screen.findByRole('alert')).toHaveTextContent(REGISTRATION_FAILED);
    expect(screen.getByTestId('location')).toHaveTextContent('/registration');
  });

  it('registers, logs in with the same credentials and lands on /user/profile', async () => {
    const posted: Array<{ path: string; body: unknown }> = [];
    const newbie = { id: 12, username: 'newbie' };
    server.use(
      http.post('/api/user/register', async ({ request }) => {
        posted.push({ path: 'register', body: await request.json() });
        return HttpResponse.json(newbie, { status: 201 });
      }),
      http.post('/api/user/login', async ({ request }) => {
        posted.push({ path: 'login', body: await request.json() });
        return HttpResponse.json(newbie);
      }),
      http.get('/api/user', () => HttpResponse.json(newbie)),
      http.get('/api/social/friends', () => HttpResponse.json([])),
    );
    const { store } = renderApp({ route: '/registration', ui: screens, state: loggedOut });
    await fillAndSubmit('newbie', 'long-enough');
    expect(await screen.findByText('profile screen')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/user/profile');
    const credentials = { username: 'newbie', password: 'long-enough' };
    expect(posted).toEqual([
      { path: 'register', body: credentials },
      { path: 'login', body: credentials },
    ]);
    expect(store.getState().user.user).toEqual(newbie);
  });

  it('switches to the login screen with its error when the login after registering fails', async () => {
    server.use(
      http.post('/api/user/register', () =>
        HttpResponse.json({ id: 12, username: 'newbie' }, { status: 201 }),
      ),
      http.post('/api/user/login', () => HttpResponse.json({}, { status: 503 })),
    );
    renderApp({ route: '/registration', ui: screens, state: loggedOut });
    await fillAndSubmit('newbie', 'long-enough');
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/home');
    expect(await screen.findByRole('alert')).toHaveTextContent(LOGIN_FAILED_OTHER);
  });

  it('goes home with the home button', async () => {
    renderApp({ route: '/registration', ui: screens, state: loggedOut });
    await userEvent.setup().click(screen.getByRole('button', { name: 'home' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/home');
  });

  it('redirects a logged-in user to /user/profile', () => {
    renderApp({ route: '/registration', ui: screens, state: signedIn() });
    expect(screen.getByText('profile screen')).toBeInTheDocument();
  });
});
