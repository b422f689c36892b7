/**
 * requestOrCopy (EXTENSIONS.md §9, §11): a request that gets no answer while the server
 * answers its health check is sent again more and more rarely, never in a tight loop (a
 * record whose request kept failing once sent hundreds of requests a second and filled the
 * test run's memory).
 */
import { runSaga } from 'redux-saga';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '@/test/server';
import { isServerUnreachable, resetConnectivity, whenReachable } from '@/lib/connectivity';
import { requestOrCopy } from './fallback';

/** An error as axios gives it for a request that got no answer at all. */
function noAnswer(): Error {
  return Object.assign(new Error('Network Error'), { code: 'ERR_NETWORK' });
}

describe('requestOrCopy', () => {
  beforeEach(() =>
    vi.useFakeTimers({ shouldAdvanceTime: false, toFake: ['setTimeout', 'clearTimeout', 'Date'] }),
  );
  afterEach(() => vi.useRealTimers());

  /** Lets fake time pass in 100 ms steps, letting real I/O (the health check) settle between them. */
  async function pass(ms: number): Promise<void> {
    for (let t = 0; t < ms; t += 100) {
      await new Promise((resolve) => setImmediate(resolve));
      await vi.advanceTimersByTimeAsync(100);
    }
  }

  it('sends a request that keeps getting no answer again at once, then after 1, 2, 4 and 8 s, then every 8 s', async () => {
    const sentAt: number[] = [];
    const request = () => {
      sentAt.push(Date.now());
      return Promise.reject(noAnswer());
    };
    // No signed-in user in the state: no copy to show, only the sends are watched.
    const task = runSaga(
      { getState: () => ({ session: { user: {} } }), dispatch: () => undefined },
      requestOrCopy<never>,
      request,
      function* () {
        yield undefined;
        return false;
      },
    );
    await pass(40_000);
    task.cancel();
    const gaps = sentAt.slice(1).map((at, i) => at - sentAt[i]!);
    // Each wait, plus the health check's own time (real I/O, while fake time goes on in 100 ms steps).
    const waits = [0, 1000, 2000, 4000, 8000, 8000, 8000];
    expect(gaps.length).toBeGreaterThanOrEqual(waits.length);
    waits.forEach((wait, i) => {
      expect(gaps[i], `wait ${i + 1}`).toBeGreaterThanOrEqual(wait);
      expect(gaps[i], `wait ${i + 1}`).toBeLessThan(wait + 1000);
    });
    expect(sentAt.length).toBeLessThanOrEqual(9);
  });

  it('answers with the server once a later send gets its answer', async () => {
    let sends = 0;
    const request = () => {
      sends += 1;
      return sends < 3 ? Promise.reject(noAnswer()) : Promise.resolve('the record');
    };
    const task = runSaga(
      { getState: () => ({ session: { user: {} } }), dispatch: () => undefined },
      requestOrCopy<string>,
      request,
      function* () {
        yield undefined;
        return false;
      },
    );
    await pass(2000);
    expect(sends).toBe(3);
    await expect(task.toPromise()).resolves.toEqual({ response: 'the record', copyShown: false });
  });

  it('shows the copy before sending the request while the server is known to be out of reach', async () => {
    vi.useRealTimers();
    server.use(http.get('/api/health', () => HttpResponse.error()));
    void whenReachable();
    await vi.waitFor(() => expect(isServerUnreachable()).toBe(true));
    const events: string[] = [];
    const task = runSaga(
      {
        getState: () => ({ user: { user: { id: 7, username: 'riley' }, status: 'succeeded' } }),
        dispatch: () => undefined,
      },
      requestOrCopy<string>,
      () => {
        events.push('request sent');
        return Promise.resolve('the list');
      },
      function* (_reads: unknown, userId: number) {
        yield undefined;
        events.push(`copy shown for user ${userId}`);
        return true;
      },
    );
    await expect(task.toPromise()).resolves.toEqual({ response: 'the list', copyShown: true });
    expect(events).toEqual(['copy shown for user 7', 'request sent']);
    resetConnectivity();
  });

  it('sends the request first while the server is not known to be out of reach', async () => {
    vi.useRealTimers();
    resetConnectivity();
    const events: string[] = [];
    const task = runSaga(
      {
        getState: () => ({ user: { user: { id: 7, username: 'riley' }, status: 'succeeded' } }),
        dispatch: () => undefined,
      },
      requestOrCopy<string>,
      () => {
        events.push('request sent');
        return Promise.resolve('the list');
      },
      function* () {
        yield undefined;
        events.push('copy shown');
        return true;
      },
    );
    await expect(task.toPromise()).resolves.toEqual({ response: 'the list', copyShown: false });
    expect(events).toEqual(['request sent']);
  });
});
