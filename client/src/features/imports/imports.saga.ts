/**
 * Sagas of the import screen: send a Discogs export, then poll its progress every
 * 1.5 s until every look-up is done. The running import's id and the last import's id are
 * kept in localStorage per user, so leaving the screen and coming back shows its progress
 * again, or the last import's summary once it is done (EXTENSIONS.md §11).
 */
import { all, call, delay, put, race, select, take, takeLatest } from 'redux-saga/effects';
import type { AxiosResponse } from 'axios';
import { failureOf } from '@/lib/requests';
import { api, errorMessage, errorStatus } from '@/lib/api';
import { selectCurrentUserId } from '@/entities/session/session';
import {
  postImport,
  postImportFailed,
  resumeImport,
  resumeImportFailed,
  setImport,
  stopImportWatch,
  watchImport,
  watchImportFailed,
  type ImportProgress,
} from './imports.slice';

/** Time between two progress reads, in ms. */
const IMPORT_POLL_MS = 1500;

/** The localStorage key of a user's running import. */
export const importStorageKey = (userId: number) => `spincrate.import.${userId}`;
/** The localStorage key of a user's last import, running or done (its summary shows on return). */
const lastImportStorageKey = (userId: number) => `spincrate.lastImport.${userId}`;

/**
 * Why a file is not a Discogs export, in people's words, from the 400's `fields.csv` (the
 * server's reason is for developers: "csv must not contain NUL characters").
 */
function csvReason(reason: string): string {
  if (/NUL/i.test(reason)) return 'it is not a text file';
  if (/readable CSV/i.test(reason)) return 'its rows and columns could not be read';
  if (/Artist or Title column/i.test(reason)) return 'it has no Artist or Title column';
  if (/empty|required/i.test(reason)) return 'it is empty';
  return `it ${reason}`;
}

/** The `fields` of a 400's error body, when it has them. */
function errorFields(err: unknown): Record<string, string> {
  const data = (err as { response?: { data?: { error?: { fields?: unknown } } } }).response?.data;
  const fields = data?.error?.fields;
  return fields && typeof fields === 'object' ? (fields as Record<string, string>) : {};
}

/** What the user is told when an import could not be sent, by HTTP status. */
function importErrorText(err: unknown): string {
  const status = errorStatus(err);
  if (status === 413) return 'That file is too large: an import takes at most 5 MB.';
  if (status === 400) {
    const csv = errorFields(err).csv;
    // EXTENSIONS.md §11: "This doesn't look like a Discogs CSV export ({reason})."
    if (typeof csv === 'string') return `This doesn't look like a Discogs CSV export (${csvReason(csv)}).`;
    return errorMessage(err);
  }
  if (status === undefined) return 'The import could not be sent. Is the server running?';
  return 'The import did not work. Try again.';
}

/**
 * Keeps (or with null forgets) the user's running import; `last` keeps an import as the
 * user's last one (`{importId}`) or forgets it if it is (`{forget}`). Storage that is
 * unavailable is ignored.
 */
function remember(
  userId: number | undefined,
  importId: number | null,
  last?: { importId: number } | { forget: number },
) {
  if (userId === undefined) return;
  try {
    if (importId === null) localStorage.removeItem(importStorageKey(userId));
    else localStorage.setItem(importStorageKey(userId), String(importId));
    if (last && 'importId' in last) localStorage.setItem(lastImportStorageKey(userId), String(last.importId));
    if (last && 'forget' in last && readId(lastImportStorageKey(userId)) === last.forget) {
      localStorage.removeItem(lastImportStorageKey(userId));
    }
  } catch {
    // Without storage the progress just is not shown again after leaving the screen.
  }
}

/** A positive import id stored under `key`, if any. */
function readId(key: string): number | undefined {
  const id = Number(localStorage.getItem(key));
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

/** The user's remembered running import, else their last one, if any. */
function remembered(userId: number | undefined): number | undefined {
  if (userId === undefined) return undefined;
  try {
    return readId(importStorageKey(userId)) ?? readId(lastImportStorageKey(userId));
  } catch {
    return undefined;
  }
}

/**
 * POST_IMPORT: send the file and show its counts. A running import is remembered for the
 * user; the screen then follows it (WATCH_IMPORT) while it is open.
 */
function* postImportWorker(action: ReturnType<typeof postImport>) {
  try {
    const response: AxiosResponse<ImportProgress> = yield call(
      [api, api.post],
      '/api/record/import',
      action.payload,
    );
    const userId: number | undefined = yield select(selectCurrentUserId);
    yield call(remember, userId, response.data.status === 'done' ? null : response.data.id, {
      importId: response.data.id,
    });
    yield put(setImport(response.data));
  } catch (err) {
    yield put(postImportFailed({ ...failureOf(err), text: importErrorText(err) }));
  }
}

/**
 * Reads an import and shows it; forgets it once it is done, or when it is not the
 * user's (400, 404). Other failures are logged and left for the next read.
 * @returns true when there is nothing more to follow
 */
function* readImport(importId: number, failure: typeof watchImportFailed | typeof resumeImportFailed) {
  const userId: number | undefined = yield select(selectCurrentUserId);
  try {
    const response: AxiosResponse<ImportProgress> = yield call(
      [api, api.get],
      `/api/record/import/${importId}`,
    );
    if (response.data.status === 'done') yield call(remember, userId, null);
    yield put(setImport(response.data));
    return response.data.status === 'done';
  } catch (err) {
    const { status, message } = failureOf(err);
    yield put(failure({ status, message }));
    if (status !== 400 && status !== 404) return false;
    yield call(remember, userId, null, { forget: importId });
    return true;
  }
}

/** Reads the import's progress every IMPORT_POLL_MS until it is done or no longer there. */
function* pollImport(importId: number) {
  for (;;) {
    yield delay(IMPORT_POLL_MS);
    const finished: boolean = yield call(readImport, importId, watchImportFailed);
    if (finished) return;
  }
}

/** WATCH_IMPORT: poll until done, or until the screen is left (STOP_IMPORT_WATCH). */
function* watchImportWorker(action: ReturnType<typeof watchImport>) {
  yield race({ poll: call(pollImport, action.payload), stop: take(stopImportWatch.type) });
}

/**
 * RESUME_IMPORT: show the user's remembered running import (the screen then follows it), else
 * their last import's summary, if any.
 */
function* resumeImportWorker() {
  try {
    const userId: number | undefined = yield select(selectCurrentUserId);
    const importId: number | undefined = yield call(remembered, userId);
    if (importId !== undefined) yield call(readImport, importId, resumeImportFailed);
  } catch (err) {
    yield put(resumeImportFailed({ message: errorMessage(err) }));
  }
}

/** Root saga of the imports feature. */
export function* importsSaga() {
  yield all([
    takeLatest(postImport.type, postImportWorker),
    takeLatest(watchImport.type, watchImportWorker),
    takeLatest(resumeImport.type, resumeImportWorker),
  ]);
}
