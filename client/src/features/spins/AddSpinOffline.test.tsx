/**
 * Logging a spin without a connection (EXTENSIONS.md §9): the add-spin record picker searches the
 * offline copy with the server's rules (the contract's search and sort) when the server can't be
 * reached, so a spin can be made offline; it goes to the outbox and the spins page shows it as
 * "Waiting to send".
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { makeRecord } from '@/test/records';
import { LOADING_SHOWN_KEY } from '@/lib/components/LoadingScreen';
import { deleteOfflineCopy, openOfflineCopy } from '@/lib/offline/db';
import { readOutbox } from '@/lib/offline/outbox';
import { server } from '@/test/server';
import { renderApp, signedIn } from '@/test/render';

beforeAll(async () => {
  await import('./AddSpinPage');
  await import('./SpinsPage');
  await import('@/lib/screenStyles');
}, 30_000);

const copy = [
  makeRecord({ id: 12, title: 'Kind of Blue', artist: 'Miles Davis', date_added: '2026-03-01T10:00:00Z' }),
  makeRecord({ id: 13, title: 'Blue Train', artist: 'John Coltrane', date_added: '2026-05-01T10:00:00Z' }),
  makeRecord({ id: 14, title: 'Abbey Road', artist: 'The Beatles', date_added: '2026-01-01T10:00:00Z' }),
  // The server's search matches the mood too; the picker keeps title or artist matches only.
  makeRecord({ id: 15, title: 'Debut', artist: 'Björk', mood: 'Blue', date_added: '2025-12-01T10:00:00Z' }),
];

async function storeCopy() {
  const db = await openOfflineCopy(1);
  for (const record of copy) await db.put('records', record);
  await db.put(
    'meta',
    { userId: 1, recordsRev: 4, wantsRev: 0, syncedAt: new Date().toISOString(), persistAsked: true },
    'state',
  );
}

/** The server gone: every call gets no answer; returns the record searches it was asked. */
function serverGone() {
  const asked: string[] = [];
  server.use(
    http.get('/api/health', () => HttpResponse.error()),
    http.get('/api/record', () => HttpResponse.error()),
    http.get('/api/record/search', ({ request }) => {
      asked.push(new URL(request.url).searchParams.get('search') ?? '');
      return HttpResponse.error();
    }),
    http.get('/api/record/:id/sides', () => HttpResponse.error()),
    http.get('/api/spins', () => HttpResponse.error()),
    http.post('/api/spins/add', () => HttpResponse.error()),
    http.get('/api/sync/records', () => HttpResponse.error()),
    http.get('/api/sync/wants', () => HttpResponse.error()),
  );
  return asked;
}

beforeEach(() => sessionStorage.setItem(LOADING_SHOWN_KEY, '1'));
afterEach(async () => {
  await deleteOfflineCopy();
});

describe('logging a spin offline', () => {
  it('offers the newest records of the copy, then searches it by title or artist ignoring case, as online', async () => {
    await storeCopy();
    const asked = serverGone();
    const user = userEvent.setup();
    renderApp({ route: '/spins/add', state: signedIn() });
    const picker = await screen.findByLabelText('Select Spun Records');
    await user.click(picker);
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
        'Blue Train by John Coltrane',
        'Kind of Blue by Miles Davis',
        'Abbey Road by The Beatles',
        'Debut by Björk',
      ]),
    );

    await user.type(picker, 'BLUE');
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
        'Blue Train by John Coltrane',
        'Kind of Blue by Miles Davis',
      ]),
    );
    // The server is still asked (after the copy's answer is on screen: it is known unreachable).
    await waitFor(() => expect(asked).toEqual(['BLUE']));

    await user.clear(picker);
    await user.type(picker, 'BJÖRK');
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Debut by Björk']),
    );
  });

  it('a spin of records picked from the copy goes to the outbox and shows as "Waiting to send"', async () => {
    await storeCopy();
    serverGone();
    const user = userEvent.setup();
    renderApp({ route: '/spins/add', state: signedIn() });
    await screen.findByLabelText('Pick Date');
    await user.type(screen.getByLabelText('Hours'), '0');
    await user.type(screen.getByLabelText('Minutes'), '45');
    await user.type(screen.getByLabelText('Spin Details'), 'At the shop');
    await user.type(screen.getByLabelText('Select Spun Records'), 'kind');
    await user.click(await screen.findByRole('option', { name: 'Kind of Blue by Miles Davis' }));
    await user.click(screen.getByRole('button', { name: 'ADD SPIN' }));

    expect(await screen.findByText('Waiting to send')).toBeInTheDocument();
    expect(screen.getByText('Kind of Blue')).toBeInTheDocument();
    const outbox = await readOutbox(1);
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({
      kind: 'spin',
      status: 'waiting',
      body: { timeSpent: '0:45', details: 'At the shop', albums: ['12'] },
    });
  });
});
