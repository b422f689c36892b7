import 'fake-indexeddb/auto';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runWorker } from '@/test/saga';
import { server } from '@/test/server';
import { login, register } from './auth.actions';
import { fetchFriends } from '@/entities/friends/friends';
import { openOfflineCopy } from '@/lib/offline/db';
import { makeRecord } from '@/test/records';
import { logout, setUser } from '@/entities/session/session';
import { fetchUserFailed, logoutFailed } from './auth.failures';
import { fetchUserWorker, loginWorker, logoutWorker, registerWorker } from './auth.saga';
import {
  clearLoginError,
  clearRegistrationError,
  LOGIN_FAILED_401,
  LOGIN_FAILED_OTHER,
  loginFailed,
  REGISTRATION_FAILED,
  registrationFailed,
} from './auth.slice';
import { FakeCacheStorage } from '@/test/fakeCacheStorage';

/** The service worker's caches on a signed-in device: the app's code, then user data (EXTENSIONS.md §9). */
const PRECACHE = 'spincrate-app-precache-v2-http://localhost:3000/';
const withCaches = () => {
  const storage = new FakeCacheStorage([PRECACHE, 'spincrate-covers', 'spincrate-session']);
  vi.stubGlobal('caches', storage);
  return storage;
};
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const riley = { id: 3, username: 'riley' };

describe('FETCH_USER', () => {
  it('stores the user from GET /api/user', async () => {
    server.use(http.get('/api/user', () => HttpResponse.json(riley)));
    expect(await runWorker(fetchUserWorker)).toEqual([setUser(riley)]);
  });

  it('stores the empty user on 401', async () => {
    server.use(
      http.get('/api/user', () => HttpResponse.json({ error: { code: 'unauthenticated' } }, { status: 401 })),
    );
    expect(await runWorker(fetchUserWorker)).toEqual([setUser({})]);
  });

  it('reports other failures with FETCH_USER_FAILED', async () => {
    server.use(
      http.get('/api/user', () => HttpResponse.json({ error: { message: 'down' } }, { status: 503 })),
    );
    expect(await runWorker(fetchUserWorker)).toEqual([fetchUserFailed({ status: 503, message: 'down' })]);
  });
});

describe('LOGIN', () => {
  it('clears the error, posts the credentials, stores the user, then fetches friends', async () => {
    let body: unknown;
    server.use(
      http.post('/api/user/login', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(riley);
      }),
      http.get('/api/user', () => HttpResponse.json(riley)),
    );
    const dispatched = await runWorker(loginWorker, login({ username: 'riley', password: 'secret-pass' }));
    expect(body).toEqual({ username: 'riley', password: 'secret-pass' });
    expect(dispatched).toEqual([clearLoginError(), setUser(riley), fetchFriends()]);
  });

  it('clears the mark of a logout that never reached the server: the new session replaced it', async () => {
    localStorage.setItem('spincrate.logoutPending', '1');
    server.use(
      http.post('/api/user/login', () => HttpResponse.json(riley)),
      http.get('/api/user', () => HttpResponse.json(riley)),
    );
    await runWorker(loginWorker, login({ username: 'riley', password: 'secret-pass' }));
    expect(localStorage.getItem('spincrate.logoutPending')).toBeNull();
  });

  it('gives the "didn\'t match" text on 401', async () => {
    server.use(http.post('/api/user/login', () => HttpResponse.json({}, { status: 401 })));
    const dispatched = await runWorker(loginWorker, login({ username: 'riley', password: 'wrong-pass' }));
    expect(dispatched.slice(0, 2)).toEqual([clearLoginError(), loginFailed(LOGIN_FAILED_401)]);
  });

  it('gives the "Is the server running?" text on any other status and on no response', async () => {
    // (A 429 has its own text since EXTENSIONS.md §11; see the next test.)
    server.use(http.post('/api/user/login', () => HttpResponse.json({}, { status: 503 })));
    expect(await runWorker(loginWorker, login({ username: 'riley', password: 'x' }))).toContainEqual(
      loginFailed(LOGIN_FAILED_OTHER),
    );
    server.use(http.post('/api/user/login', () => HttpResponse.error()));
    expect(await runWorker(loginWorker, login({ username: 'riley', password: 'x' }))).toContainEqual(
      loginFailed(LOGIN_FAILED_OTHER),
    );
  });
});

describe('LOGIN of a different user (EXTENSIONS.md §9)', () => {
  it("deletes the previous user's cached covers and session before the new user is stored", async () => {
    server.use(
      http.post('/api/user/login', () => HttpResponse.json(riley)),
      http.get('/api/user', () => HttpResponse.json(riley)),
    );
    await runWorker(loginWorker, login({ username: 'riley', password: 'secret-pass' }));
    const storage = withCaches();
    const sam = { id: 4, username: 'sam' };
    server.use(
      http.post('/api/user/login', () => HttpResponse.json(sam)),
      http.get('/api/user', () => HttpResponse.json(sam)),
    );
    const dispatched = await runWorker(loginWorker, login({ username: 'sam', password: 'secret-pass' }));
    expect(dispatched).toEqual([clearLoginError(), setUser(sam), fetchFriends()]);
    expect(await storage.keys()).toEqual([PRECACHE]);
  });

  it('keeps the caches when the same user signs in again', async () => {
    server.use(
      http.post('/api/user/login', () => HttpResponse.json(riley)),
      http.get('/api/user', () => HttpResponse.json(riley)),
    );
    await runWorker(loginWorker, login({ username: 'riley', password: 'secret-pass' }));
    const storage = withCaches();
    await runWorker(loginWorker, login({ username: 'riley', password: 'secret-pass' }));
    expect(await storage.keys()).toEqual([PRECACHE, 'spincrate-covers', 'spincrate-session']);
  });
});

describe('LOGIN refused with 429 (EXTENSIONS.md §11)', () => {
  it.each([
    ['900', 'Too many attempts. Try again in 15 minutes.'],
    ['61', 'Too many attempts. Try again in 2 minutes.'],
    ['1', 'Too many attempts. Try again in 1 minute.'],
  ])('with Retry-After %s says "%s"', async (retryAfter, text) => {
    server.use(
      http.post('/api/user/login', () =>
        HttpResponse.json(
          { error: { code: 'rate_limited', message: 'Too many failed logins; try again later' } },
          { status: 429, headers: { 'Retry-After': retryAfter } },
        ),
      ),
    );
    expect(await runWorker(loginWorker, login({ username: 'riley', password: 'x' }))).toContainEqual(
      loginFailed(text),
    );
  });
});

describe('LOGOUT', () => {
  it('posts the logout, then empties the user', async () => {
    let called = false;
    server.use(
      http.post('/api/user/logout', () => {
        called = true;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    expect(await runWorker(logoutWorker)).toEqual([setUser({})]);
    expect(called).toBe(true);
  });

  it('deletes the offline copy: no IndexedDB database is left (EXTENSIONS.md §9)', async () => {
    server.use(http.post('/api/user/logout', () => new HttpResponse(null, { status: 204 })));
    const db = await openOfflineCopy(riley.id);
    await db.put('records', makeRecord({ id: 1 }));
    const offlineCopies = async () =>
      (await indexedDB.databases()).filter((d) => d.name?.startsWith('spincrate-offline-'));
    expect(await offlineCopies()).toHaveLength(1);
    await runWorker(logoutWorker);
    expect(await offlineCopies()).toEqual([]);
  });

  it('keeps the user and reports the failure when the server refuses the logout', async () => {
    server.use(
      http.post('/api/user/logout', () =>
        HttpResponse.json({ error: { code: 'forbidden', message: 'Forbidden' } }, { status: 403 }),
      ),
    );
    const dispatched = await runWorker(logoutWorker);
    expect(dispatched).toHaveLength(1);
    expect(dispatched[0]).toMatchObject({ type: logoutFailed.type, meta: { failureOf: logout.type } });
    expect(localStorage.getItem('spincrate.logoutPending')).toBeNull();
  });

  it('logs out of the device when the server cannot be reached, and marks the session to end later (EXTENSIONS.md §9)', async () => {
    // "Logging out deletes the offline copy, the outbox and the cached answers", at the shop too.
    const storage = withCaches();
    const db = await openOfflineCopy(riley.id);
    await db.put('records', makeRecord({ id: 1 }));
    db.close();
    server.use(http.post('/api/user/logout', () => HttpResponse.error()));
    expect(await runWorker(logoutWorker)).toEqual([setUser({})]);
    expect(await storage.keys()).toEqual([PRECACHE]);
    const offlineCopies = (await indexedDB.databases()).filter((d) => d.name?.startsWith('spincrate-offline-'));
    expect(offlineCopies).toEqual([]);
    // The page's boot script ends the session once the server answers.
    expect(localStorage.getItem('spincrate.logoutPending')).not.toBeNull();
  });

  it('logs out of the device on a 503 too, and on a 401 (no session left) without a mark', async () => {
    server.use(
      http.post('/api/user/logout', () =>
        HttpResponse.json({ error: { code: 'unavailable', message: 'down' } }, { status: 503 }),
      ),
    );
    expect(await runWorker(logoutWorker)).toEqual([setUser({})]);
    expect(localStorage.getItem('spincrate.logoutPending')).not.toBeNull();
    localStorage.clear();
    server.use(
      http.post('/api/user/logout', () =>
        HttpResponse.json({ error: { code: 'unauthenticated', message: 'Log in' } }, { status: 401 }),
      ),
    );
    expect(await runWorker(logoutWorker)).toEqual([setUser({})]);
    expect(localStorage.getItem('spincrate.logoutPending')).toBeNull();
  });

  it("deletes the cached covers and session, and keeps the app's code", async () => {
    const storage = withCaches();
    server.use(http.post('/api/user/logout', () => new HttpResponse(null, { status: 204 })));
    expect(await runWorker(logoutWorker)).toEqual([setUser({})]);
    expect(await storage.keys()).toEqual([PRECACHE]);
  });

  it('keeps the caches when the server refuses the logout (the user is still signed in)', async () => {
    const storage = withCaches();
    server.use(
      http.post('/api/user/logout', () =>
        HttpResponse.json({ error: { code: 'forbidden', message: 'Forbidden' } }, { status: 403 }),
      ),
    );
    await runWorker(logoutWorker);
    expect(await storage.keys()).toEqual([PRECACHE, 'spincrate-covers', 'spincrate-session']);
  });
});

describe('REGISTER', () => {
  it('clears the error, posts the registration, then logs in with the same credentials', async () => {
    let body: unknown;
    server.use(
      http.post('/api/user/register', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ id: 9, username: 'newbie' }, { status: 201 });
      }),
    );
    const credentials = { username: 'newbie', password: 'long-enough' };
    expect(await runWorker(registerWorker, register(credentials))).toEqual([
      clearRegistrationError(),
      login(credentials),
    ]);
    expect(body).toEqual(credentials);
  });

  it('gives the registration error text on any failure', async () => {
    server.use(http.post('/api/user/register', () => HttpResponse.json({}, { status: 409 })));
    const dispatched = await runWorker(
      registerWorker,
      register({ username: 'taken', password: 'long-enough' }),
    );
    expect(dispatched.slice(0, 2)).toEqual([
      clearRegistrationError(),
      registrationFailed(REGISTRATION_FAILED),
    ]);
    expect(dispatched).not.toContainEqual(expect.objectContaining({ type: login.type }));
  });
});
