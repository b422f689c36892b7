/**
 * Screens loaded on demand, and what happens when a screen's chunk cannot be loaded.
 *
 * A chunk that cannot be loaded is asked for again once the server answers (it may have
 * been stopped or out of reach for a moment). A tab opened before a deploy asks for chunk
 * files (`/assets/Screen-<hash>.js`) that the new build no longer has: the second try
 * fails too, and the page then reloads once, to fetch the new build's files.
 * A flag in sessionStorage, holding the screen's name, makes it "once": if the same screen
 * fails again after the reload, the error goes to the route's error boundary (which offers
 * a reload by hand) instead of reloading in a loop. The flag is removed as soon as that
 * screen loads.
 */
import { createElement, lazy, useState, type ComponentType } from 'react';
import { startActivity } from '@/lib/activity';
import { whenReachable } from '@/lib/connectivity';

/** sessionStorage key of the reload guard; its value is the name of the screen that failed. */
export const CHUNK_RELOAD_KEY = 'spincrate:chunk-reload';

/** How the page reloads (an object, so tests can replace `reload`). */
export const pageReloader = {
  reload: (): void => window.location.reload(),
};

/**
 * True for the errors browsers and Vite give when a dynamically imported module (or the
 * CSS it preloads) cannot be fetched: Chromium "Failed to fetch dynamically imported
 * module", Firefox "error loading dynamically imported module", Safari "Importing a
 * module script failed", Vite "Unable to preload CSS".
 */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    /dynamically imported module|importing a module script failed|unable to preload css|loading (css )?chunk/i.test(
      error.message,
    )
  );
}

function readGuard(): string | null {
  try {
    return sessionStorage.getItem(CHUNK_RELOAD_KEY);
  } catch {
    return null;
  }
}

/** Sets the guard; false when sessionStorage cannot hold it (then no reload: it could loop). */
function setGuard(name: string): boolean {
  try {
    sessionStorage.setItem(CHUNK_RELOAD_KEY, name);
    return sessionStorage.getItem(CHUNK_RELOAD_KEY) === name;
  } catch {
    return false;
  }
}

function clearGuard(name: string) {
  try {
    if (sessionStorage.getItem(CHUNK_RELOAD_KEY) === name) sessionStorage.removeItem(CHUNK_RELOAD_KEY);
  } catch {
    // Storage unavailable: nothing was set.
  }
}

/**
 * Clears the reload guard, before a reload the user asked for (so a later failure may
 * reload once again).
 */
export function clearChunkReloadGuard(): void {
  try {
    sessionStorage.removeItem(CHUNK_RELOAD_KEY);
  } catch {
    // Storage unavailable: nothing was set.
  }
}

/** A screen loaded on demand (see {@link lazyScreen}). */
export type LazyScreen<P extends object> = ComponentType<P> & {
  /**
   * Starts loading the screen's module (once: the render uses the same load). A screen
   * rendered once its module has loaded shows at once, without suspending (no fallback, so
   * React's hold on content revealed soon after a fallback does not delay it).
   * @returns resolves when the module is loaded; rejects as the render would
   */
  preload(): Promise<unknown>;
};

/**
 * `React.lazy` for a screen. While its chunk loads, the progress bar shows (lib/activity.ts).
 * When the chunk cannot be loaded, it first waits until the server answers `/api/health`
 * (lib/connectivity.ts: "Can't reach Spincrate — retrying…" meanwhile) and tries once
 * more (EXTENSIONS.md §11); only when that fails too does it reload the page, once.
 * `preload()` starts the same load ahead of the render (the route guard does, beside the
 * signed-in user's data: app/RequireUser.tsx).
 * @param name - the screen's name, kept in the reload guard (e.g. "CollectionPage")
 * @param load - the dynamic import of the screen's module
 * @returns the screen; while its module loads it suspends; when the chunk fails again and
 *   the guard is free it reloads the page and stays suspended; otherwise the import's error
 *   is thrown to the error boundary
 */
export function lazyScreen<P extends object>(
  name: string,
  load: () => Promise<{ default: ComponentType<P> }>,
): LazyScreen<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const loadOnce = () => {
    loading ??= loadScreen(name, load).then((module) => {
      loaded = module.default;
      return module;
    });
    return loading;
  };
  const Lazy = lazy(loadOnce);
  // Chosen once per mounted screen: a screen shown through Lazy never becomes another element.
  const Screen = (props: P) => createElement(useState(() => loaded ?? Lazy)[0] as ComponentType<P>, props);
  return Object.assign(Screen, { preload: loadOnce });
}

/** Loads a screen's module with one retry once the server answers, then a reload (see {@link lazyScreen}). */
async function loadScreen<P extends object>(
  name: string,
  load: () => Promise<{ default: ComponentType<P> }>,
): Promise<{ default: ComponentType<P> }> {
  const done = startActivity(true);
  try {
    let module: { default: ComponentType<P> };
    try {
      module = await load();
    } catch (error) {
      if (!isChunkLoadError(error)) throw error;
      // The server gone (or a deploy under way): wait until it answers, then try again.
      await whenReachable();
      module = await load();
    }
    clearGuard(name);
    return module;
  } catch (error) {
    if (isChunkLoadError(error) && readGuard() === null && setGuard(name)) {
      pageReloader.reload();
      // The page is going away; stay suspended (the loading status shows) until it does.
      return new Promise<never>(() => {});
    }
    throw error;
  } finally {
    done();
  }
}
