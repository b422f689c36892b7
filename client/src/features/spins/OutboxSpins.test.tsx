/**
 * Spins logged without a connection (EXTENSIONS.md §9): kept in the outbox with the clientId of
 * the send that got no answer, shown on the spins page as "Waiting to send", sent once the
 * server answers; a 400 shows the server's message with an edit link, a 401 asks for a login.
 */
import 'fake-indexeddb/auto';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { runSaga } from 'redux-saga';
import type { UnknownAction } from '@reduxjs/toolkit';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOADING_SHOWN_KEY } from '@/lib/components/LoadingScreen';
import { deleteOfflineCopy, openOfflineCopy } from '@/lib/offline/db';
import { queueWrite, readOutbox } from '@/lib/offline/outbox';
import { makeRecord } from '@/test/records';
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
    const item = await queueWrite(1, 'spin', SPIN);
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
    // The add-spin form, filled with this spin.
    expect(screen.getByRole('link', { name: 'Edit and log it again' })).toHaveAttribute(
      'href',
      `/spins/add?outbox=${item.clientId}`,
    );
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

describe('a refused spin logged again (issue 24: "a 400 marks the item failed with an edit link")', () => {
  beforeAll(async () => {
    await import('./AddSpinPage');
    await import('./SpinsPage');
    await import('@/lib/screenStyles');
  }, 30_000);
  beforeEach(() => sessionStorage.setItem(LOADING_SHOWN_KEY, '1'));

  const kindOfBlue = makeRecord({ id: 12, title: 'Kind of Blue', artist: 'Miles Davis' });
  // 8:30 PM on the spin's day, in the test's time zone.
  const startedAt = new Date(2026, 10, 20, 20, 30).toISOString();
  /** A spin of two records; record 99 was deleted from the crate before it was sent. */
  const REFUSED = {
    timeSpent: '1:05',
    listenedAt: '11/20/2026',
    details: 'Sunday morning',
    albums: ['12', '99'],
    startedAt,
    sides: { '12': ['B'] },
  };

  /**
   * The server: record 12 in the crate (sides A and B), record 99 gone (404); a spin naming 99 is
   * refused as the server refuses it. Returns the bodies posted to /api/spins/add.
   */
  function fakeServer() {
    const posted: Array<Record<string, unknown>> = [];
    server.use(
      http.get('/api/spins', () => HttpResponse.json([])),
      http.get('/api/sync/records', () => HttpResponse.error()),
      http.get('/api/sync/wants', () => HttpResponse.error()),
      http.get('/api/record', () => HttpResponse.json([kindOfBlue], { headers: { 'X-Total-Count': '1' } })),
      http.get('/api/record/12', () => HttpResponse.json(kindOfBlue)),
      http.get('/api/record/99', () =>
        HttpResponse.json({ error: { code: 'not_found', message: 'not found' } }, { status: 404 }),
      ),
      http.get('/api/record/:id/sides', () =>
        HttpResponse.json({
          sides: [
            { side: 'A', tracks: 3, seconds: 1200 },
            { side: 'B', tracks: 2, seconds: 1100 },
          ],
        }),
      ),
      http.post('/api/spins/add', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        posted.push(body);
        if ((body.albums as string[]).includes('99'))
          return HttpResponse.json(
            {
              error: {
                code: 'validation_failed',
                message: 'albums must be records in your crate',
                fields: { albums: 'must be records in your crate' },
              },
            },
            { status: 400 },
          );
        return HttpResponse.json({ id: 7 }, { status: 201 });
      }),
    );
    return posted;
  }

  it('"Edit and log it again" opens the form filled with it; logging it sends it once and the refused one leaves the outbox', async () => {
    const refused = await queueWrite(1, 'spin', REFUSED, ['Kind of Blue', 'Blue Train']);
    const posted = fakeServer();
    const user = userEvent.setup({ delay: null });
    renderApp({ route: '/spins', state: signedIn() });

    // The flush at start sends it; the server refuses it.
    expect(await screen.findByText(/Not sent: albums must be records in your crate\./)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Edit and log it again' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/spins\/add$/));
    expect(await screen.findByRole('heading', { name: 'add spin' })).toHaveFocus();
    expect(screen.getByLabelText('Pick Date')).toHaveValue('11/20/2026');
    expect(screen.getByLabelText('Hours')).toHaveValue(1);
    expect(screen.getByLabelText('Minutes')).toHaveValue(5);
    expect(screen.getByLabelText('Spin Details')).toHaveValue('Sunday morning');
    expect(screen.getByLabelText('Started at')).toHaveValue('8:30 PM');
    // Why it was refused, and the record left out (no longer in the crate), named.
    expect(screen.getByText(/Not sent: albums must be records in your crate\./)).toBeInTheDocument();
    expect(await screen.findByText('Left out, no longer in your crate: Blue Train.')).toBeInTheDocument();
    expect(screen.getByText('Kind of Blue')).toBeInTheDocument();
    // The sides chosen as they were; the time as it was, not the sides' length.
    expect(await screen.findByRole('button', { name: 'Side B' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Side A' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByLabelText('Hours')).toHaveValue(1);
    expect(screen.getByLabelText('Minutes')).toHaveValue(5);

    await user.click(screen.getByRole('button', { name: 'ADD SPIN' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/spins$/));
    await waitFor(async () => expect(await readOutbox(1)).toEqual([]));
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Edit and log it again' })).not.toBeInTheDocument(),
    );
    // Refused once, then logged once as a new write (a clientId of its own), without record 99.
    expect(posted).toEqual([
      { ...REFUSED, clientId: refused.clientId },
      {
        timeSpent: '1:05',
        listenedAt: '11/20/2026',
        details: 'Sunday morning',
        albums: ['12'],
        startedAt,
        sides: { '12': ['B'] },
        clientId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      },
    ]);
    expect(posted[1]?.clientId).not.toBe(refused.clientId);
  });

  it('opened anew (a reload), the form reads the refused spin from the offline copy; leaving it keeps the spin', async () => {
    const item = await queueWrite(1, 'spin', REFUSED, ['Kind of Blue', 'Blue Train']);
    const db = await openOfflineCopy(1);
    const failed = { ...item, status: 'failed' as const, error: 'albums must be records in your crate' };
    await db.put('outbox', failed);
    const posted = fakeServer();
    const { unmount } = renderApp({ route: `/spins/add?outbox=${item.clientId}`, state: signedIn() });

    await waitFor(() => expect(screen.getByLabelText('Spin Details')).toHaveValue('Sunday morning'));
    expect(screen.getByLabelText('Pick Date')).toHaveValue('11/20/2026');
    expect(await screen.findByText('Left out, no longer in your crate: Blue Train.')).toBeInTheDocument();
    unmount();

    expect(await readOutbox(1)).toEqual([failed]);
    expect(posted).toEqual([]);
  });

  it('an outbox item that is gone opens the empty form', async () => {
    fakeServer();
    renderApp({ route: '/spins/add?outbox=5b1e4c2a-0000-4000-8000-000000000000', state: signedIn() });
    const form = (await screen.findByRole('button', { name: 'ADD SPIN' })).closest('form');
    // Busy while the outbox is read.
    await waitFor(() => expect(form).not.toHaveAttribute('aria-busy'));
    expect(screen.getByLabelText('Spin Details')).toHaveValue('');
    expect(screen.queryByText(/Not sent/)).not.toBeInTheDocument();
  });
});
