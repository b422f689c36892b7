/**
 * At the record shop without a connection (EXTENSIONS.md §9, issue 24): a crate of 2,000
 * records is synced into the browser's offline copy; with the server stopped for the page and
 * its service worker, a reload shows the crate from the copy with the chip "Offline copy ·
 * synced {time}", search narrows it, the barcode screen answers from the copy (a scanned
 * sleeve that is owned: "In your crate"; an unknown code is kept in the scans), and a spin is
 * logged ("Waiting to send"). With the server back the outbox is sent, and however often it is
 * flushed exactly one spin arrives; the kept scan is looked up. A logout leaves no offline
 * database and no cache of user data.
 *
 * The browser talks to a TCP relay in front of the app (support/relay.ts): stopping it is the
 * server gone for this browser (the service worker's requests included) while it keeps serving
 * the other journeys.
 */
import type { Page } from '@playwright/test';
import { checkScreen, expect, test } from '@/support/fixtures.js';
import { ean13Png } from '@/support/barcode.js';
import { coverGrid, navButton } from '@/support/ui.js';
import { Relay } from '@/support/relay.js';

/** How many records the crate holds besides the one with a barcode. */
const CRATE_SIZE = 2000;
/** The owned record's barcode (the fake MusicBrainz knows it: Dummy on LP). */
const OWNED_BARCODE = '0042282855312';
/** A valid EAN-13 that neither the crate, the wantlist nor the fake MusicBrainz knows. */
const UNKNOWN_BARCODE = '4006381333931';

/** A Discogs collection export of `count` albums (only the columns the import needs). */
function crateCsv(count: number): string {
  const rows = ['Catalog#,Artist,Title,Label,Format,Released'];
  for (let i = 1; i <= count; i += 1) {
    rows.push(`CAT-${i},Shop Artist ${i},Crate Album ${String(i).padStart(4, '0')},Label,"LP, Album",1990`);
  }
  return `${rows.join('\n')}\n`;
}

/**
 * The offline copy as the page's IndexedDB holds it: its records and when it was synced; null
 * while the database does not exist (never opened here first: that would create it empty).
 */
const copyState = (page: Page, userId: number) =>
  page.evaluate(async (name) => {
    const names = (await indexedDB.databases()).map((info) => info.name);
    if (!names.includes(name)) return null;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    try {
      if (!db.objectStoreNames.contains('meta')) return null;
      const tx = db.transaction(['meta', 'records', 'outbox'], 'readonly');
      const ask = <T>(request: IDBRequest<T>) =>
        new Promise<T>((resolve, reject) => {
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
      const meta = (await ask(tx.objectStore('meta').get('state'))) as
        { syncedAt: string | null } | undefined;
      return {
        syncedAt: meta?.syncedAt ?? null,
        records: await ask(tx.objectStore('records').count()),
        outbox: await ask(tx.objectStore('outbox').count()),
      };
    } finally {
      db.close();
    }
  }, `spincrate-offline-${userId}`);

/** The names of the offline databases this browser holds. */
const offlineDatabases = (page: Page) =>
  page.evaluate(async () =>
    (await indexedDB.databases())
      .map((info) => info.name ?? '')
      .filter((name) => name.startsWith('spincrate-offline-')),
  );

/** Whether the page's service worker is active and controls it. */
const controlled = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return registration?.active?.state === 'activated' && navigator.serviceWorker.controller !== null;
  });

/** What the app does when the connection comes back: `online` and the page becoming visible. */
const connectionBack = (page: Page) =>
  page.evaluate(() => {
    window.dispatchEvent(new Event('online'));
    document.dispatchEvent(new Event('visibilitychange'));
  });

test('at the record shop without a server: the crate, "In your crate", scans and a spin sent once', async ({
  page,
  seed,
  baseURL,
}) => {
  const me = await seed.user('shop');
  await me.importCsv(crateCsv(CRATE_SIZE));
  const owned = await me.request.post('/api/record/add', {
    data: {
      artist: 'Portishead',
      title: 'Dummy',
      mood: await me.moodId('Mellow'),
      barcode: OWNED_BARCODE,
    },
  });
  expect(owned.status()).toBe(201);
  const dummy = (await owned.json()) as { id: number };
  const total = CRATE_SIZE + 1;

  const relay = new Relay(new URL(baseURL!));
  await relay.start();
  try {
    await page.goto(`${relay.url}/home`);
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
    // The service worker in control first, so the signed-in page it gets next is remembered.
    await expect
      .poll(() => controlled(page), { message: 'the service worker controls the page', timeout: 60_000 })
      .toBe(true);
    const login = await page.context().request.post(`${relay.url}/api/user/login`, {
      data: { username: me.user.username, password: me.user.password },
    });
    expect(login.status()).toBe(200);
    await page.goto(`${relay.url}/user/profile`);
    const grid = coverGrid(page, me.user.username);
    await expect(grid.getByRole('img').first()).toBeVisible();
    await expect
      .poll(async () => (await copyState(page, me.user.id))?.records ?? 0, {
        message: 'the offline copy holds the whole crate',
        timeout: 120_000,
      })
      .toBe(total);
    await expect
      .poll(async () => (await copyState(page, me.user.id))?.syncedAt ?? null, {
        message: 'the copy was synced completely',
      })
      .not.toBeNull();

    // The server gone for the page and its service worker.
    await relay.stop();
    const started = await page.reload();
    await expect(page.getByText(/^Offline copy · synced \d/)).toBeVisible();
    await expect(grid.getByRole('img').first()).toBeVisible();
    // Newest first, as the server lists it: the record added last leads.
    await expect(grid.getByRole('img').first()).toHaveAttribute('alt', 'Dummy');
    // The service worker read that first screen from the copy itself and put it into the page.
    expect(started?.fromServiceWorker()).toBe(true);
    const firstScreen = JSON.parse(
      /<script type="application\/json" id="spincrate-offline-records">([^<]*)<\/script>/.exec(
        (await started?.text()) ?? '',
      )?.[1] ?? 'null',
    ) as { total: number; records: Array<{ title: string }> } | null;
    expect(firstScreen?.total).toBe(total);
    expect(firstScreen?.records.map((record) => record.title).slice(0, 1)).toEqual(['Dummy']);
    // The page the service worker started: marked as started offline, and naming the collection
    // screen's code (kept from the server's last collection page) in its head, to load at once.
    await expect(page.locator('meta[name="spincrate-start"]')).toHaveAttribute('content', 'offline');
    await expect(page.locator('head link[rel="modulepreload"][href^="/assets/CollectionPage-"]')).toHaveCount(
      1,
    );

    // Search works on the copy with the server's rules.
    await page.getByRole('searchbox', { name: 'Search records' }).fill('crate album 1234');
    await page.getByRole('button', { name: 'SEARCH' }).click();
    await expect(grid.getByRole('img')).toHaveCount(1);
    await expect(grid.getByRole('img').first()).toHaveAttribute('alt', 'Crate Album 1234');

    // A cover this device never kept (the kept covers deleted first, so nothing is left but the
    // service worker's precache): the fallback cover shows, not the browser's broken image.
    await page.evaluate(() => caches.delete('spincrate-covers'));
    // The service worker has it in its precache (a cold start's page has no image memory).
    expect(
      await page.evaluate(() =>
        fetch('/covers/fallback.svg', { cache: 'no-store' }).then(
          (response) => `${response.status} ${response.headers.get('content-type') ?? ''}`,
          () => 'not answered',
        ),
      ),
    ).toMatch(/^200 image\/svg\+xml/);
    const cover = grid.getByRole('img').first();
    await cover.evaluate((img: HTMLImageElement) => {
      img.removeAttribute('srcset');
      img.src = '/covers/0123456789abcdef0123456789abcdef-250.webp';
    });
    // API.md "Entities": the fallback cover is /covers/fallback.svg.
    await expect(cover).toHaveAttribute('src', '/covers/fallback.svg');
    await expect
      .poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
        message: 'the fallback cover has loaded without the server',
      })
      .toBe(true);

    // The barcode screen: a scanned sleeve that is owned (the decoder from the service worker).
    await page.goto(`${relay.url}/user/add`);
    await page.getByRole('button', { name: 'Scan barcode' }).click();
    const photo = page.getByLabel('Take or choose a photo');
    await expect(photo).toBeAttached();
    await photo.setInputFiles({
      name: `${OWNED_BARCODE}.png`,
      mimeType: 'image/png',
      buffer: await ean13Png(OWNED_BARCODE),
    });
    await expect(page.getByText('In your crate', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Dummy — Portishead' })).toHaveAttribute(
      'href',
      `/user/details/${dummy.id}`,
    );

    // An unknown code: not in the crate, checked against the whole copy, kept to look up.
    await page.getByLabel('Type the digits').fill(UNKNOWN_BARCODE);
    await page.getByRole('button', { name: 'Look up' }).click();
    await expect(
      page.getByText(new RegExp(`^Not in your crate \\(checked against ${total} records synced \\d`)),
    ).toBeVisible();
    const scans = page.getByRole('list', { name: '1 scan from today' });
    await expect(scans.getByRole('listitem')).toHaveText([`${UNKNOWN_BARCODE}Waiting for the connection`]);
    await checkScreen(page, 'offline-shop-answer');

    // A spin of a record picked from the copy waits in the outbox.
    await page.goto(`${relay.url}/spins/add`);
    await page.getByRole('spinbutton', { name: 'Hours' }).fill('0');
    await page.getByRole('spinbutton', { name: 'Minutes' }).fill('45');
    await page.getByRole('textbox', { name: 'Spin Details' }).fill('Listening booth at the shop');
    const records = page.getByRole('combobox', { name: 'Select Spun Records' });
    await records.click();
    await records.fill('Crate Album 0042');
    await page.getByRole('option', { name: 'Crate Album 0042 by Shop Artist 42' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'ADD SPIN' }).click();
    await expect(page).toHaveURL(/\/spins$/);
    await expect(page.getByText('Waiting to send')).toBeVisible();
    expect(await me.spins()).toEqual([]);

    // The server back: the outbox is sent; flushed again and again, one spin only.
    await relay.start();
    await connectionBack(page);
    await connectionBack(page);
    await expect(page.getByText('Waiting to send')).toHaveCount(0, { timeout: 60_000 });
    await expect
      .poll(async () => (await copyState(page, me.user.id))?.outbox ?? -1, { message: 'the outbox is empty' })
      .toBe(0);
    await connectionBack(page);
    await expect.poll(async () => (await me.spins()).length, { message: 'spins on the server' }).toBe(1);
    const [spin] = await me.spins();
    expect(spin?.spin_details).toBe('Listening booth at the shop');

    // The kept scan was looked up once the server answered.
    await page.goto(`${relay.url}/user/add`);
    await expect(scans.getByRole('listitem')).toHaveText([`${UNKNOWN_BARCODE}No pressing found`]);

    // A logout leaves no offline copy and no cache of user data.
    await navButton(page, 'LOG OUT');
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
    await expect.poll(() => offlineDatabases(page), { message: 'offline databases left' }).toEqual([]);
    await expect
      .poll(
        async () =>
          (await page.evaluate(() => caches.keys())).filter(
            (name) => !name.startsWith('spincrate-app-precache'),
          ),
        {
          message: 'caches of user data left',
        },
      )
      .toEqual([]);
  } finally {
    await relay.stop();
  }
});
