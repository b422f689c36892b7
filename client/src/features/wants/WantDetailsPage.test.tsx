/**
 * A want's details, /wants/{id}, without a connection (EXTENSIONS.md §9: "When the server can't
 * be reached (or takes over 3 s), the collection and the wantlist show the offline copy with a
 * chip 'Offline copy · synced {time}'"): the want comes from the copy with the wantlist's chip,
 * and the friends part (§6: "Each want shows '{friend} owns it' … (`/api/want/{id}/owners`)"),
 * which the copy cannot answer, says so instead of looking forever; once the server answers,
 * its wantlist and the friends who own the want replace the copy's. The online details are
 * tested in WantsPage.test.tsx.
 */
import 'fake-indexeddb/auto';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Want } from '@spincrate/contract';
import { LOADING_SHOWN_KEY } from '@/lib/components/LoadingScreen';
import { deleteOfflineCopy, openOfflineCopy } from '@/lib/offline/db';
import { renderApp, signedIn } from '@/test/render';
import { server } from '@/test/server';

const MAGGOT: Want = {
  id: 4,
  title: 'Maggot Brain',
  artist: 'Funkadelic',
  year: 1971,
  barcode: null,
  mb_release_id: null,
  mb_release_group_id: null,
  coverart: '/covers/fallback.svg',
  priority: 1,
  max_price: { amount: '30.00', currency: 'EUR' },
  notes: 'orig. Westbound',
  date_added: '2026-11-20T14:03:00.000Z',
  cover: null,
};

/** What the page said while the owners look-up never ended. */
const LOOKING = "Looking at your friends' crates…";
const CANT_CHECK_OFFLINE = "Your friends' crates can't be checked offline.";

/** Today at 09:41, the copy's last sync (shown as "09:41"). */
function syncedToday(): string {
  const syncedAt = new Date();
  syncedAt.setHours(9, 41, 0, 0);
  return syncedAt.toISOString();
}

/** The copy of user 1 holding `wants`, synced at `syncedAt`. */
async function storeCopy(wants: Want[], syncedAt: string) {
  const db = await openOfflineCopy(1);
  for (const want of wants) await db.put('wants', want);
  await db.put('meta', { userId: 1, recordsRev: 0, wantsRev: 1, syncedAt, persistAsked: true }, 'state');
}

/** The server down until `up()`; then it lists MAGGOT, owned by sam. */
function serverDownUntilUp() {
  let up = false;
  const asked: string[] = [];
  server.use(
    http.get('/api/health', () => (up ? HttpResponse.json({ status: 'ok' }) : HttpResponse.error())),
    http.get('/api/want', () => (up ? HttpResponse.json([MAGGOT]) : HttpResponse.error())),
    http.get('/api/want/:id/owners', ({ params }) => {
      asked.push(`owners ${String(params.id)}`);
      return up
        ? HttpResponse.json([{ friend_id: 9, friend_username: 'sam', record_id: 12 }])
        : HttpResponse.error();
    }),
    http.get('/api/mood', () =>
      up ? HttpResponse.json([{ id: 10, mood: 'Mellow' }]) : HttpResponse.error(),
    ),
    http.get('/api/sync/records', () => HttpResponse.error()),
    http.get('/api/sync/wants', () => HttpResponse.error()),
  );
  return {
    asked,
    up: () => {
      up = true;
    },
  };
}

beforeEach(() => sessionStorage.setItem(LOADING_SHOWN_KEY, '1'));
afterEach(async () => {
  await deleteOfflineCopy();
});

describe('/wants/{id} offline', () => {
  it('shows the want from the copy with the chip, and says friends’ crates can’t be checked offline', async () => {
    await storeCopy([MAGGOT], syncedToday());
    const fake = serverDownUntilUp();
    renderApp({ route: '/wants/4', state: signedIn() });

    expect(await screen.findByRole('heading', { name: 'Maggot Brain' })).toBeInTheDocument();
    expect(screen.getByText('orig. Westbound')).toBeInTheDocument();
    expect(await screen.findByText('Offline copy · synced 09:41')).toBeInTheDocument();
    expect(await screen.findByText(CANT_CHECK_OFFLINE)).toBeInTheDocument();
    expect(screen.queryByText(LOOKING)).not.toBeInTheDocument();
    expect(fake.asked).toContain('owners 4');
  });

  it('once the server answers, its want replaces the copy’s (no chip) and the friends who own it show', async () => {
    await storeCopy([MAGGOT], syncedToday());
    const fake = serverDownUntilUp();
    renderApp({ route: '/wants/4', state: signedIn() });
    expect(await screen.findByText('Offline copy · synced 09:41')).toBeInTheDocument();
    expect(await screen.findByText(CANT_CHECK_OFFLINE)).toBeInTheDocument();

    fake.up();
    const owns = await screen.findByRole('link', { name: 'sam owns it' }, { timeout: 5000 });
    expect(owns).toHaveAttribute('href', '/social/friends/9/12');
    await waitFor(() => expect(screen.queryByText(/^Offline copy · synced/)).not.toBeInTheDocument(), {
      timeout: 5000,
    });
    expect(screen.queryByText(CANT_CHECK_OFFLINE)).not.toBeInTheDocument();
  });

  it('says the friends could not be checked when the server answers the look-up with an error', async () => {
    server.use(
      http.get('/api/want', () => HttpResponse.json([MAGGOT])),
      http.get('/api/want/:id/owners', () => HttpResponse.json({ error: 'internal' }, { status: 500 })),
      http.get('/api/mood', () => HttpResponse.json([{ id: 10, mood: 'Mellow' }])),
      http.get('/api/sync/records', () => HttpResponse.error()),
      http.get('/api/sync/wants', () => HttpResponse.error()),
    );
    renderApp({ route: '/wants/4', state: signedIn() });
    expect(await screen.findByRole('heading', { name: 'Maggot Brain' })).toBeInTheDocument();
    expect(
      await screen.findByText("Your friends' crates could not be checked. Try again in a moment."),
    ).toBeInTheDocument();
    expect(screen.queryByText(LOOKING)).not.toBeInTheDocument();
    expect(screen.queryByText(/^Offline copy · synced/)).not.toBeInTheDocument();
  });
});
