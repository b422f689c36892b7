/**
 * The barcode look-up at the record shop (EXTENSIONS.md §9: "when the server can't be reached
 * (or takes over 3 s)"): the copy answers after 3 s without an answer while the look-up keeps
 * waiting, and the server's late answer still comes through; a code the copy knows nothing about
 * is kept in the scan list.
 */
import 'fake-indexeddb/auto';
import { runSaga } from 'redux-saga';
import type { UnknownAction } from '@reduxjs/toolkit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeRecord } from '@/test/records';
import { signedIn } from '@/test/render';
import { deleteOfflineCopy, openOfflineCopy } from './db';
import { readScans } from './scans';
import { lookUpOrAnswerFromCopy } from './shop';

async function storeCopy() {
  const db = await openOfflineCopy(1);
  await db.put(
    'records',
    makeRecord({ id: 1, title: 'Kind of Blue', artist: 'Miles Davis', barcode: '074646493517' }),
  );
  await db.put(
    'meta',
    { userId: 1, recordsRev: 1, wantsRev: 1, syncedAt: '2026-11-20T09:41:00.000Z', persistAsked: true },
    'state',
  );
}

afterEach(async () => {
  vi.useRealTimers();
  await deleteOfflineCopy();
});

/** Runs the helper with a look-up the test answers itself; returns what it put and its end. */
function run(code: string) {
  let answer!: (value: string) => void;
  const pending = new Promise<string>((resolve) => {
    answer = resolve;
  });
  const put: UnknownAction[] = [];
  const task = runSaga(
    { dispatch: (action: UnknownAction) => put.push(action), getState: () => signedIn() },
    lookUpOrAnswerFromCopy<string>,
    code,
    () => pending,
  );
  return { put, answer, done: task.toPromise() as Promise<string> };
}

describe('a look-up without an answer in 3 s', () => {
  it('answers from the copy after 3 s, and returns the server’s answer when it comes', async () => {
    await storeCopy();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const saga = run('0074646493517');
    await vi.advanceTimersByTimeAsync(2999);
    expect(saga.put).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(saga.put.map((a) => a.type)).toEqual(['offline/shopAnswerShown']));
    expect(saga.put[0]).toMatchObject({
      payload: { code: '0074646493517', records: 1, queued: false, answer: { record: { id: 1 } } },
    });
    saga.answer('from the server');
    await expect(saga.done).resolves.toBe('from the server');
  });

  it('keeps an unknown code in the scans', async () => {
    await storeCopy();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const saga = run('4006381333931');
    await vi.advanceTimersByTimeAsync(3000);
    await vi.waitFor(() =>
      expect(saga.put.map((a) => a.type)).toEqual(['offline/setScans', 'offline/shopAnswerShown']),
    );
    expect(await readScans(1)).toEqual([
      expect.objectContaining({ code: '4006381333931', status: 'waiting' }),
    ]);
    saga.answer('late');
    await saga.done;
  });
});
