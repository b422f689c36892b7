/**
 * What the app is waiting for (EXTENSIONS.md §11 "a thin progress bar"): screens' code
 * being loaded (app/lazyScreen.ts) and the screens' data GETs (lib/api.ts). The progress
 * bar shows while either is under way; while a screen's code loads, the screen still shown
 * is the old one and must not look ready (features/layout/AppStatus.tsx).
 *
 * A tiny store of its own (no Redux, no React here: it is part of the first load). Shared
 * code: every feature may import it.
 */

/** What is under way: screens whose code loads, data requests waiting for their answer. */
export interface Activity {
  screens: number;
  requests: number;
}

let current: Activity = { screens: 0, requests: 0 };
const listeners = new Set<() => void>();

function change(screens: number, requests: number): void {
  current = { screens: current.screens + screens, requests: current.requests + requests };
  listeners.forEach((listener) => listener());
}

/**
 * Counts something under way until the returned function is called (call it once).
 * @param screen - true for a screen's code, false (default) for a data GET
 */
export function startActivity(screen = false): () => void {
  change(+screen, +!screen);
  return () => change(-screen, -!screen);
}

/** What is under way now (a new object after each change). */
export const getActivity = (): Activity => current;

/**
 * Calls `listener` after each change.
 * @returns a function that stops the calls
 */
export function subscribeActivity(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
