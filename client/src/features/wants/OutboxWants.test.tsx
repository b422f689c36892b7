/**
 * Wants added without a connection (EXTENSIONS.md §9): kept in the outbox and shown on the
 * wantlist as "Waiting to send", like the spins page's; sent once when the server answers again.
 */
import 'fake-indexeddb/auto';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LOADING_SHOWN_KEY } from '@/lib/components/LoadingScreen';
import { deleteOfflineCopy } from '@/lib/offline/db';
import { queueWrite, readOutbox } from '@/lib/offline/outbox';
import { renderApp, signedIn } from '@/test/render';
import { server } from '@/test/server';

beforeEach(() => sessionStorage.setItem(LOADING_SHOWN_KEY, '1'));
afterEach(async () => {
  await deleteOfflineCopy();
});

/** The server down until `up()`; it stores each clientId once (201), a repeat answered 200. */
function serverDownUntilUp() {
  let up = false;
  const stored = new Set<string>();
  server.use(
    http.get('/api/health', () => (up ? HttpResponse.json({ status: 'ok' }) : HttpResponse.error())),
    http.get('/api/want', () => (up ? HttpResponse.json([]) : HttpResponse.error())),
    http.get('/api/sync/records', () => HttpResponse.error()),
    http.get('/api/sync/wants', () => HttpResponse.error()),
    http.post('/api/want/add', async ({ request }) => {
      if (!up) return HttpResponse.error();
      const { clientId } = (await request.json()) as { clientId: string };
      const repeat = stored.has(clientId);
      stored.add(clientId);
      return HttpResponse.json({ id: 1 }, { status: repeat ? 200 : 201 });
    }),
  );
  return {
    stored,
    up: () => {
      up = true;
    },
  };
}

describe('wants waiting in the outbox', () => {
  it('a want added offline shows on the wantlist as "Waiting to send", then is sent once', async () => {
    const fake = serverDownUntilUp();
    const user = userEvent.setup();
    renderApp({ route: '/wants/add', state: signedIn() });
    await user.type(await screen.findByLabelText('Artist'), 'Can');
    await user.type(screen.getByLabelText('Title'), 'Tago Mago');
    await user.click(screen.getByRole('button', { name: 'ADD WANT' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/wants$/));
    expect(await screen.findByText('Waiting to send')).toBeInTheDocument();
    expect(screen.getByText('Tago Mago')).toBeInTheDocument();
    expect(await readOutbox(1)).toEqual([
      expect.objectContaining({
        kind: 'want',
        status: 'waiting',
        body: expect.objectContaining({ title: 'Tago Mago' }),
      }),
    ]);

    fake.up();
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(screen.queryByText('Waiting to send')).not.toBeInTheDocument());
    window.dispatchEvent(new Event('online'));
    await waitFor(async () => expect(await readOutbox(1)).toEqual([]));
    expect(fake.stored.size).toBe(1);
  });

  it('a refused want (400) shows the server’s message and a link to add it again', async () => {
    const item = await queueWrite(1, 'want', { artist: 'Can', title: 'Tago Mago' });
    server.use(
      http.get('/api/want', () => HttpResponse.json([])),
      http.post('/api/want/add', () =>
        HttpResponse.json(
          { error: { code: 'validation_failed', message: 'title is too long', fields: {} } },
          { status: 400 },
        ),
      ),
    );
    renderApp({ route: '/wants', state: signedIn() });
    expect(await screen.findByText(/Not sent: title is too long/)).toBeInTheDocument();
    // The add-want form, filled with this want.
    expect(screen.getByRole('link', { name: 'Edit and add it again' })).toHaveAttribute(
      'href',
      `/wants/add?outbox=${item.clientId}`,
    );
  });
});

describe('a refused want added again (issue 24: "a 400 marks the item failed with an edit link")', () => {
  /** A want the server refuses as it is: its title is too long. */
  const REFUSED = {
    artist: 'Can',
    title: 'Tago Mago (40th Anniversary Edition, remastered)',
    year: 1971,
    barcode: '5016025611146',
    mb_release_id: '0f3a6a9e-5c1d-4d38-9a0e-7b1c2d3e4f50',
    priority: 1,
    max_price: { amount: '30.00', currency: 'EUR' },
    notes: 'Any pressing',
  };

  it('"Edit and add it again" opens the form filled with it; adding it sends it once and the refused one leaves the outbox', async () => {
    const refused = await queueWrite(1, 'want', REFUSED);
    const posted: Array<Record<string, unknown>> = [];
    server.use(
      http.get('/api/want', () => HttpResponse.json([])),
      http.get('/api/sync/records', () => HttpResponse.error()),
      http.get('/api/sync/wants', () => HttpResponse.error()),
      http.post('/api/want/add', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        posted.push(body);
        if (String(body.title).length > 20)
          return HttpResponse.json(
            { error: { code: 'validation_failed', message: 'title is too long', fields: {} } },
            { status: 400 },
          );
        return HttpResponse.json({ id: 3, ...body }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderApp({ route: '/wants', state: signedIn() });

    // The flush at start sends it; the server refuses it.
    expect(await screen.findByText(/Not sent: title is too long\./)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Edit and add it again' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/wants\/add$/));
    expect(await screen.findByRole('heading', { name: 'Add a want' })).toHaveFocus();
    expect(screen.getByText(/Not sent: title is too long\./)).toBeInTheDocument();
    expect(screen.getByLabelText('Artist')).toHaveValue('Can');
    expect(screen.getByLabelText('Title')).toHaveValue('Tago Mago (40th Anniversary Edition, remastered)');
    expect(screen.getByLabelText('Year (optional)')).toHaveValue('1971');
    expect(screen.getByLabelText('Barcode (optional)')).toHaveValue('5016025611146');
    expect(screen.getByLabelText('Priority')).toHaveValue('1');
    expect(screen.getByLabelText('Amount')).toHaveValue('30.00');
    expect(screen.getByLabelText('Currency')).toHaveValue('EUR');
    expect(screen.getByLabelText('Notes (optional)')).toHaveValue('Any pressing');

    await user.clear(screen.getByLabelText('Title'));
    await user.type(screen.getByLabelText('Title'), 'Tago Mago');
    await user.click(screen.getByRole('button', { name: 'ADD WANT' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/wants$/));
    await waitFor(async () => expect(await readOutbox(1)).toEqual([]));
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Edit and add it again' })).not.toBeInTheDocument(),
    );
    // Refused once, then added once as a new write (a clientId of its own), with its pressing.
    expect(posted).toEqual([
      { ...REFUSED, clientId: refused.clientId },
      { ...REFUSED, title: 'Tago Mago', clientId: expect.stringMatching(/^[0-9a-f-]{36}$/) },
    ]);
    expect(posted[1]?.clientId).not.toBe(refused.clientId);
  });
});
