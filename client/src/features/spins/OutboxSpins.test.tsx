/**
 * Spins logged without a connection (EXTENSIONS.md §9): kept in the outbox with the clientId of
 * the send that got no answer, shown on the spins page as "Waiting to send", sent once the
 * server answers; a 400 shows the server's message with an edit link, a 401 asks for a login.
 */
import 'fake-indexeddb/auto';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { runSaga } from 'redux-saga';
import type { UnknownAction } from '@reduxjs/toolkit';
import { afterEach, describe, expect, it } from 'vitest';
import { deleteOfflineCopy } from '@/lib/offline/db';
import { queueWrite, readOutbox } from '@/lib/offline/outbox';
import { renderApp, signedIn } from '@/test/render';
import { server } from '@/test/server';
import { postSpins } from './spins.actions';
import { postSpinsWorker } from './spins.saga';

const SPIN = { timeSpent: '1:05', listenedAt: '11/20/2026', details: 'Sunday morning', albums: ['12'] };

afterEach(async () => {
  await deleteOfflineCopy();
});

describe('a spin logged offline', () => {
  it('goes to the outbox with the clientId its unanswered send carried', async () => {
    const sent: string[] = [];
    server.use(
      http.post('/api/spins/add', async ({ request }) => {
        sent.push(((await request.json()) as { clientId: string }).clientId);
        return HttpResponse.error();
      }),
    );
    const put: UnknownAction[] = [];
    await runSaga(
      { dispatch: (a: UnknownAction) => put.push(a), getState: () => signedIn() },
      postSpinsWorker,
      postSpins(SPIN),
    ).toPromise();
    const outbox = await readOutbox(1);
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ kind: 'spin', status: 'waiting', body: SPIN, clientId: sent[0] });
    expect(put.map((a) => a.type)).toEqual(['offline/setOutbox', 'WRITE_QUEUED']);
  });

  it('the spins page shows it as "Waiting to send" until the server takes it, then once only', async () => {
    await queueWrite(1, 'spin', SPIN, ['Kind of Blue']);
    let up = false;
    const stored = new Set<string>();
    server.use(
      http.get('/api/spins', () => HttpResponse.json([])),
      http.get('/api/sync/records', () => HttpResponse.error()),
      http.get('/api/sync/wants', () => HttpResponse.error()),
      http.post('/api/spins/add', async ({ request }) => {
        if (!up) return HttpResponse.error();
        const { clientId } = (await request.json()) as { clientId: string };
        const repeat = stored.has(clientId);
        stored.add(clientId);
        return HttpResponse.json({ id: 1 }, { status: repeat ? 200 : 201 });
      }),
    );
    renderApp({ route: '/spins', state: signedIn() });
    expect(await screen.findByText('Waiting to send')).toBeInTheDocument();
    expect(screen.getByText('Kind of Blue')).toBeInTheDocument();
    up = true;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(screen.queryByText('Waiting to send')).not.toBeInTheDocument());
    window.dispatchEvent(new Event('online'));
    await waitFor(async () => expect(await readOutbox(1)).toEqual([]));
    expect(stored.size).toBe(1);
  });

  it('a refused spin (400) shows the server’s message and an edit link', async () => {
    await queueWrite(1, 'spin', SPIN);
    server.use(
      http.get('/api/spins', () => HttpResponse.json([])),
      http.post('/api/spins/add', () =>
        HttpResponse.json(
          { error: { code: 'validation_failed', message: 'albums must be your own records', fields: {} } },
          { status: 400 },
        ),
      ),
    );
    renderApp({ route: '/spins', state: signedIn() });
    expect(await screen.findByText(/Not sent: albums must be your own records/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit and log it again' })).toHaveAttribute('href', '/spins/add');
  });

  it('a 401 keeps the spin and asks for a new login', async () => {
    await queueWrite(1, 'spin', SPIN);
    server.use(
      http.get('/api/spins', () => HttpResponse.json([])),
      http.post('/api/spins/add', () =>
        HttpResponse.json({ error: { code: 'unauthenticated', message: 'log in' } }, { status: 401 }),
      ),
    );
    renderApp({ route: '/spins', state: signedIn() });
    expect(await screen.findByRole('link', { name: 'Log in again' })).toHaveAttribute('href', '/home');
    expect(screen.getByText('Waiting to send')).toBeInTheDocument();
    expect(await readOutbox(1)).toHaveLength(1);
  });
});
