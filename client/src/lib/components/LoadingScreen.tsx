/**
 * The first-visit loading screen (PRODUCT.md §2 collection page, §9): the product logo
 * turning twice in one second, once per browser session.
 */
import { useEffect, useState } from 'react';
import { useAppSelector } from '@/app/hooks';
import { BOOT_STORAGE_KEYS } from '@spincrate/contract/bootPage';
// Its styles (LoadingScreen.css) are in the entry's stylesheet (main.tsx): the server's
// page shows the same screen as markup before the app runs (server/src/app/pageData.ts).

/** sessionStorage key (the contract's; public/theme-init.js sets it too): set once the loading screen has been shown in this browser session. */
export const LOADING_SHOWN_KEY = BOOT_STORAGE_KEYS.loadingShown;
/** How long the loading screen stays (PRODUCT.md §9). */
const LOADING_SCREEN_MS = 1000;

function alreadyShown(): boolean {
  try {
    return sessionStorage.getItem(LOADING_SHOWN_KEY) !== null;
  } catch {
    return true; // storage blocked: never hold the user up
  }
}

/**
 * True for the first second of the first call in a browser session, false afterwards
 * and on every later visit (the flag lives in sessionStorage).
 */
export function useFirstVisitLoading(): boolean {
  const [loading, setLoading] = useState(() => !alreadyShown());

  useEffect(() => {
    if (!loading) return undefined;
    try {
      sessionStorage.setItem(LOADING_SHOWN_KEY, '1');
    } catch {
      // storage blocked: the screen simply shows again next time
    }
    const timer = setTimeout(() => setLoading(false), LOADING_SCREEN_MS);
    return () => clearTimeout(timer);
  }, [loading]);

  return loading;
}

/** A full-screen spinning logo (light or white variant by theme); motion is dropped for prefers-reduced-motion. */
export default function LoadingScreen() {
  const theme = useAppSelector((state) => state.theme.theme);
  return (
    <div className="spincrate-loading" role="status" aria-live="polite">
      <img
        className="spincrate-loading__logo"
        src={theme === 'light' ? '/logo-light.svg' : '/logo-white.svg'}
        alt="Spincrate"
        width={240}
        height={240}
      />
      <span className="visually-hidden">Loading your crate...</span>
    </div>
  );
}
