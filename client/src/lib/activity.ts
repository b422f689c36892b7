/**
 * What the app is waiting for (EXTENSIONS.md §11 "a thin progress bar"): a screen's code
 * being loaded (app/lazyScreen.ts) and the data GETs of the screens (lib/api.ts). The
 * progress bar shows while either is under way; while a screen's code loads, the screen
 * still shown is the old one and must not look ready (App dims it and makes it inert).
 *
 * A small store of its own (no Redux), read with `useActivity`. Shared code: every feature
 * may import it.
 */
import { useSyncExternalStore } from 'react';

/** What is under way: screens' code loads and data requests. */
export interface Activity {
  /** Screens whose code (chunk) is being loaded. */
  screens: number;
  /** Data requests (GETs) waiting for their answer. */
  requests: number;
}

let current: Activity = { screens: 0, requests: 0 };
const listeners = new Set<() => void>();

function change(screens: number, requests: number): void {
  current = { screens: current.screens + screens, requests: current.requests + requests };
  for (const listener of listeners) listener();
}

/**
 * Counts something under way until the returned function is called (once; later calls
 * do nothing).
 * @param kind - `request` for a data GET (default), `screen` for a screen's code
 */
export function startActivity(kind: 'request' | 'screen' = 'request'): () => void {
  let open = true;
  if (kind === 'screen') change(1, 0);
  else change(0, 1);
  return () => {
    if (!open) return;
    open = false;
    if (kind === 'screen') change(-1, 0);
    else change(0, -1);
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getActivity = () => current;
const idle: Activity = { screens: 0, requests: 0 };

/** What is under way, as React state (re-renders on a change). */
export function useActivity(): Activity {
  return useSyncExternalStore(subscribe, getActivity, () => idle);
}
