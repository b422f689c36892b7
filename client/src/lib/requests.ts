/**
 * The failure of a call (PRODUCT.md §8): every saga worker that catches an error puts
 * `requestFailed` with the named action it was answering. Shared code: every feature
 * may import it.
 */
import { createAction } from '@reduxjs/toolkit';
import { errorMessage, errorStatus } from './api';
import { isUnreachableError } from './connectivity';

/**
 * Where the last request of a slice that loads is (Redux Style Guide: one status field,
 * nothing derived stored): not asked yet, on its way, answered, or failed.
 */
export type LoadStatus = 'idle' | 'loading' | 'succeeded' | 'failed';

/** Put by a saga whose call failed (PRODUCT.md §8: logged, not shown, unless a screen says so). */
export const requestFailed = createAction<{
  action: string;
  status?: number;
  message: string;
  /** True when no answer came at all (the server can't be reached, lib/connectivity.ts). */
  unreachable?: boolean;
}>('REQUEST_FAILED');

/**
 * The `requestFailed` action for the call made for `action` that threw `err`.
 * @param action - the type of the named action being answered
 */
export function failed(action: string, err: unknown) {
  return requestFailed({
    action,
    status: errorStatus(err),
    message: errorMessage(err),
    unreachable: isUnreachableError(err) || undefined,
  });
}
