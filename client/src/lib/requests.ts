/**
 * The failure of a call (PRODUCT.md §8): each named action that makes a request has its own
 * failure action, defined beside it in its feature with {@link requestFailure} (e.g.
 * FETCH_SPINS → FETCH_SPINS_FAILED), which the saga worker puts when its call fails and the
 * slices of that request handle. Every failure action carries `meta.failureOf` (the request's
 * type), so code that must see every failure (app/failureLog.ts, the session's end on a 401)
 * matches them with {@link isRequestFailure} instead of a list. Shared code: every feature
 * may import it.
 */
import { createAction, type PayloadAction } from '@reduxjs/toolkit';
import { errorMessage, errorStatus } from './api';
import { isUnreachableError } from './connectivity';

/**
 * Where the last request of a slice that loads is (Redux Style Guide: one status field,
 * nothing derived stored): not asked yet, on its way, answered, or failed.
 */
export type LoadStatus = 'idle' | 'loading' | 'succeeded' | 'failed';

/** What a failed call reports (PRODUCT.md §8: logged, not shown, unless a screen says so). */
export interface RequestFailure {
  /** The answer's HTTP status; absent when no answer came. */
  status?: number;
  /** A short description for the console (lib/api.ts `errorMessage`). */
  message: string;
  /** True when no answer came at all (the server can't be reached, lib/connectivity.ts). */
  unreachable?: boolean;
}

/** The marker every failure action carries: the type of the named action whose call failed. */
interface FailureMeta {
  failureOf: string;
}

/** A failure action of any request (see {@link isRequestFailure}). */
export type RequestFailureAction = PayloadAction<RequestFailure, string, FailureMeta>;

/**
 * Creates the failure action of one request.
 * @param requestType - the type of the named action whose call may fail (e.g. 'FETCH_SPINS')
 * @param type - the failure action's type; `${requestType}_FAILED` unless given (the auth
 *   screens' LOGIN_FAILED and REGISTRATION_FAILED already name their shown texts)
 * @returns an action creator taking the {@link RequestFailure} (plus `Extra`, what the slices
 *   of that request need to know about it, e.g. the page's URL) and adding `meta.failureOf`
 */
export function requestFailure<Extra extends object = Record<never, never>>(
  requestType: string,
  type = `${requestType}_FAILED`,
) {
  return createAction(type, (failure: RequestFailure & Extra) => ({
    payload: failure,
    meta: { failureOf: requestType } satisfies FailureMeta,
  }));
}

/**
 * The {@link RequestFailure} of a call that threw `err` (an axios error or anything else).
 */
export function failureOf(err: unknown): RequestFailure {
  return {
    status: errorStatus(err),
    message: errorMessage(err),
    unreachable: isUnreachableError(err) || undefined,
  };
}

/** True for the failure action of any request (one made by {@link requestFailure}). */
export function isRequestFailure(action: unknown): action is RequestFailureAction {
  const meta = (action as { meta?: { failureOf?: unknown } } | null | undefined)?.meta;
  return typeof meta?.failureOf === 'string';
}
