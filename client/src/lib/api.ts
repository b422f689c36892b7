/**
 * The one axios instance: every call of PRODUCT.md §7 goes through it, with
 * credentials (cookies). No request timeout is set (PRODUCT.md §9).
 */
import axios, { isAxiosError } from 'axios';

export const api = axios.create({
  baseURL: '/',
  withCredentials: true,
  headers: { 'Content-Type': 'application/json' },
});

/** The HTTP status of a failed call, or undefined when no response came back. */
export function errorStatus(err: unknown): number | undefined {
  return isAxiosError(err) ? err.response?.status : undefined;
}

/** A short description of a failed call, for the console and `requestFailed`. */
export function errorMessage(err: unknown): string {
  if (isAxiosError(err)) {
    const body = err.response?.data as { error?: { message?: string } } | undefined;
    return body?.error?.message ?? err.message;
  }
  return err instanceof Error ? err.message : String(err);
}
