/**
 * The crate without a connection (EXTENSIONS.md §9): when the server can't be reached the
 * collection shows the offline copy with the chip "Offline copy · synced {time}", and search
 * works on it with the server's rules; once the server answers, its list replaces the copy's.
 */
import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeRecord } from '@/test/records';
import { LOADING_SHOWN_KEY } from '@/lib/components/LoadingScreen';
import { deleteOfflineCopy, openOfflineCopy } from '@/lib/offline/db';
import { renderApp, signedIn } from '@/test/render';
import { server } from '@/test/server';

const copy = [
  makeRecord({ id: 1, artist: 'Miles Davis', title: 'Kind of Blue', date_added: '2026-03-01T10:00:00Z' }),
  makeRecord({ id: 2, artist: 'ABBA', title: 'Arrival', date_added: '2026-05-01T10:00:00Z' }),
  makeRecord({ id: 3, artist: 'Björk', title: 'Debut', date_added: '2026-01-01T10:00:00Z', mood: 'Dreamy' }),
];

/** The copy of user 1, synced at `syncedAt`. */
async function storeCopy(syncedAt: string) {
  const db = await openOfflineCopy(1);
  for (const record of copy) await db.put('records', record);
  await db.put('meta', { userId: 1, recordsRev: 3, wantsRev: 0, syncedAt, persistAsked: true }, 'state');
}

const altTexts = () =>
  within(screen.getByRole('list', { name: "riley's records" }))
    .getAllByRole('img')
    .map((img) => img.getAttribute('alt'));

/** The server gone: every call gets no answer. */
function serverGone() {
  server.use(
    http.get('/api/health', () => HttpResponse.error()),
    http.get('/api/record', () => HttpResponse.error()),
    http.get('/api/record/search', () => HttpResponse.error()),
    http.get('/api/sync/records', () => HttpResponse.error()),
    http.get('/api/sync/wants', () => HttpResponse.error()),
  );
}

beforeEach(() => sessionStorage.setItem(LOADING_SHOWN_KEY, '1'));
afterEach(async () => {
  await deleteOfflineCopy();
});

describe('the crate offline', () => {
  it('shows the copy with the chip, and searches it as the server would', async () => {
    const syncedAt = new Date();
    syncedAt.setHours(9, 41, 0, 0);
    await storeCopy(syncedAt.toISOString());
    serverGone();
    const user = userEvent.setup();
    renderApp({ route: '/user/profile', state: signedIn() });

    await waitFor(() => expect(altTexts()).toEqual(['Arrival', 'Kind of Blue', 'Debut']));
    expect(screen.getByText('Offline copy · synced 09:41')).toBeInTheDocument();
    expect(screen.getByText('3 records')).toBeInTheDocument();

    // The mood matches too (API.md "Routes"), ignoring case.
    await user.type(screen.getByRole('searchbox', { name: 'Search records' }), 'DREAMY');
    await user.click(screen.getByRole('button', { name: 'SEARCH' }));
    await waitFor(() => expect(altTexts()).toEqual(['Debut']));
    expect(screen.getByText('Offline copy · synced 09:41')).toBeInTheDocument();
  });

  it('answers a search from the crate in memory at once: the cards shown never wait, dimmed, for it', async () => {
    await storeCopy(new Date().toISOString());
    serverGone();
    const user = userEvent.setup();
    renderApp({ route: '/user/profile', state: signedIn() });
    await waitFor(() => expect(altTexts()).toEqual(['Arrival', 'Kind of Blue', 'Debut']));
    const searchbox = screen.getByRole('searchbox', { name: 'Search records' });
    // The first search reads the whole crate into memory.
    await user.type(searchbox, 'DREAMY');
    await user.click(screen.getByRole('button', { name: 'SEARCH' }));
    await waitFor(() => expect(altTexts()).toEqual(['Debut']));

    // Every state the grid is shown in from here on.
    const grid = screen.getByRole('list', { name: "riley's records" });
    const busyShown: string[] = [];
    const observer = new MutationObserver((changes) => {
      for (const change of changes)
        if ((change.target as Element).getAttribute('aria-busy') === 'true') busyShown.push('busy');
    });
    observer.observe(grid.closest('[aria-busy]')!, { attributes: true, attributeFilter: ['aria-busy'] });
    try {
      await user.clear(searchbox);
      await user.type(searchbox, 'blue');
      await user.click(screen.getByRole('button', { name: 'SEARCH' }));
      await waitFor(() => expect(altTexts()).toEqual(['Kind of Blue']));
      // Let any change still on its way land.
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(busyShown).toEqual([]);
    } finally {
      observer.disconnect();
    }
  });

  it('shows a crate larger than a page first by its newest page, then whole, and searches all of it', async () => {
    const big = Array.from({ length: 75 }, (_, i) =>
      makeRecord({
        id: 100 + i,
        title: `Crate Album ${String(i + 1).padStart(2, '0')}`,
        // Album 01 is the newest, album 75 the oldest.
        date_added: new Date(Date.UTC(2026, 0, 1) - i * 3_600_000).toISOString(),
      }),
    );
    const db = await openOfflineCopy(1);
    for (const record of big) await db.put('records', record);
    await db.put(
      'meta',
      { userId: 1, recordsRev: 75, wantsRev: 0, syncedAt: new Date().toISOString(), persistAsked: true },
      'state',
    );
    serverGone();
    const user = userEvent.setup();
    renderApp({ route: '/user/profile', state: signedIn() });

    expect(await screen.findByText('75 records')).toBeInTheDocument();
    expect(await screen.findByText(/^Offline copy · synced/)).toBeInTheDocument();
    await waitFor(() => expect(altTexts()).toHaveLength(75));
    expect(altTexts()[0]).toBe('Crate Album 01');
    expect(altTexts()[74]).toBe('Crate Album 75');

    // Only records past the first page match.
    await user.type(screen.getByRole('searchbox', { name: 'Search records' }), 'album 7');
    await user.click(screen.getByRole('button', { name: 'SEARCH' }));
    await waitFor(() => expect(altTexts()).toEqual([0, 1, 2, 3, 4, 5].map((n) => `Crate Album 7${n}`)));
  });

  it('reads the whole crate right after the first page is shown, and lists it whole at an idle moment', async () => {
    const db = await openOfflineCopy(1);
    for (let i = 0; i < 75; i += 1)
      await db.put(
        'records',
        makeRecord({ id: 100 + i, date_added: new Date(Date.UTC(2026, 0, 1) - i * 3_600_000).toISOString() }),
      );
    await db.put(
      'meta',
      { userId: 1, recordsRev: 75, wantsRev: 0, syncedAt: new Date().toISOString(), persistAsked: true },
      'state',
    );
    serverGone();
    // No idle moment comes until the test lets it.
    const idleCallbacks: Array<() => void> = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idleCallbacks.push(callback));
    // Reads of every record through the records' date index (the whole crate; the first page
    // is read with getAllRecords).
    const getAll = vi.spyOn(IDBIndex.prototype, 'getAll');
    const wholeCrateReads = () =>
      getAll.mock.contexts.filter((index) => (index as IDBIndex).objectStore.name === 'records').length;
    try {
      renderApp({ route: '/user/profile', state: signedIn() });
      expect(await screen.findByText('75 records')).toBeInTheDocument();
      await waitFor(() => expect(altTexts()).toHaveLength(60));
      // Read before any idle moment, so that a search soon after answers from memory.
      await waitFor(() => expect(wholeCrateReads()).toBe(1));
      expect(altTexts()).toHaveLength(60);
      await waitFor(() => expect(idleCallbacks.length).toBeGreaterThan(0));
      for (const callback of idleCallbacks.splice(0)) callback();
      await waitFor(() => expect(altTexts()).toHaveLength(75));
      expect(wholeCrateReads()).toBe(1);
    } finally {
      vi.unstubAllGlobals();
      vi.restoreAllMocks();
    }
  });

  it('the server’s answer replaces the copy once it can be reached', async () => {
    await storeCopy(new Date().toISOString());
    let up = false;
    server.use(
      http.get('/api/health', () => (up ? HttpResponse.json({ status: 'ok' }) : HttpResponse.error())),
      http.get('/api/record', () =>
        up
          ? HttpResponse.json([makeRecord({ id: 9, title: 'Fresh from the server' })], {
              headers: { 'X-Total-Count': '1' },
            })
          : HttpResponse.error(),
      ),
      http.get('/api/sync/records', () => HttpResponse.error()),
      http.get('/api/sync/wants', () => HttpResponse.error()),
    );
    renderApp({ route: '/user/profile', state: signedIn() });
    expect(await screen.findByText(/^Offline copy · synced/)).toBeInTheDocument();
    up = true;
    await waitFor(() => expect(altTexts()).toEqual(['Fresh from the server']));
    expect(screen.queryByText(/^Offline copy · synced/)).not.toBeInTheDocument();
  });

  it('without a copy the crate waits for the server as before, with no chip', async () => {
    serverGone();
    let asked = 0;
    server.use(
      http.get('/api/record', () => {
        asked += 1;
        return HttpResponse.error();
      }),
    );
    renderApp({ route: '/user/profile', state: signedIn() });
    expect(await screen.findByRole('heading', { name: "riley's crate" })).toBeInTheDocument();
    await waitFor(() => expect(asked).toBeGreaterThan(0));
    expect(screen.queryByText(/^Offline copy · synced/)).not.toBeInTheDocument();
  });
});
