/** Applies the theme (PRODUCT.md §3, §4) to the page and keeps it across reloads. */
import { useEffect } from 'react';
import { useAppSelector } from '@/app/hooks';
import { THEME_STORAGE_KEY, type Theme } from './layout.slice';

/**
 * Puts the theme on the page: the body class `light`/`dark` (PRODUCT.md §3) and
 * Bootstrap's `data-bs-theme` on <html>, so react-bootstrap components and the
 * sweetalert2 popups (lib/alerts.ts) follow it.
 */
function applyTheme(theme: Theme) {
  document.body.classList.remove('light', 'dark');
  document.body.classList.add(theme);
  document.documentElement.setAttribute('data-bs-theme', theme);
}

/** Keeps the page in step with the theme slice and stores the choice in localStorage. */
export function useApplyTheme() {
  const theme = useAppSelector((state) => state.theme.theme);
  useEffect(() => {
    applyTheme(theme);
    try {
      localStorage.setItem(THEME_STORAGE_KEY, theme);
    } catch {
      // Storage unavailable (private mode): the theme still applies for this visit.
    }
  }, [theme]);
}
