/**
 * The store as the app starts it (issue 11: the login screen ≤ 100 KB): redux-saga, the root
 * saga and the signed-in user's reducers and sagas are not loaded yet, and nothing a saga
 * answers may be lost while they load — PRODUCT.md §4 "Auth": "post credentials, then fetch
 * the user; storing the user is followed by fetching friends".
 */
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { server } from '@/test/server';
import { configureStore } from '@reduxjs/toolkit';
import { login, register } from '@/features/auth/auth.actions';
import { errorsReducer } from '@/features/auth/auth.slice';
import { fetchConfig } from '@/features/layout/layout.actions';
import { lazySagas } from './lazySagas';
import { answerUnloaded, makeStore } from './store';

const riley = { id: 1, username: 'riley' };

describe('the store of the first load', () => {
  it('starts with the first load slices only, and logging in loads the rest and fetches the friends', async () => {
    let friendsAsked = 0;
    server.use(
      http.post('/api/user/login', () => HttpResponse.json(riley)),
      http.get('/api/user', () => HttpResponse.json(riley)),
      http.get('/api/social/friends', () => {
        friendsAsked += 1;
        return HttpResponse.json([{ friend_id: 2, friend_username: 'sam' }]);
      }),
    );
    // The signed-in user's part loads once per page: start from the store's module as first
    // loaded (another test of this file, run first, may have loaded that part already).
    vi.resetModules();
    const { makeStore: makeFirstLoadStore } = await import('./store');
    const store = makeFirstLoadStore();
    expect(Object.keys(store.getState()).sort()).toEqual(['config', 'errors', 'theme', 'user']);
    expect(store.userDataLoaded()).toBe(false);

    // Dispatched before redux-saga is loaded: kept, and handed to the sagas once they run.
    store.dispatch(login({ username: 'riley', password: 'secret-password' }));

    // The first test to load the modules transforms them: a cold start may take seconds.
    await waitFor(() => expect(store.getState().user.user).toEqual(riley));
    expect(store.userDataLoaded()).toBe(true);
    await waitFor(() => expect(store.getState().friends).toEqual([{ friend_id: 2, friend_username: 'sam' }]));
    expect(friendsAsked).toBe(1);
    expect(store.getState().records).toBeDefined();
  });

  it('answers an action dispatched before the sagas load (FETCH_CONFIG), once they do', async () => {
    server.use(
      http.get('/api/config', () =>
        HttpResponse.json({
          chatbotUrl: '/chatbot-help.html',
          chatbotName: 'Vinyl Vic',
          creatorUsername: 'spincrate',
          imageUrl: '/sample-image.svg',
          version: 'v1.3.2',
        }),
      ),
    );
    const store = makeStore();
    store.dispatch(fetchConfig());
    await waitFor(() => expect(store.getState().config.chatbotName).toBe('Vinyl Vic'));
  });

  it('loads the user data on demand for a user already signed in (a reload), once', async () => {
    const store = makeStore({ user: { user: riley, status: 'succeeded' } });
    await Promise.all([store.loadUserData(), store.loadUserData()]);
    expect(store.userDataLoaded()).toBe(true);
    expect(store.getState().spins).toEqual([]);
  });
});

describe('when redux-saga cannot be loaded (offline, or a deploy replaced the files)', () => {
  it('a login shows the failure text of PRODUCT.md §8 instead of waiting forever, and is not kept', async () => {
    let tries = 0;
    const sagas = lazySagas(
      () => {
        tries += 1;
        return Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
      },
      {},
      answerUnloaded,
    );
    const store = configureStore({
      reducer: { errors: errorsReducer },
      middleware: (getDefault) => getDefault({ thunk: false }).concat(sagas.middleware),
    });
    store.dispatch(login({ username: 'riley', password: 'secret-password' }));
    await waitFor(() =>
      expect(store.getState().errors.loginMessage).toBe('Oops! Something went wrong! Is the server running?'),
    );
    expect(tries).toBe(1);
    store.dispatch(register({ username: 'riley', password: 'secret-password' }));
    await waitFor(() =>
      expect(store.getState().errors.registrationMessage).toBe(
        "Oops! That didn't work. The username might already be taken. Try again!",
      ),
    );
    // The login was dropped with the first failure: the second try answers the registration only.
    expect(tries).toBe(2);
    expect(store.getState().errors.loginMessage).toBe('Oops! Something went wrong! Is the server running?');
  });
});
