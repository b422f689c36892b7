/**
 * The installable app (EXTENSIONS.md §9, issue 24 item 1): Spincrate has a web app manifest
 * Chromium accepts for installing (its own installability check), its service worker takes control of the page, keeps the
 * app's code (the barcode decoder's WebAssembly included) and the covers a user saw, and the
 * app opens from it with the server unreachable (the network off for the page AND the
 * server gone for the worker: `setOffline` alone does not reach a service worker's
 * requests). Logging out deletes the cached covers.
 *
 * The browser talks to a TCP relay in front of the app (support/relay.ts), so the server
 * can be "stopped" for this browser while it keeps serving the other journeys.
 */
import type { Page } from '@playwright/test';
import { expect, imageHostUrl, setAlbumCover, test } from '@/support/fixtures.js';
import { coverGrid, expectImageLoaded, navButton } from '@/support/ui.js';
import { Relay } from '@/support/relay.js';

/** A thumbnail of Spincrate's own origin (API.md "Covers served by Spincrate"). */
const OWN_COVER = /\/covers\/[0-9a-f]{32}-(250|500)\.webp$/;

/** EXTENSIONS.md §11's banner while the server cannot be reached. */
const BANNER = "Can't reach Spincrate — retrying…";

/**
 * The state of the page's ready service worker (`navigator.serviceWorker.ready`, once one is
 * registered) and of the one controlling the page (null while none does).
 */
const serviceWorkerState = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    const ready = registration?.active ? (await navigator.serviceWorker.ready).active : null;
    return { ready: ready?.state ?? null, controller: navigator.serviceWorker.controller?.state ?? null };
  });

/** The names of the page's caches (Cache Storage). */
const cacheNames = (page: Page) => page.evaluate(() => caches.keys());

/** The URLs a cache holds, without creating it when it is missing (an empty list then). */
const cachedUrls = (page: Page, name: string) =>
  page.evaluate(async (cacheName) => {
    if (!(await caches.has(cacheName))) return [];
    const cache = await caches.open(cacheName);
    return (await cache.keys()).map((request) => request.url);
  }, name);

test('Spincrate installs, opens from its service worker without a network, and a logout deletes the cached covers', async ({
  page,
  seed,
  baseURL,
}, testInfo) => {
  // A record with Spincrate's own cover thumbnail, so there is a cover to keep.
  const me = await seed.user('pwa');
  const album = { artist: 'The Installers', title: `Offline Start ${testInfo.project.name}-${me.user.id}` };
  await setAlbumCover(album, `${imageHostUrl()}/pwa-${testInfo.project.name}-${me.user.id}.png`);
  await me.addRecord(album);
  await expect
    .poll(async () => (await me.records())[0]?.cover ?? null, {
      message: 'the record has its own thumbnails',
      timeout: 60_000,
    })
    .not.toBeNull();

  const relay = new Relay(new URL(baseURL!));
  await relay.start();
  try {
    // A visitor's first visit: the service worker installs (its precache filled) and takes control.
    await page.goto(`${relay.url}/home`);
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
    await expect
      .poll(() => serviceWorkerState(page), {
        message: 'the service worker is active and controls the page',
        timeout: 60_000,
      })
      .toEqual({ ready: 'activated', controller: 'activated' });

    // The manifest the page links: what an install uses.
    const manifest = await page.evaluate(async () => {
      const href = document.querySelector<HTMLLinkElement>('link[rel="manifest"]')?.href;
      if (!href) return null;
      const response = await fetch(href);
      return { type: response.headers.get('Content-Type'), body: (await response.json()) as unknown };
    });
    expect(manifest?.type).toMatch(/^application\/manifest\+json/);
    expect(manifest?.body).toMatchObject({
      name: 'Spincrate',
      display: 'standalone',
      start_url: '/user/profile',
    });
    const icons = (manifest?.body as { icons: Array<{ src: string; sizes: string; purpose?: string }> })
      .icons;
    expect(icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(icons.some((icon) => icon.sizes === '512x512' && (icon.purpose ?? '').includes('maskable'))).toBe(
      true,
    );
    for (const icon of icons) {
      const image = await page.request.get(new URL(icon.src, relay.url).href);
      expect(image.status(), icon.src).toBe(200);
      expect(image.headers()['content-type'], icon.src).toBe('image/png');
    }
    // Chromium's own installability check (the one Lighthouse's installable-manifest audit
    // read): nothing in the way but Playwright's incognito-like context, which Chromium
    // reports as well (a page without a manifest gets "no-manifest" beside it).
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([]);
    await cdp.detach();
    // The browser's own themes' colours: one per colour scheme.
    await expect(page.locator('meta[name="theme-color"][media*="light"]')).toHaveAttribute('content', /^#/);
    await expect(page.locator('meta[name="theme-color"][media*="dark"]')).toHaveAttribute('content', /^#/);

    // The barcode decoder's WebAssembly is kept with the app's code: the scanner works offline.
    const wasm = await page.evaluate(async () => {
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        const request = (await cache.keys()).find((r) => /\/assets\/zxing_reader-[^/]+\.wasm$/.test(r.url));
        if (!request) continue;
        const response = await caches.match(request.url);
        const bytes = new Uint8Array((await response?.arrayBuffer()) ?? new ArrayBuffer(0));
        return { cache: name, magic: Array.from(bytes.slice(0, 4)) };
      }
      return null;
    });
    expect(wasm, 'the decoder .wasm in the precache').not.toBeNull();
    expect(wasm?.magic, 'a WebAssembly module').toEqual([0x00, 0x61, 0x73, 0x6d]);

    // Signed in, the crate's cover goes through the service worker and is kept.
    const login = await page.context().request.post(`${relay.url}/api/user/login`, {
      data: { username: me.user.username, password: me.user.password },
    });
    expect(login.status()).toBe(200);
    await page.goto(`${relay.url}/user/profile`);
    const grid = coverGrid(page, me.user.username);
    const cover = grid.getByRole('img', { name: album.title, exact: true });
    await expectImageLoaded(cover);
    expect(await cover.evaluate((img) => (img as HTMLImageElement).currentSrc)).toMatch(OWN_COVER);
    await expect
      .poll(async () => (await cachedUrls(page, 'spincrate-covers')).some((url) => OWN_COVER.test(url)), {
        message: 'the cover is in the covers cache',
      })
      .toBe(true);

    // No network: the page is offline and the server is gone for the service worker too.
    await page.context().setOffline(true);
    await relay.stop();
    const offline = await page.reload();
    expect(offline?.fromServiceWorker(), 'the page came from the service worker').toBe(true);
    // The app, signed in as before, says it cannot reach the server (no browser error page).
    await expect(page.getByText(BANNER)).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Spincrate' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Login' })).toHaveCount(0);

    // Back online: the app carries on; a logout deletes the covers (the app's code stays).
    await relay.start();
    await page.context().setOffline(false);
    await page.goto(`${relay.url}/user/profile`);
    await expectImageLoaded(grid.getByRole('img', { name: album.title, exact: true }));
    await expect(page.getByText(BANNER)).toHaveCount(0);
    await navButton(page, 'LOG OUT');
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
    await expect
      .poll(() => cacheNames(page), { message: 'the caches after the logout' })
      .not.toContain('spincrate-covers');
    const left = await cacheNames(page);
    expect(left, 'no cache of user data left').not.toContain('spincrate-session');
    expect(left, "the app's code is kept").toContain(wasm!.cache);

    // Offline again after the logout: the app still opens, now as a visitor (the login screen).
    await page.context().setOffline(true);
    await relay.stop();
    const visitor = await page.reload();
    expect(visitor?.fromServiceWorker()).toBe(true);
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  } finally {
    await page.context().setOffline(false);
    await relay.stop();
  }
});
