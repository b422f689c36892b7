/**
 * The one-time "Add to Home Screen" hint (EXTENSIONS.md §9: "On iPhone it shows a one-time
 * hint to add it to the Home Screen (where Safari keeps the data)"): shown to a signed-in
 * user of Safari on an iPhone that is not running from the Home Screen, never taking the
 * focus; dismissed with Got it, its × or Escape, and then never shown again on this device;
 * not shown in standalone mode, in other browsers, or signed out. The browser is told apart by
 * its user agent (set on jsdom's navigator per test).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import App from '@/app/App';
import { renderApp, signedIn } from '@/test/render';

/** Safari 17 on an iPhone. */
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
/** Safari on an iPad asking for desktop pages: "Macintosh", with a touch screen. */
const IPAD_SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
/** Chrome on an iPhone (WebKit too, but not Safari). */
const IPHONE_CHROME =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1';
/** Firefox on an iPhone. */
const IPHONE_FIREFOX =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/127.0 Mobile/15E148 Safari/605.1.15';
/** Chrome on Android. */
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

const HINT = 'Add Spincrate to your Home Screen';

/** Sets what the browser says of itself: its user agent, touch points and Safari's `standalone`. */
function browser(userAgent: string, options: { touchPoints?: number; standalone?: boolean } = {}) {
  Object.defineProperty(navigator, 'userAgent', { value: userAgent, configurable: true });
  Object.defineProperty(navigator, 'maxTouchPoints', { value: options.touchPoints ?? 5, configurable: true });
  if (options.standalone !== undefined)
    Object.defineProperty(navigator, 'standalone', { value: options.standalone, configurable: true });
}

// The hint's module loaded before any test: where it is due, it shows as soon as the app
// renders, so a test that finds the screen without it knows it was not due.
beforeAll(async () => {
  await import('./HomeScreenHint');
});

let displayModeStandalone = false;
const realMatchMedia = window.matchMedia;

afterEach(() => {
  for (const name of ['userAgent', 'maxTouchPoints', 'standalone']) Reflect.deleteProperty(navigator, name);
  window.matchMedia = realMatchMedia;
  displayModeStandalone = false;
});

/** What `display-mode: standalone` answers (an installed app), everything else as jsdom's stand-in. */
function withDisplayMode() {
  window.matchMedia = (query: string) => ({
    ...realMatchMedia(query),
    matches: query === '(display-mode: standalone)' ? displayModeStandalone : false,
  });
}

/** The whole app signed in on a public screen; resolves once the screen shows. */
async function start(state = signedIn()) {
  const result = renderApp({ route: '/about', ui: <App configLoaded />, state });
  expect(await screen.findByRole('heading', { name: 'about' })).toBeInTheDocument();
  return result;
}

describe('the "Add to Home Screen" hint', () => {
  it('shows on iPhone Safari without taking the focus, and Got it closes it for good', async () => {
    browser(IPHONE_SAFARI);
    const first = await start();
    const hint = await screen.findByRole('region', { name: HINT });
    expect(hint).toHaveTextContent('Add to Home Screen');
    expect(hint).toHaveTextContent('Share');
    expect(hint).not.toContainElement(document.activeElement as HTMLElement);
    expect(screen.getAllByRole('region', { name: HINT })).toHaveLength(1);

    await userEvent.click(within(hint).getByRole('button', { name: 'Got it' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: HINT })).not.toBeInTheDocument());

    // The next start on this device: not again.
    first.unmount();
    await start();
    expect(screen.queryByRole('region', { name: HINT })).not.toBeInTheDocument();
  });

  it('is shown again at the next start until it is dismissed', async () => {
    browser(IPHONE_SAFARI);
    const first = await start();
    expect(await screen.findByRole('region', { name: HINT })).toBeInTheDocument();
    first.unmount();
    await start();
    expect(await screen.findByRole('region', { name: HINT })).toBeInTheDocument();
  });

  it('is reached with the keyboard; Escape closes it and the focus goes to the content', async () => {
    browser(IPAD_SAFARI, { touchPoints: 5 });
    const first = await start();
    const hint = await screen.findByRole('region', { name: HINT });
    const gotIt = within(hint).getByRole('button', { name: 'Got it' });
    const close = within(hint).getByRole('button', { name: 'Close' });
    // Both buttons are in the tab order.
    close.focus();
    await userEvent.tab();
    expect(gotIt).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('region', { name: HINT })).not.toBeInTheDocument());
    expect(document.getElementById('content')).toHaveFocus();
    first.unmount();
    await start();
    expect(screen.queryByRole('region', { name: HINT })).not.toBeInTheDocument();
  });

  it('closes with its × too, remembered', async () => {
    browser(IPHONE_SAFARI);
    const first = await start();
    const hint = await screen.findByRole('region', { name: HINT });
    await userEvent.click(within(hint).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: HINT })).not.toBeInTheDocument());
    first.unmount();
    await start();
    expect(screen.queryByRole('region', { name: HINT })).not.toBeInTheDocument();
  });

  it('is not shown when the app runs from the Home Screen (navigator.standalone)', async () => {
    browser(IPHONE_SAFARI, { standalone: true });
    await start();
    expect(screen.queryByRole('region', { name: HINT })).not.toBeInTheDocument();
  });

  it('is not shown in an installed app (display-mode: standalone)', async () => {
    browser(IPHONE_SAFARI, { standalone: false });
    displayModeStandalone = true;
    withDisplayMode();
    await start();
    expect(screen.queryByRole('region', { name: HINT })).not.toBeInTheDocument();
  });

  it.each([
    ['Chrome on iPhone', IPHONE_CHROME, 5],
    ['Firefox on iPhone', IPHONE_FIREFOX, 5],
    ['Chrome on Android', ANDROID_CHROME, 5],
    ['Safari on a Mac without touch', IPAD_SAFARI, 0],
  ])('is not shown in %s', async (_name, userAgent, touchPoints) => {
    browser(userAgent, { touchPoints });
    await start();
    expect(screen.queryByRole('region', { name: HINT })).not.toBeInTheDocument();
  });

  it('is not shown signed out', async () => {
    browser(IPHONE_SAFARI);
    await start({ user: { user: {}, status: 'succeeded' } } as unknown as ReturnType<typeof signedIn>);
    expect(screen.queryByRole('region', { name: HINT })).not.toBeInTheDocument();
  });
});
