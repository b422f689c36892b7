/** Helpers for the records screens' tests (tests only). */
import { afterEach, beforeEach, expect, vi } from 'vitest';
import Swal from 'sweetalert2';
import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@/test/server';
import { compareRecords, recordSortOf, type CrateRecord } from '@spincrate/contract';

/**
 * Records every request the app sends ("METHOD /path?query"), closes popups after
 * each test and quietens jsdom's missing scrollTo (used by the popups).
 * @returns the live list of requests
 */
export function trackRequests(): string[] {
  const requests: string[] = [];
  const listener = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    requests.push(`${request.method} ${url.pathname}${url.search}`);
  };
  beforeEach(() => {
    requests.length = 0;
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    server.events.on('request:start', listener);
  });
  afterEach(() => {
    server.events.removeListener('request:start', listener);
    Swal.close();
    vi.restoreAllMocks();
  });
  return requests;
}

/**
 * Clicks OK on the open "Attention!" warning and waits until it has closed and handed
 * the focus back, so later typing goes where the test means it to.
 */
export async function dismissWarning(user: UserEvent) {
  await user.click(screen.getByRole('button', { name: 'OK' }));
  await waitFor(() => expect(screen.queryByText('Attention!')).not.toBeInTheDocument());
  // sweetalert2 gives the focus back to what had it 100 ms after closing.
  await waitFor(() => expect(document.activeElement).not.toBe(document.body));
}

/**
 * A fake of a paged list route (API.md "Lists at scale"): `sort`, `search` (title,
 * artist, tags, mood or details, ignoring case), `limit` and `cursor` (here an offset),
 * with `X-Total-Count`, `Link: rel="next"`, an `ETag` and 304 on a matching If-None-Match.
 * @param path - the route, e.g. '/api/record' or '/api/social/friends/collection'
 * @param crate - read at each request (a test may change it; the ETag follows)
 */
export function fakePagedList(path: string, crate: () => CrateRecord[]) {
  const answer = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    const params = url.searchParams;
    const search = params.get('search')?.toLowerCase();
    let list = crate().slice();
    if (search) {
      list = list.filter((r) =>
        [r.title, r.artist, r.tags, r.mood, r.details].some((f) => f.toLowerCase().includes(search)),
      );
    }
    // Sorted by the contract's reference comparators (API.md "Lists at scale").
    list.sort(compareRecords(recordSortOf(params.get('sort'))));
    const etag = `"${list.map((r) => `${r.id}:${r.title}`).join(',')}"`;
    const limit = params.get('limit');
    if (!limit) return HttpResponse.json(list, { headers: { ETag: etag } });
    const offset = Number(params.get('cursor') ?? 0);
    if (offset === 0 && request.headers.get('If-None-Match') === etag) {
      return new HttpResponse(null, { status: 304, headers: { ETag: etag } });
    }
    const pageRecords = list.slice(offset, offset + Number(limit));
    const headers: Record<string, string> = { 'X-Total-Count': String(list.length), ETag: etag };
    if (offset + Number(limit) < list.length) {
      const next = new URLSearchParams(params);
      next.set('cursor', String(offset + Number(limit)));
      headers.Link = `<${url.pathname}?${next}>; rel="next"`;
    }
    return HttpResponse.json(pageRecords, { headers });
  };
  return [http.get(path, answer), http.get(`${path}/search`, answer)];
}

/**
 * The one-record routes of API.md "One record" answering from the records a test's fake
 * lists hold: `GET /api/record/{id}` (own) or `GET /api/social/friends/{friendId}/record/{id}`
 * (a friend's), 404 for an id the list does not hold.
 * @param friend - true for the friend's route
 */
export function fakeRecordById(crate: () => CrateRecord[], friend = false) {
  return http.get(friend ? '/api/social/friends/:friendId/record/:id' : '/api/record/:id', ({ params }) => {
    // `/api/record/search`, `/folders`, …: left to the other handlers.
    if (!/^[0-9]+$/.test(String(params.id))) return undefined;
    const found = crate().find((record) => String(record.id) === params.id);
    return found
      ? HttpResponse.json(found)
      : HttpResponse.json({ error: { code: 'not_found', message: 'No such record' } }, { status: 404 });
  });
}
