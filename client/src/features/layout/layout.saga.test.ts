import { runSaga } from 'redux-saga';
import { http, HttpResponse } from 'msw';
import type { UnknownAction } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import { server } from '@/test/server';
import { setConfig } from './layout.slice';
import { fetchConfigFailed, fetchConfigWorker } from './layout.saga';

async function run() {
  const dispatched: UnknownAction[] = [];
  await runSaga(
    { dispatch: (action: UnknownAction) => dispatched.push(action), getState: () => ({}) },
    fetchConfigWorker,
  ).toPromise();
  return dispatched;
}

describe('FETCH_CONFIG', () => {
  it('loads GET /api/config into SET_CONFIG', async () => {
    expect(await run()).toEqual([
      setConfig({
        chatbotUrl: '/chatbot-help.html',
        chatbotName: 'Crate Digger',
        creatorUsername: 'spincrate',
        imageUrl: '/sample-image.svg',
        version: 'v1.3.2',
      }),
    ]);
  });

  it('puts its failure action when the call fails', async () => {
    server.use(http.get('/api/config', () => HttpResponse.json({}, { status: 500 })));
    expect(await run()).toEqual([
      fetchConfigFailed({ status: 500, message: 'Request failed with status code 500' }),
    ]);
  });
});
