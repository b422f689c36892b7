import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runSaga, type Saga } from 'redux-saga';
import { http, HttpResponse } from 'msw';
import type { UnknownAction } from '@reduxjs/toolkit';
import Swal from 'sweetalert2';
import { screen } from '@testing-library/react';
import {
  deleteRecord,
  editRecord,
  fetchFriendsRecords,
  fetchFriendsRecordsFailed,
  postRecord,
  postRecordFailed,
  recordSaved,
  searchFriendsRecords,
  searchRecords,
} from './records.actions';
import { fetchMood, fetchMoodFailed, fetchRecord, type RecordsList } from '@/entities/crate/crate';
import { fetchRecords } from './records.actions';
import { NO_LIST, recordsNotModified, setRecords } from './recordList.slice';
import { setMood } from './mood.slice';
import { setRecord } from './recordLookup.slice';
import { loadedList, makeRecord } from '@/test/records';
import { server } from '@/test/server';
import { offlineCopyHidden, offlineReducer } from '@/lib/offline/state';
import {
  deleteRecordWorker,
  editRecordWorker,
  fetchMoodWorker,
  fetchRecordWorker,
  loadRecordsWorker,
  postRecordWorker,
  RECORD_ADDED_TEXT,
} from './records.saga';

/** Runs one worker against a store holding `records`, and returns what it put. */
async function run<A>(
  worker: (action: A) => Generator,
  action: A,
  records: RecordsList = NO_LIST,
): Promise<UnknownAction[]> {
  const dispatched: UnknownAction[] = [];
  await runSaga(
    { dispatch: (a: UnknownAction) => dispatched.push(a), getState: () => ({ records }) },
    worker as unknown as Saga<[A]>,
    action,
  ).toPromise();
  return dispatched;
}

/** A paged answer (API.md "Lists at scale"): the records with X-Total-Count, Link and ETag. */
function page(records: unknown[], total: number, next?: string, etag = '"v1"') {
  const headers: Record<string, string> = { 'X-Total-Count': String(total), ETag: etag };
  if (next) headers.Link = `<${next}>; rel="next"`;
  return HttpResponse.json(records, { headers });
}

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
afterEach(() => {
  Swal.close();
  vi.restoreAllMocks();
});

describe('records sagas', () => {
  it('FETCH_RECORDS asks for the first page (limit, sort) and puts it with its count, next page and ETag', async () => {
    const list = [makeRecord({ id: 1 })];
    let url = '';
    server.use(
      http.get('/api/record', ({ request }) => {
        url = request.url;
        return page(list, 250, '/api/record?limit=60&sort=artist_asc&cursor=abc');
      }),
    );
    expect(await run(loadRecordsWorker, fetchRecords('artist_asc'))).toEqual([
      setRecords({
        query: { owner: 'own', sort: 'artist_asc', search: '' },
        records: list,
        total: 250,
        next: '/api/record?limit=60&sort=artist_asc&cursor=abc',
        etag: '"v1"',
      }),
    ]);
    const params = new URL(url).searchParams;
    expect(params.get('sort')).toBe('artist_asc');
    const limit = Number(params.get('limit'));
    expect(limit).toBeGreaterThanOrEqual(48);
    expect(limit).toBeLessThanOrEqual(96);
  });

  it('the first page the server handed over with the page is used for that exact list, without a request, once', async () => {
    const handed = [makeRecord({ id: 7, title: 'Handed over' })];
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = 'spincrate-records';
    block.textContent = JSON.stringify({
      url: '/api/record?limit=60&sort=artist_asc',
      records: handed,
      total: 61,
      next: '/api/record?limit=60&sort=artist_asc&cursor=c1',
      etag: '"boot"',
    });
    document.head.append(block);
    let requests = 0;
    server.use(
      http.get('/api/record', () => {
        requests += 1;
        return page([makeRecord({ id: 8 })], 1);
      }),
    );
    expect(await run(loadRecordsWorker, fetchRecords('artist_asc'))).toEqual([
      setRecords({
        query: { owner: 'own', sort: 'artist_asc', search: '' },
        records: handed,
        total: 61,
        next: '/api/record?limit=60&sort=artist_asc&cursor=c1',
        etag: '"boot"',
      }),
    ]);
    expect(requests).toBe(0);
    // Used once: the next load of the list asks the server.
    await run(loadRecordsWorker, fetchRecords('artist_asc'));
    expect(requests).toBe(1);
  });

  it('a handed-over first page of another list (another sort) is not used', async () => {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = 'spincrate-records';
    block.textContent = JSON.stringify({
      url: '/api/record?limit=60&sort=newest',
      records: [makeRecord({ id: 7 })],
      total: 1,
      next: null,
      etag: '"boot"',
    });
    document.head.append(block);
    const fromServer = [makeRecord({ id: 9 })];
    server.use(http.get('/api/record', () => page(fromServer, 1, undefined, '"v9"')));
    expect(await run(loadRecordsWorker, fetchRecords('oldest'))).toEqual([
      setRecords({
        query: { owner: 'own', sort: 'oldest', search: '' },
        records: fromServer,
        total: 1,
        next: null,
        etag: '"v9"',
      }),
    ]);
    expect(document.getElementById('spincrate-records')).toBeNull();
  });

  it('the server’s first page takes the offline copy’s chip away when an offline start showed the copy before the screen asked', async () => {
    const list = [makeRecord({ id: 1 })];
    server.use(http.get('/api/record', () => page(list, 1)));
    const dispatched: UnknownAction[] = [];
    // As an offline start leaves it (readCollectionAheadOffline): the copy's first screen and the chip.
    const state = {
      records: NO_LIST,
      offline: { ...offlineReducer(undefined, { type: 'init' }), shown: { records: true } },
    };
    await runSaga(
      { dispatch: (a: UnknownAction) => dispatched.push(a), getState: () => state },
      loadRecordsWorker as unknown as Saga<[UnknownAction]>,
      fetchRecords('newest'),
    ).toPromise();
    expect(dispatched).toContainEqual(offlineCopyHidden('records'));
    expect(dispatched.find(setRecords.match)?.payload.records).toEqual(list);
  });

  it('SEARCH_RECORDS searches on the server, the text URL-encoded, with the sort', async () => {
    let url = '';
    server.use(
      http.get('/api/record/search', ({ request }) => {
        url = request.url;
        return page([], 0);
      }),
    );
    const [put] = await run(loadRecordsWorker, searchRecords('rock & roll #1', 'title_desc'));
    expect(put).toMatchObject({ type: 'records/setRecords', payload: { total: 0, next: null, records: [] } });
    expect(new URL(url).search).toContain('search=rock+%26+roll+%231');
    expect(new URL(url).searchParams.get('search')).toBe('rock & roll #1');
    expect(new URL(url).searchParams.get('sort')).toBe('title_desc');
  });

  it("FETCH_FRIENDS_RECORDS and SEARCH_FRIENDS_RECORDS ask for a page of the friend's records", async () => {
    const seen: URLSearchParams[] = [];
    server.use(
      http.get('/api/social/friends/collection', ({ request }) => {
        seen.push(new URL(request.url).searchParams);
        return page([], 0);
      }),
      http.get('/api/social/friends/collection/search', ({ request }) => {
        seen.push(new URL(request.url).searchParams);
        return page([], 0);
      }),
    );
    await run(loadRecordsWorker, fetchFriendsRecords(5, 'oldest'));
    await run(loadRecordsWorker, searchFriendsRecords({ search: 'jazz', friend_id: 5 }));
    expect(seen.map((p) => [p.get('id'), p.get('search'), p.get('sort'), p.has('limit')])).toEqual([
      ['5', null, 'oldest', true],
      ['5', 'jazz', 'newest', true],
    ]);
  });

  it('the same list already loaded is revalidated with If-None-Match: a 304 keeps every page', async () => {
    const held = loadedList([makeRecord({ id: 1 }), makeRecord({ id: 2 })]);
    let sent: string | null = null;
    server.use(
      http.get('/api/record', ({ request }) => {
        sent = request.headers.get('If-None-Match');
        return new HttpResponse(null, { status: 304 });
      }),
    );
    expect(await run(loadRecordsWorker, fetchRecords(), held)).toEqual([
      recordsNotModified({ query: { owner: 'own', sort: 'newest', search: '' } }),
    ]);
    expect(sent).toBe(held.etag);
  });

  it('a changed list answers 200 to the revalidation: its first page replaces the pages', async () => {
    const held = loadedList([makeRecord({ id: 1 }), makeRecord({ id: 2 })]);
    const fresh = [makeRecord({ id: 3 })];
    server.use(http.get('/api/record', () => page(fresh, 3, undefined, '"v2"')));
    const [put] = await run(loadRecordsWorker, fetchRecords(), held);
    expect(put).toMatchObject({
      type: 'records/setRecords',
      payload: { records: fresh, total: 3, etag: '"v2"' },
    });
  });

  it('another list than the one held is asked without If-None-Match', async () => {
    const held = loadedList([makeRecord({ id: 1 })]);
    let sent: string | null = 'unset';
    server.use(
      http.get('/api/record', ({ request }) => {
        sent = request.headers.get('If-None-Match');
        return page([], 0);
      }),
    );
    await run(loadRecordsWorker, fetchRecords('oldest'), held);
    expect(sent).toBeNull();
  });

  // API.md "One record": a screen opened from a link needs one request, whatever the crate's size.
  it('FETCH_RECORD asks for the one record by id: one request', async () => {
    const wanted = makeRecord({ id: 77, title: 'Deep Cut' });
    const urls: string[] = [];
    server.use(
      http.get('/api/record/:id', ({ request, params }) => {
        urls.push(new URL(request.url).pathname);
        return params.id === '77' ? HttpResponse.json(wanted) : new HttpResponse(null, { status: 500 });
      }),
      http.get('/api/record', () => {
        urls.push('walked');
        return page([], 0);
      }),
    );
    expect(await run(fetchRecordWorker, fetchRecord({ recordId: 77, title: 'Deep Cut' }))).toEqual([
      setRecord({ recordId: 77, friendId: null, record: wanted }),
    ]);
    expect(urls).toEqual(['/api/record/77']);
  });

  it("FETCH_RECORD of a friend's record asks the friend's record route: one request", async () => {
    const wanted = makeRecord({ id: 9, title: 'Renamed', user_id: 5 });
    const urls: string[] = [];
    server.use(
      http.get('/api/social/friends/:friendId/record/:id', ({ request }) => {
        urls.push(new URL(request.url).pathname);
        return HttpResponse.json(wanted);
      }),
      http.get('/api/social/friends/collection', () => {
        urls.push('walked');
        return page([], 0);
      }),
    );
    expect(
      await run(fetchRecordWorker, fetchRecord({ recordId: 9, friendId: 5, title: 'Old title' })),
    ).toEqual([setRecord({ recordId: 9, friendId: 5, record: wanted })]);
    expect(urls).toEqual(['/api/social/friends/5/record/9']);
  });

  it('FETCH_RECORD of a record that crate does not hold (404) puts SET_RECORD with null', async () => {
    server.use(
      http.get('/api/social/friends/:friendId/record/:id', () =>
        HttpResponse.json({ error: { code: 'not_found', message: 'No such record' } }, { status: 404 }),
      ),
    );
    expect(await run(fetchRecordWorker, fetchRecord({ recordId: 9, friendId: 5 }))).toEqual([
      setRecord({ recordId: 9, friendId: 5, record: null }),
    ]);
  });

  it('a failed list call puts its failure action with the status', async () => {
    server.use(
      http.get('/api/social/friends/collection', () =>
        HttpResponse.json({ error: { code: 'not_found', message: 'not found' } }, { status: 404 }),
      ),
    );
    expect(await run(loadRecordsWorker, fetchFriendsRecords(9))).toEqual([
      fetchFriendsRecordsFailed({ status: 404, message: 'not found' }),
    ]);
  });

  it('POST_RECORD: posts, puts RECORD_SAVED, shows the notice and refetches', async () => {
    const saved = makeRecord({ id: 3 });
    let body: unknown;
    server.use(
      http.post('/api/record/add', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(saved, { status: 201 });
      }),
    );
    const payload = { artist: 'Can', title: 'Tago Mago', mood: 10, details: '' };
    expect(await run(postRecordWorker, postRecord(payload))).toEqual([recordSaved(saved), fetchRecords()]);
    expect(body).toEqual(payload);
    expect(await screen.findByText(RECORD_ADDED_TEXT)).toBeInTheDocument();
  });

  it('POST_RECORD failing puts its failure action and shows no notice', async () => {
    server.use(
      http.post('/api/record/add', () => HttpResponse.json({ error: { message: 'bad' } }, { status: 400 })),
    );
    const puts = await run(postRecordWorker, postRecord({ artist: 'a', title: 't', mood: 99, details: '' }));
    expect(puts).toEqual([postRecordFailed({ status: 400, message: 'bad' })]);
    expect(screen.queryByText(RECORD_ADDED_TEXT)).not.toBeInTheDocument();
  });

  it('EDIT_RECORD: PUT /api/record/edit, RECORD_SAVED, refetch', async () => {
    const saved = makeRecord({ id: 3, title: 'New' });
    let body: unknown;
    server.use(
      http.put('/api/record/edit', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(saved);
      }),
    );
    const payload = { id: 3, artist: 'Can', title: 'New', mood: 10, details: 'd' };
    // The own list held (its sort and search) is the one refetched.
    const held = loadedList([makeRecord({ id: 3 })], { sort: 'artist_desc', search: 'can' });
    expect(await run(editRecordWorker, editRecord(payload), held)).toEqual([
      recordSaved(saved),
      searchRecords('can', 'artist_desc'),
    ]);
    expect(body).toEqual(payload);
  });

  it('DELETE_RECORD: DELETE /api/record/{id}, then refetch', async () => {
    let deleted = '';
    server.use(
      http.delete('/api/record/:id', ({ params }) => {
        deleted = String(params.id);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    expect(await run(deleteRecordWorker, deleteRecord(12))).toEqual([fetchRecords()]);
    expect(deleted).toBe('12');
  });

  it('FETCH_MOOD: GET /api/mood, then SET_MOOD; a failure puts its failure action', async () => {
    server.use(http.get('/api/mood', () => HttpResponse.json([{ id: 1, mood: 'Happy' }])));
    expect(await run(fetchMoodWorker, fetchMood())).toEqual([setMood([{ id: 1, mood: 'Happy' }])]);
    server.use(http.get('/api/mood', () => HttpResponse.error()));
    const [failed] = await run(fetchMoodWorker, fetchMood());
    expect(failed).toMatchObject({
      type: fetchMoodFailed.type,
      payload: { status: undefined },
    });
  });
});
