/**
 * Adding a record by its barcode (EXTENSIONS.md §4, API.md "Adding by barcode"): EAN-13
 * images are drawn at test time (bwip-js) and fed through "Take or choose a photo"; the
 * pressings found come from the fake MusicBrainz, whose catalogue has:
 * - Portishead "Dummy" LP, stored by MusicBrainz as the 12-digit UPC-A 042282855312 (an
 *   EAN-13 image of it reads 0042282855312);
 * - the Dummy CD, another release of the same release group: 0042282852229;
 * - two pressings of Miles Davis "Kind of Blue" sharing 5042980110039.
 * One more journey shows the barcode to Chromium's fake camera (a y4m file made from the
 * image). Decoding runs in the browser with the WebAssembly served by the app; every
 * request goes to the app or the fake services, nowhere else.
 */
import { chromium, type Page, type Request } from '@playwright/test';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { appBaseUrl, checkScreen, expect, fakeBaseUrl, signIn, test } from '@/support/fixtures.js';
import { ean13Png } from '@/support/barcode.js';
import { chromiumPath } from '@/support/locations.js';
import { expectImageLoaded } from '@/support/ui.js';

const DUMMY_LP = '0042282855312';
const DUMMY_CD = '0042282852229';
const KIND_OF_BLUE = '5042980110039';

/** Every request the page makes, to check that nothing goes to another site. */
function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request: Request) => urls.push(request.url()));
  return urls;
}

/**
 * The requests that went anywhere but the app and the fake metadata services (compared by
 * origin: scheme, host and port), e.g. a decoder fetched from a CDN or a cover from the
 * real Cover Art Archive.
 */
function foreignRequests(urls: string[]): string[] {
  const allowed = new Set([new URL(appBaseUrl()).origin, new URL(fakeBaseUrl()).origin]);
  return urls.filter((url) => {
    const { protocol, origin } = new URL(url);
    return !(protocol === 'data:' || protocol === 'blob:' || allowed.has(origin));
  });
}

/** The Cover Art Archive's (the fake's) 250 px front of some release, as the pressing list shows it. */
function isCoverOfRelease(src: string | null): boolean {
  const prefix = `${fakeBaseUrl()}/coverart/release/`;
  return (
    src !== null && src.startsWith(prefix) && /^[0-9a-f-]{36}\/front-250$/.test(src.slice(prefix.length))
  );
}

/**
 * Opens the scanner on /user/add and feeds it a photo of `digits`.
 * @param screenshot - the name of a screen check of the open scanner, if one is wanted
 */
async function scanPhoto(page: Page, digits: string, screenshot?: string): Promise<void> {
  const scan = page.getByRole('button', { name: 'Scan barcode' });
  await scan.click();
  const photo = page.getByLabel('Take or choose a photo');
  await expect(photo).toBeVisible();
  if (screenshot) {
    // No camera in this browser: the page says so, and the photo and the digits stay.
    await expect(page.getByText(/No camera here/)).toBeVisible();
    await checkScreen(page, screenshot);
  }
  await photo.setInputFiles({ name: `${digits}.png`, mimeType: 'image/png', buffer: await ean13Png(digits) });
}

test('scan a sleeve: pick a pressing, add it, and be told when it or another edition is owned', async ({
  page,
  seed,
}) => {
  const me = await seed.user('barcode');
  const requests = recordRequests(page);
  await signIn(page, me.user, '/user/add');
  await expect(page.getByRole('heading', { name: 'Add to crate' })).toBeVisible();
  // The scanner's code is not fetched until the scanner opens.
  expect(requests.filter((url) => /BarcodeScanner|barcodeDecoder|\.wasm/.test(url))).toEqual([]);

  // Two pressings share this barcode: both are listed.
  await scanPhoto(page, KIND_OF_BLUE, 'barcode-scanner');
  const pressings = page.getByRole('list', { name: `Pressings found for ${KIND_OF_BLUE}` });
  await expect(pressings.getByRole('listitem')).toHaveCount(2);
  await expect(pressings.getByRole('listitem').first()).toContainText('Kind of Blue — Miles Davis');
  await expect(pressings.getByRole('listitem').first()).toContainText('Columbia · CS 8163 · US · 12" Vinyl');
  await expect(pressings.getByRole('listitem').nth(1)).toContainText(
    'Sony Music · 88875061101 · XE · 2×12" Vinyl',
  );
  // Each pressing's thumbnail is the Cover Art Archive's 250 px front of that release (the
  // fake's); the pressing the archive has no cover for shows the app's fallback disc once the
  // archive has answered 404 (until then it asks for its own front too, so each is found in
  // its own item).
  const usCover = pressings.getByRole('listitem').first().getByRole('img', { name: 'Cover of Kind of Blue' });
  expect(isCoverOfRelease(await usCover.getAttribute('src'))).toBe(true);
  await expectImageLoaded(usCover);
  const euCover = pressings
    .getByRole('listitem')
    .nth(1)
    .getByRole('img', { name: 'No cover for Kind of Blue' });
  await expect(euCover).toHaveAttribute('src', '/covers/fallback.svg');
  await expectImageLoaded(euCover);
  await checkScreen(page, 'barcode-pressings');
  // The decoder's WebAssembly came from the app itself.
  // A request the service worker answers reaches the test at its end: waited for.
  await expect.poll(() => requests.filter((url) => url.endsWith('.wasm')).length).toBeGreaterThan(0);
  const wasm = requests.filter((url) => url.endsWith('.wasm'));
  for (const url of wasm) expect(new URL(url).origin).toBe(new URL(appBaseUrl()).origin);

  // The Dummy LP: stored by MusicBrainz as 12 digits, read from the sleeve as 13.
  await scanPhoto(page, DUMMY_LP);
  const dummy = page.getByRole('list', { name: `Pressings found for ${DUMMY_LP}` });
  await expect(dummy.getByRole('listitem')).toHaveCount(1);
  await dummy.getByRole('button', { name: /Choose/ }).click();
  await expect(page.getByLabel('Artist')).toHaveValue('Portishead');
  await expect(page.getByLabel('Title')).toHaveValue('Dummy');
  await expect(page.getByLabel(/Year/)).toHaveValue('1994');
  await expect(page.getByLabel(/Details/)).toHaveValue('Go! Beat · 828 553-1 · 12" Vinyl · GB');
  await expect(page.getByText('Already in your crate')).toHaveCount(0);
  await page.getByLabel('Mood').selectOption({ label: 'Mellow' });
  await page.getByRole('button', { name: 'ADD RECORD' }).click();
  await expect(page).toHaveURL(/\/user\/profile$/);
  const [added] = await me.records();
  expect(added).toMatchObject({ title: 'Dummy', artist: 'Portishead', barcode: DUMMY_LP, year: 1994 });
  expect(added!.mb_release_group_id).not.toBeNull();

  // The same sleeve again: already in the crate, with a link to it.
  await page.goto('/user/add');
  await scanPhoto(page, DUMMY_LP);
  await page
    .getByRole('list', { name: `Pressings found for ${DUMMY_LP}` })
    .getByRole('button', { name: /Choose/ })
    .click();
  await expect(page.getByText('Already in your crate')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Dummy — Portishead' })).toHaveAttribute(
    'href',
    `/user/details/${added!.id}`,
  );

  // Another edition of it: the CD.
  await scanPhoto(page, DUMMY_CD);
  await page
    .getByRole('list', { name: `Pressings found for ${DUMMY_CD}` })
    .getByRole('button', { name: /Choose/ })
    .click();
  await expect(page.getByText('You own another edition:')).toBeVisible();
  await expect(page.getByText('Already in your crate')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Dummy — Portishead' })).toHaveAttribute(
    'href',
    `/user/details/${added!.id}`,
  );
  await expect(page.getByLabel(/Details/)).toHaveValue('Go! Discs · 828 522-2 · CD · GB');

  expect(foreignRequests(requests)).toEqual([]);
});

/**
 * A y4m video (YUV 4:2:0, one grey frame) of the barcode image centred on white, for
 * Chromium's `--use-file-for-fake-video-capture`. The image is drawn by a browser canvas.
 */
async function barcodeY4m(page: Page, png: Buffer): Promise<Buffer> {
  const width = 640;
  const height = 480;
  const lumaBase64 = await page.evaluate(
    async ({ src, width, height }) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const ctx = canvas.getContext('2d')!;
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, width, height);
      const scale = Math.min((width * 0.85) / img.width, (height * 0.85) / img.height);
      const w = img.width * scale;
      const h = img.height * scale;
      ctx.drawImage(img, (width - w) / 2, (height - h) / 2, w, h);
      const rgba = ctx.getImageData(0, 0, width, height).data;
      let binary = '';
      for (let i = 0; i < rgba.length; i += 4) {
        const y = Math.round(0.299 * rgba[i]! + 0.587 * rgba[i + 1]! + 0.114 * rgba[i + 2]!);
        binary += String.fromCharCode(y);
      }
      return btoa(binary);
    },
    { src: `data:image/png;base64,${png.toString('base64')}`, width, height },
  );
  const luma = Buffer.from(lumaBase64, 'base64');
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  return Buffer.concat([header, Buffer.from('FRAME\n'), luma, chroma]);
}

test("the camera reads a barcode held up to it (Chromium's fake camera)", async ({
  page,
  seed,
}, testInfo) => {
  const me = await seed.user('camera');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'spincrate-camera-'));
  const video = path.join(dir, 'barcode.y4m');
  await writeFile(video, await barcodeY4m(page, await ean13Png(DUMMY_CD)));
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const { viewport, isMobile, hasTouch, userAgent, deviceScaleFactor } = testInfo.project.use;
    const context = await browser.newContext({
      baseURL: appBaseUrl(),
      viewport,
      isMobile,
      hasTouch,
      userAgent,
      deviceScaleFactor,
      locale: 'en-US',
      permissions: ['camera'],
    });
    const camPage = await context.newPage();
    const crashes: string[] = [];
    camPage.on('pageerror', (error) => crashes.push(error.message));
    const requests = recordRequests(camPage);
    await signIn(camPage, me.user, '/user/add');
    // Nothing is typed and no photo is given: only the camera can read the code.
    await camPage.getByRole('button', { name: 'Scan barcode' }).click();
    const found = camPage.getByRole('list', { name: `Pressings found for ${DUMMY_CD}` });
    await expect(found.getByRole('listitem')).toHaveCount(1);
    await expect(found).toContainText('Go! Discs · 828 522-2 · GB · CD');
    const cover = found.getByRole('img', { name: 'Cover of Dummy' });
    expect(isCoverOfRelease(await cover.getAttribute('src'))).toBe(true);
    await expectImageLoaded(cover);
    await checkScreen(camPage, 'barcode-camera-read');
    // The camera is let go once the code is read.
    await expect(camPage.getByLabel('Camera: point it at the barcode on the sleeve')).toHaveCount(0);
    expect(foreignRequests(requests)).toEqual([]);
    expect(crashes).toEqual([]);
    await context.close();
  } finally {
    await browser.close();
    await rm(dir, { recursive: true, force: true });
  }
});
