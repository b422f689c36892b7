/**
 * Whether to show the one-time "Add to Home Screen" hint (EXTENSIONS.md §9: "On iPhone it shows
 * a one-time hint to add it to the Home Screen (where Safari keeps the data)"). Safari on iOS
 * and iPadOS may delete a site's storage — the offline copy included — after seven days
 * without a visit; an app added to the Home Screen keeps it. Loaded with the hint
 * (HomeScreenHint.tsx), which App loads on Apple devices only.
 */

/** localStorage key remembering that the hint was dismissed on this device (any user). */
const HOME_SCREEN_HINT_KEY = 'spincrate.homeScreenHint';

/**
 * Whether `nav` is Safari on an iPhone, iPod or iPad (iPadOS asks for desktop pages as
 * "Macintosh" with a touch screen). Other iOS browsers (Chrome `CriOS`, Firefox `FxiOS`, Edge
 * `EdgiOS`, Opera, Google's app) and in-app views have no `Version/…` or name themselves.
 */
function isIosSafari(nav: Pick<Navigator, 'userAgent' | 'maxTouchPoints'>): boolean {
  const ua = nav.userAgent;
  const apple = /\b(iPhone|iPad|iPod)\b/.test(ua) || (/\bMacintosh\b/.test(ua) && nav.maxTouchPoints > 1);
  const safari =
    /\bVersion\/[\d.]+.*\bSafari\//.test(ua) && !/\b(CriOS|FxiOS|EdgiOS|OPiOS|OPT|GSA|YaBrowser)\//.test(ua);
  return apple && safari;
}

/**
 * Whether the app runs from the Home Screen (Safari's `navigator.standalone`) or as an
 * installed app (`display-mode: standalone`).
 */
function isStandalone(win: Window): boolean {
  if ((win.navigator as Navigator & { standalone?: boolean }).standalone === true) return true;
  return typeof win.matchMedia === 'function' && win.matchMedia('(display-mode: standalone)').matches;
}

/**
 * Whether the hint is due: iOS Safari, not from the Home Screen, never dismissed here. False
 * when localStorage cannot be used (the hint could not be remembered).
 */
export function homeScreenHintDue(win: Window = window): boolean {
  if (!isIosSafari(win.navigator) || isStandalone(win)) return false;
  try {
    return win.localStorage.getItem(HOME_SCREEN_HINT_KEY) === null;
  } catch {
    return false;
  }
}

/** Remembers on this device that the hint was dismissed (never shown again). */
export function rememberHomeScreenHint(win: Window = window): void {
  try {
    win.localStorage.setItem(HOME_SCREEN_HINT_KEY, 'dismissed');
  } catch {
    // Storage unavailable: homeScreenHintDue is false there anyway.
  }
}
