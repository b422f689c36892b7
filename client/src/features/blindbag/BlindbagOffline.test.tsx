/**
 * The blindbag without a connection (EXTENSIONS.md §9): the draw from the offline copy shows the
 * record's own thumbnails, as a draw from the server does (API.md "Covers served by Spincrate").
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { makeRecord } from '@/test/records';
import { LOADING_SHOWN_KEY } from '@/lib/components/LoadingScreen';
import { deleteOfflineCopy, openOfflineCopy } from '@/lib/offline/db';
import { server } from '@/test/server';
import { renderApp, signedIn } from '@/test/render';

beforeAll(async () => {
  await import('./BlindbagPage');
  await import('@/lib/screenStyles');
}, 30_000);

const small = `/covers/${'e'.repeat(32)}-250.webp`;
const large = `/covers/${'e'.repeat(32)}-500.webp`;

async function storeCopy() {
  const db = await openOfflineCopy(1);
  await db.put(
    'records',
    makeRecord({
      id: 21,
      title: 'Court and Spark',
      artist: 'Joni Mitchell',
      coverart: 'https://images.test/court-and-spark.jpg',
      cover: { small, large },
    }),
  );
  await db.put(
    'meta',
    { userId: 1, recordsRev: 1, wantsRev: 0, syncedAt: new Date().toISOString(), persistAsked: true },
    'state',
  );
}

beforeEach(() => sessionStorage.setItem(LOADING_SHOWN_KEY, '1'));
afterEach(async () => {
  await deleteOfflineCopy();
});

describe('the blindbag offline', () => {
  it("shows the drawn record's own thumbnails from the copy, not its coverart", async () => {
    // API.md "Covers served by Spincrate": "Every Record and Want gains `cover`: { "small":
    // "/covers/{key}-250.webp", "large": "/covers/{key}-500.webp" } once the image has been
    // fetched, else `null` (the client then shows `coverart` …)"; the copy keeps it.
    await storeCopy();
    server.use(
      http.get('/api/health', () => HttpResponse.error()),
      http.get('/api/blindbag', () => HttpResponse.error()),
      http.get('/api/sync/records', () => HttpResponse.error()),
      http.get('/api/sync/wants', () => HttpResponse.error()),
    );
    const user = userEvent.setup();
    renderApp({ route: '/blindbag', state: signedIn() });
    await user.click(await screen.findByRole('button', { name: 'Draw a random record' }));
    expect(await screen.findByText('Court and Spark by Joni Mitchell')).toBeInTheDocument();
    const cover = screen.getByRole('img', { name: 'Court and Spark' });
    expect(cover).toHaveAttribute('src', small);
    expect(cover).toHaveAttribute('srcset', `${small} 250w, ${large} 500w`);
  });
});
