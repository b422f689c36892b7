/**
 * At the record shop without a connection (EXTENSIONS.md §9): the barcode screens (add record,
 * add a want) answer typed digits from the offline copy — both UPC-A/EAN-13 forms — and keep the
 * codes the copy knows nothing about in a scan list, looked up once the server answers again.
 */
import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Release, Want } from '@spincrate/contract';
import { makeRecord, MOODS } from '@/test/records';
import { LOADING_SHOWN_KEY } from '@/lib/components/LoadingScreen';
import { deleteOfflineCopy, openOfflineCopy } from '@/lib/offline/db';
import { renderApp, signedIn } from '@/test/render';
import { server } from '@/test/server';

const SYNCED = new Date();
SYNCED.setHours(9, 41, 0, 0);

const WANTED: Want = {
  id: 7,
  title: 'Maggot Brain',
  artist: 'Funkadelic',
  year: 1971,
  barcode: '5013705330214',
  mb_release_id: null,
  mb_release_group_id: null,
  coverart: '/covers/fallback.svg',
  priority: 2,
  max_price: null,
  notes: null,
  date_added: '2026-01-01T10:00:00.000Z',
  cover: null,
};

const copy = [
  makeRecord({ id: 1, artist: 'Miles Davis', title: 'Kind of Blue', barcode: '074646493517' }),
  makeRecord({ id: 2, artist: 'Funkadelic', title: 'maggot brain', barcode: '025218620826' }),
  makeRecord({ id: 3, artist: 'Björk', title: 'Debut' }),
];

async function storeCopy() {
  const db = await openOfflineCopy(1);
  for (const record of copy) await db.put('records', record);
  await db.put('wants', WANTED);
  await db.put(
    'meta',
    { userId: 1, recordsRev: 3, wantsRev: 1, syncedAt: SYNCED.toISOString(), persistAsked: true },
    'state',
  );
}

const DUMMY: Release = {
  mb_release_id: '0b7f4b6e-1f1c-4c5e-9a33-3f4f5c7a0c11',
  mb_release_group_id: '48b6f7d5-9d8a-3a53-a6f5-1b2d6c1b0a22',
  title: 'Dummy',
  artist: 'Portishead',
  year: 1994,
  label: 'Go! Beat',
  catalog_number: '828 553-1',
  country: 'GB',
  format: '12" Vinyl',
  coverart: null,
  owned: { record_id: null, other_editions: [], want_id: null, records: [] },
};

/** The server gone until `up()`; then the look-up finds Dummy for 0042282855318 only. */
function serverGoneUntilUp() {
  let up = false;
  const looked: string[] = [];
  server.use(
    http.get('/api/health', () => (up ? HttpResponse.json({ status: 'ok' }) : HttpResponse.error())),
    http.get('/api/mood', () => HttpResponse.json(MOODS)),
    http.get('/api/record', () => (up ? HttpResponse.json([]) : HttpResponse.error())),
    http.get('/api/want', () => (up ? HttpResponse.json([]) : HttpResponse.error())),
    http.get('/api/sync/records', () => HttpResponse.error()),
    http.get('/api/sync/wants', () => HttpResponse.error()),
    http.get('/api/lookup/barcode', ({ request }) => {
      if (!up) return HttpResponse.error();
      const code = new URL(request.url).searchParams.get('code') ?? '';
      looked.push(code);
      return HttpResponse.json({ code, releases: code === '0042282855318' ? [DUMMY] : [] });
    }),
  );
  return {
    looked,
    up: () => {
      up = true;
    },
  };
}

async function typeDigits(user: ReturnType<typeof userEvent.setup>, digits: string) {
  await user.clear(screen.getByLabelText('Type the digits'));
  await user.type(screen.getByLabelText('Type the digits'), digits);
  await user.click(screen.getByRole('button', { name: 'Look up' }));
}

beforeEach(() => sessionStorage.setItem(LOADING_SHOWN_KEY, '1'));
afterEach(async () => {
  await deleteOfflineCopy();
});

describe('the barcode screen at the record shop, offline', () => {
  it('answers "In your crate" with a link for the EAN-13 form of an owned UPC-A', async () => {
    await storeCopy();
    serverGoneUntilUp();
    const user = userEvent.setup();
    renderApp({ route: '/user/add', state: signedIn() });
    await screen.findByLabelText('Type the digits');
    await typeDigits(user, '0074646493517');

    expect(await screen.findByText('In your crate')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Kind of Blue — Miles Davis' });
    expect(link).toHaveAttribute('href', '/user/details/1');
    expect(screen.getByText('Offline copy · synced 09:41')).toBeInTheDocument();
    // The answer is the copy's, not the look-up's failure, and the next code can be typed.
    expect(screen.queryByText(/can't be reached right now/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Look up' })).toBeEnabled();
    expect(screen.queryByText(/scans? from today/)).not.toBeInTheDocument();
  });

  it('says "On your wantlist" and "You own another edition" for a wanted pressing, not "Not in your crate"', async () => {
    await storeCopy();
    serverGoneUntilUp();
    const user = userEvent.setup();
    renderApp({ route: '/user/add', state: signedIn() });
    await screen.findByLabelText('Type the digits');
    await typeDigits(user, '5013705330214');

    expect(await screen.findByText('On your wantlist')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Maggot Brain — Funkadelic' })).toHaveAttribute(
      'href',
      '/wants/7',
    );
    expect(screen.getByText('You own another edition')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'maggot brain — Funkadelic' })).toHaveAttribute(
      'href',
      '/user/details/2',
    );
    // One answer (EXTENSIONS.md §9: "In your crate", "On your wantlist", "You own another
    // edition", or "Not in your crate …"): the wanted pressing is not also "Not in your crate".
    expect(screen.queryByText(/^Not in your crate/)).not.toBeInTheDocument();
    // Wanted codes are known: nothing is kept to look up.
    expect(screen.queryByText(/scans? from today/)).not.toBeInTheDocument();
  });

  it('keeps unknown codes as "3 scans from today" and looks them up once the server answers', async () => {
    await storeCopy();
    const server = serverGoneUntilUp();
    const user = userEvent.setup();
    renderApp({ route: '/user/add', state: signedIn() });
    await screen.findByLabelText('Type the digits');

    await typeDigits(user, '0042282855318');
    expect(
      await screen.findByText('Not in your crate (checked against 3 records synced 09:41)'),
    ).toBeInTheDocument();
    expect(screen.getByText(/looked up when the connection is back/)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: '1 scan from today' })).toBeInTheDocument();
    await typeDigits(user, '12345670');
    // Each code is kept before the next is typed (under load a click on "Look up" while the
    // last code was still being checked was lost: "2 scans from today", issue 28).
    expect(await screen.findByRole('heading', { name: '2 scans from today' })).toBeInTheDocument();
    await typeDigits(user, '9780201379624');
    const list = await screen.findByRole('list', { name: '3 scans from today' });
    expect(within(list).getAllByText('Waiting for the connection')).toHaveLength(3);
    expect(server.looked).toEqual([]);

    server.up();
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(within(list).getAllByText('No pressing found')).toHaveLength(2));
    expect(within(list).getByText('Dummy — Portishead')).toBeInTheDocument();
    expect(within(list).queryByText('Waiting for the connection')).not.toBeInTheDocument();
    expect([...server.looked].sort()).toEqual(['0042282855318', '12345670', '9780201379624']);
  });

  it('answers the wantlist’s add-by-barcode from the copy too', async () => {
    await storeCopy();
    serverGoneUntilUp();
    const user = userEvent.setup();
    renderApp({ route: '/wants/add', state: signedIn() });
    await screen.findByLabelText('Type the digits');
    await typeDigits(user, '074646493517');
    expect(await screen.findByText('In your crate')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Kind of Blue — Miles Davis' })).toHaveAttribute(
      'href',
      '/user/details/1',
    );
  });

  it('without a copy says the look-up failed, as before', async () => {
    serverGoneUntilUp();
    const user = userEvent.setup();
    renderApp({ route: '/user/add', state: signedIn() });
    await screen.findByLabelText('Type the digits');
    await typeDigits(user, '074646493517');
    expect(await screen.findByText(/can't be reached right now/)).toBeInTheDocument();
    expect(screen.queryByText('In your crate')).not.toBeInTheDocument();
  });
});
