/**
 * The next-page saga with the real store (EXTENSIONS.md §1, API.md "Lists at scale"):
 * pages follow the Link header, one request per cursor, and a page for a list the user
 * has left is dropped.
 */
import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { waitFor } from '@testing-library/react';
import { makeStore } from '@/test/store';
import { server } from '@/test/server';
import { makeRecord } from '@/test/records';
import { selectRecordsList } from '@/entities/crate/crate';
import { fetchRecords } from './records.actions';
import { fetchFriendsRecords, fetchFriendsRecordsNextPage, fetchRecordsNextPage } from './records.actions';
import { signedIn } from '@/test/render';

/** A paged answer: the records with X-Total-Count and, when given, the next page's Link. */
function page(records: unknown[], total: number, next?: string) {
  const headers: Record<string, string> = { 'X-Total-Count': String(total), ETag: '"p"' };
  if (next) headers.Link = `<${next}>; rel="next"`;
  return HttpResponse.json(records, { headers });
}

/** A deferred answer, so a test decides when a page arrives. */
function gate() {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

describe('next pages', () => {
  it('FETCH_RECORDS_NEXT_PAGE follows the Link URL once, however often the grid asks, until the last page', async () => {
    const cursors: string[] = [];
    const second = gate();
    server.use(
      http.get('/api/record', async ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        cursors.push(cursor ?? 'first');
        if (!cursor) return page([makeRecord({ id: 1 })], 3, '/api/record?limit=60&sort=newest&cursor=two');
        if (cursor === 'two') {
          await second.opened;
          return page([makeRecord({ id: 2 })], 3, '/api/record?limit=60&sort=newest&cursor=three');
        }
        return page([makeRecord({ id: 3 })], 3);
      }),
    );
    const store = makeStore(signedIn());
    store.dispatch(fetchRecords());
    await waitFor(() => expect(selectRecordsList(store.getState()).total).toBe(3));
    store.dispatch(fetchRecordsNextPage());
    store.dispatch(fetchRecordsNextPage());
    store.dispatch(fetchRecordsNextPage());
    second.open();
    await waitFor(() => expect(selectRecordsList(store.getState()).items).toHaveLength(2));
    store.dispatch(fetchRecordsNextPage());
    await waitFor(() => expect(selectRecordsList(store.getState()).items).toHaveLength(3));
    expect(selectRecordsList(store.getState()).next).toBeNull();
    store.dispatch(fetchRecordsNextPage());
    expect(cursors).toEqual(['first', 'two', 'three']);
    expect(selectRecordsList(store.getState()).items.map((r) => r.id)).toEqual([1, 2, 3]);
  });

  it("pages after the first ask for more records, within the API's largest page (limit 1–200), from the same cursor and sort", async () => {
    const asked: URLSearchParams[] = [];
    server.use(
      http.get('/api/record', ({ request }) => {
        const params = new URL(request.url).searchParams;
        asked.push(params);
        return params.get('cursor')
          ? page([makeRecord({ id: 2 })], 2)
          : page([makeRecord({ id: 1 })], 2, '/api/record?limit=60&sort=artist_asc&cursor=two');
      }),
    );
    const store = makeStore(signedIn());
    store.dispatch(fetchRecords('artist_asc'));
    await waitFor(() => expect(selectRecordsList(store.getState()).total).toBe(2));
    store.dispatch(fetchRecordsNextPage());
    await waitFor(() => expect(selectRecordsList(store.getState()).items).toHaveLength(2));
    const [first, second] = asked;
    const firstLimit = Number(first!.get('limit'));
    const nextLimit = Number(second!.get('limit'));
    expect(nextLimit).toBeGreaterThan(firstLimit);
    expect(nextLimit).toBeLessThanOrEqual(200);
    // Whole rows at 1, 3, 4 and 6 columns (PRODUCT.md's column counts).
    expect(nextLimit % 12).toBe(0);
    expect(second!.get('cursor')).toBe('two');
    expect(second!.get('sort')).toBe('artist_asc');
    expect(selectRecordsList(store.getState()).next).toBeNull();
  });

  it('a next page still on its way when the sort changes is dropped', async () => {
    const slow = gate();
    server.use(
      http.get('/api/record', async ({ request }) => {
        const params = new URL(request.url).searchParams;
        if (params.get('cursor')) {
          await slow.opened;
          return page([makeRecord({ id: 99 })], 2);
        }
        return params.get('sort') === 'oldest'
          ? page([makeRecord({ id: 50 })], 2)
          : page([makeRecord({ id: 1 })], 2, '/api/record?limit=60&sort=newest&cursor=x');
      }),
    );
    const store = makeStore(signedIn());
    store.dispatch(fetchRecords());
    await waitFor(() => expect(selectRecordsList(store.getState()).total).toBe(2));
    store.dispatch(fetchRecordsNextPage());
    store.dispatch(fetchRecords('oldest'));
    await waitFor(() => expect(selectRecordsList(store.getState()).items.map((r) => r.id)).toEqual([50]));
    // The stale page is answered; once axios has handed it over (the next task), nothing changed.
    const answered = new Promise<void>((resolve) =>
      server.events.on('response:mocked', ({ request }) => {
        if (new URL(request.url).searchParams.get('cursor')) resolve();
      }),
    );
    slow.open();
    await answered;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(selectRecordsList(store.getState()).items.map((r) => r.id)).toEqual([50]);
  });

  it("FETCH_FRIENDS_RECORDS_NEXT_PAGE loads the friend's next page; a failure keeps the pages and says failed", async () => {
    let fail = true;
    server.use(
      http.get('/api/social/friends/collection', ({ request }) => {
        if (!new URL(request.url).searchParams.get('cursor')) {
          return page([makeRecord({ id: 1 })], 2, '/api/social/friends/collection?id=5&limit=60&cursor=n');
        }
        if (fail) return HttpResponse.json({ error: { code: 'internal', message: 'x' } }, { status: 500 });
        return page([makeRecord({ id: 2 })], 2);
      }),
    );
    const store = makeStore(signedIn());
    store.dispatch(fetchFriendsRecords(5));
    await waitFor(() => expect(selectRecordsList(store.getState()).total).toBe(2));
    // Another friend's next page is not this list's.
    store.dispatch(fetchFriendsRecordsNextPage(6));
    expect(selectRecordsList(store.getState()).status).toBe('succeeded');
    store.dispatch(fetchFriendsRecordsNextPage(5));
    await waitFor(() => expect(selectRecordsList(store.getState()).status).toBe('failed'));
    expect(selectRecordsList(store.getState()).items).toHaveLength(1);
    fail = false;
    store.dispatch(fetchFriendsRecordsNextPage(5));
    await waitFor(() => expect(selectRecordsList(store.getState()).items).toHaveLength(2));
  });
});
