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
  postRecord,
  recordSaved,
  searchFriendsRecords,
  searchRecords,
  setMood,
  setRecords,
} from './records.actions';
import { fetchMood, fetchRecords } from '@/lib/crate';
import { requestFailed } from '@/lib/requests';
import { makeRecord } from '@/lib/components/fixtures';
import { server } from '@/test/server';
import {
  deleteRecordWorker,
  editRecordWorker,
  fetchMoodWorker,
  loadRecordsWorker,
  postRecordWorker,
  RECORD_ADDED_TEXT,
} from './records.saga';

/** Runs one worker and returns what it put. */
async function run<A>(worker: (action: A) => Generator, action: A): Promise<UnknownAction[]> {
  const dispatched: UnknownAction[] = [];
  await runSaga(
    { dispatch: (a: UnknownAction) => dispatched.push(a), getState: () => ({}) },
    worker as unknown as Saga<[A]>,
    action,
  ).toPromise();
  return dispatched;
}

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
afterEach(() => {
  Swal.close();
  vi.restoreAllMocks();
});

describe('records sagas', () => {
  it('FETCH_RECORDS: GET /api/record, then SET_RECORDS', async () => {
    const list = [makeRecord({ id: 1 })];
    server.use(http.get('/api/record', () => HttpResponse.json(list)));
    expect(await run(loadRecordsWorker, fetchRecords())).toEqual([setRecords(list)]);
  });

  it('SEARCH_RECORDS sends the text URL-encoded', async () => {
    let url = '';
    server.use(
      http.get('/api/record/search', ({ request }) => {
        url = request.url;
        return HttpResponse.json([]);
      }),
    );
    expect(await run(loadRecordsWorker, searchRecords('rock & roll #1'))).toEqual([setRecords([])]);
    expect(new URL(url).search).toBe('?search=rock+%26+roll+%231');
    expect(new URL(url).searchParams.get('search')).toBe('rock & roll #1');
  });

  it("FETCH_FRIENDS_RECORDS and SEARCH_FRIENDS_RECORDS ask for the friend's records", async () => {
    const seen: string[] = [];
    server.use(
      http.get('/api/social/friends/collection', ({ request }) => {
        seen.push(new URL(request.url).search);
        return HttpResponse.json([]);
      }),
      http.get('/api/social/friends/collection/search', ({ request }) => {
        seen.push(new URL(request.url).search);
        return HttpResponse.json([]);
      }),
    );
    await run(loadRecordsWorker, fetchFriendsRecords(5));
    await run(loadRecordsWorker, searchFriendsRecords({ search: 'jazz', friend_id: 5 }));
    expect(seen).toEqual(['?id=5', '?search=jazz&id=5']);
  });

  it('a failed list call puts requestFailed with the status', async () => {
    server.use(
      http.get('/api/social/friends/collection', () =>
        HttpResponse.json({ error: { code: 'not_found', message: 'not found' } }, { status: 404 }),
      ),
    );
    expect(await run(loadRecordsWorker, fetchFriendsRecords(9))).toEqual([
      requestFailed({ action: 'FETCH_FRIENDS_RECORDS', status: 404, message: 'not found' }),
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

  it('POST_RECORD failing puts requestFailed and shows no notice', async () => {
    server.use(
      http.post('/api/record/add', () => HttpResponse.json({ error: { message: 'bad' } }, { status: 400 })),
    );
    const puts = await run(postRecordWorker, postRecord({ artist: 'a', title: 't', mood: 99, details: '' }));
    expect(puts).toEqual([requestFailed({ action: 'POST_RECORD', status: 400, message: 'bad' })]);
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
    expect(await run(editRecordWorker, editRecord(payload))).toEqual([recordSaved(saved), fetchRecords()]);
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

  it('FETCH_MOOD: GET /api/mood, then SET_MOOD; a failure puts requestFailed', async () => {
    server.use(http.get('/api/mood', () => HttpResponse.json([{ id: 1, mood: 'Happy' }])));
    expect(await run(fetchMoodWorker, fetchMood())).toEqual([setMood([{ id: 1, mood: 'Happy' }])]);
    server.use(http.get('/api/mood', () => HttpResponse.error()));
    const [failed] = await run(fetchMoodWorker, fetchMood());
    expect(failed).toMatchObject({
      type: 'REQUEST_FAILED',
      payload: { action: 'FETCH_MOOD', status: undefined },
    });
  });
});
