/**
 * The harness stops what a test leaves running (src/test/teardown.ts, issue 28): the next
 * test's fake server never sees a request of an ended test, whatever the order of tests.
 * The tests of this file run in their order: each later one looks at what an earlier left.
 */
import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { fetchConfig } from '@/features/layout/layout.actions';
import { getActivity } from '@/lib/activity';
import { server } from './server';
import { makeStore } from './store';

const config = (chatbotName: string) => ({
  chatbotUrl: '/chatbot-help.html',
  chatbotName,
  creatorUsername: 'spincrate',
  imageUrl: '/sample-image.svg',
  version: 'v1.3.2',
});

/** The store of the first test, still referenced once its test has ended. */
let leftBehind: ReturnType<typeof makeStore> | undefined;

describe('what a test leaves running', { shuffle: false }, () => {
  it('(a test that ends with its store running and a data request waiting for its answer)', async () => {
    let arrived!: () => void;
    const requestArrived = new Promise<void>((resolve) => (arrived = resolve));
    server.use(
      http.get('/api/config', () => {
        arrived();
        // Never answered: the test ends while the request waits.
        return new Promise<Response>(() => undefined);
      }),
    );
    leftBehind = makeStore();
    leftBehind.dispatch(fetchConfig());
    await requestArrived;
    expect(getActivity().requests).toBe(1);
  });

  it("aborts the ended test's request: no data counts as loading any more", async () => {
    await waitFor(() => expect(getActivity().requests).toBe(0));
  });

  it("cancels the ended test's sagas: its store's actions send no request into this test", async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/config', () => {
        asked.push('config');
        return HttpResponse.json(config('Vinyl Vic'));
      }),
    );
    // The old store first: were its saga still running, its request would go out first.
    leftBehind!.dispatch(fetchConfig());
    const store = makeStore();
    store.dispatch(fetchConfig());
    await waitFor(() => expect(store.getState().config.chatbotName).toBe('Vinyl Vic'));
    expect(asked).toEqual(['config']);
    expect(leftBehind!.getState().config.chatbotName).not.toBe('Vinyl Vic');
  });
});
