/**
 * Issue 26 item 5: "Nothing typed may be lost when lazily loaded parts arrive." The app as a
 * visitor's first load starts it: the registration screen's code, redux-saga and the sagas
 * are not loaded yet when Login → Register is pressed and the typing (or a password
 * manager's fill) starts at once.
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '@/app/App';
import { makeStore } from '@/app/store';

// The registration screen's code arrives when the test says so: in the middle of a word, as it
// may for a user on a slow line. (Left to the test run's own module loading, it sometimes
// arrived before the typing started, and the test then typed into a form that had gone.)
const registrationScreen = vi.hoisted(() => {
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  return { arrive, arrived };
});
vi.mock('@/features/auth/RegistrationPage', async (importOriginal) => {
  const module = await importOriginal();
  await registrationScreen.arrived;
  return module;
});

function renderFirstLoad(route: string) {
  // The store as main.tsx makes it: nothing but the first load's parts.
  const store = makeStore({ user: { user: {}, status: 'succeeded' } });
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[route]}>
        <AppRoutes />
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

describe('typing right after Login → Register', () => {
  it('keeps what was typed into Username while the registration screen was still loading', async () => {
    const store = renderFirstLoad('/home');
    const user = userEvent.setup();
    // Typed before pressing Register: the registration form still starts empty.
    await user.type(screen.getByLabelText('Password'), 'login-pass');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    // Typing starts at once, into the Username field on screen: the login form's, as the
    // registration screen's code is still on its way.
    await user.type(screen.getByLabelText('Username'), 'ri');
    expect(screen.queryByRole('heading', { name: 'Register User' })).toBeNull();
    // It arrives while the user is in the middle of the word, and the rest of it is typed on.
    registrationScreen.arrive();
    expect(await screen.findByRole('heading', { name: 'Register User' })).toBeVisible();
    expect(screen.getByLabelText('Username')).toHaveFocus();
    await user.keyboard('ley');
    expect(screen.getByLabelText('Username')).toHaveValue('riley');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    // Every lazily loaded part has arrived: redux-saga and the sagas run.
    await act(() => store.loadSagas());
    expect(screen.getByLabelText('Username')).toHaveValue('riley');
    expect(screen.getByLabelText('Password')).toHaveValue('secret-pass');
  });

  it("keeps a password manager's fill of the registration screen as it shows, after the sagas arrive", async () => {
    const store = renderFirstLoad('/registration');
    const username = await screen.findByLabelText('Username');
    const user = userEvent.setup();
    await user.type(username, 'riley');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await act(() => store.loadSagas());
    await waitFor(() => expect(screen.getByLabelText('Username')).toHaveValue('riley'));
    expect(screen.getByLabelText('Password')).toHaveValue('secret-pass');
  });
});
