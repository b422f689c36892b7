/**
 * Whether the server can be reached (EXTENSIONS.md §11: "Can't reach Spincrate — retrying…"):
 * with no answer, `/api/health` is asked again and again until it answers; forgetting the
 * state stops those checks, so nothing of one test's checks reaches the next test.
 */
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '@/test/server';
import { isServerUnreachable, resetConnectivity, whenReachable } from './connectivity';

/** Health checks the fake server was asked, answered with a network error until `up`. */
function fakeHealth() {
  const state = { checks: 0, up: false };
  server.use(
    http.get('/api/health', () => {
      state.checks += 1;
      return state.up ? HttpResponse.json({ status: 'ok' }) : HttpResponse.error();
    }),
  );
  return state;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('connectivity', () => {
  it('asks /api/health again, more and more rarely, until it answers; then the server is reachable', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const health = fakeHealth();
    const reachable = whenReachable();
    await vi.waitFor(() => expect(isServerUnreachable()).toBe(true));
    expect(health.checks).toBe(1);
    // Checks after 1, 2 and 4 s.
    await vi.advanceTimersByTimeAsync(1000);
    await vi.waitFor(() => expect(health.checks).toBe(2));
    await vi.advanceTimersByTimeAsync(2000);
    await vi.waitFor(() => expect(health.checks).toBe(3));
    health.up = true;
    await vi.advanceTimersByTimeAsync(4000);
    await reachable;
    expect(health.checks).toBe(4);
    expect(isServerUnreachable()).toBe(false);
  });

  it('stops the checks under way when the state is forgotten', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const health = fakeHealth();
    void whenReachable();
    await vi.waitFor(() => expect(isServerUnreachable()).toBe(true));
    expect(health.checks).toBe(1);
    resetConnectivity();
    expect(isServerUnreachable()).toBe(false);
    // Minutes later: no other check was made, and nothing marked the server unreachable again.
    for (let second = 0; second < 120; second += 1) await vi.advanceTimersByTimeAsync(1000);
    expect(health.checks).toBe(1);
    expect(isServerUnreachable()).toBe(false);
  });
});
