/**
 * Covers served by Spincrate (API.md "Covers served by Spincrate", issue 27): once the cover
 * worker has made a record's or a want's thumbnails (`cover`), the browser makes no request
 * to the image host any more: the grid, a record's details, the wantlist and the add-spin
 * picker load Spincrate's own `/covers/{key}-{250|500}.webp`. The covers come from a fake
 * image host on 127.0.0.1 with a port of its own (another origin, like a real cover host);
 * every request the page makes is logged. A record whose cover is refused (over 6,000 px
 * on a side) still shows its `coverart` from the image host: the log does see that host.
 */
import type { Want } from '@spincrate/contract';
import { expect, imageHostUrl, setAlbumCover, signIn, test } from '@/support/fixtures.js';
import { coverGrid, expectImageLoaded } from '@/support/ui.js';

/** A thumbnail of Spincrate's own origin. */
const OWN_COVER = /\/covers\/[0-9a-f]{32}-(250|500)\.webp$/;

test('once records and wants have cover, the browser asks the image host for nothing', async ({
  page,
  seed,
}, testInfo) => {
  const me = await seed.user('covers');
  const host = imageHostUrl();
  // Album names of this test and project only: the fake's scenarios are shared by the run.
  const tag = `${testInfo.project.name}-${me.user.id}`;
  const albums = [1, 2, 3].map((n) => ({ artist: 'The Own Covers', title: `Own Cover ${n} ${tag}` }));
  const tooWide = { artist: 'The Own Covers', title: `Too Wide ${tag}` };
  const wanted = { artist: 'The Own Covers', title: `Wanted Cover ${tag}` };
  for (const [i, album] of albums.entries()) await setAlbumCover(album, `${host}/own-${tag}-${i}.png`);
  await setAlbumCover(tooWide, `${host}/too-wide-${tag}.png`);
  await setAlbumCover(wanted, `${host}/wanted-${tag}.png`);

  const records = [];
  for (const album of [...albums, tooWide]) records.push(await me.addRecord(album));
  // The records' sources are on the image host (another origin).
  for (const record of records) expect(record.coverart.startsWith(`${host}/`)).toBe(true);
  const addedWant = await me.request.post('/api/want/add', { data: wanted });
  expect(addedWant.status()).toBe(201);

  // The cover worker fetches them in the background: wait until every one has `cover`.
  await expect
    .poll(
      async () =>
        (await me.records())
          .filter((r) => r.cover !== null)
          .map((r) => r.title)
          .sort(),
      { message: 'records with their own thumbnails', timeout: 60_000 },
    )
    .toEqual(albums.map((a) => a.title).sort());
  await expect
    .poll(async () => ((await (await me.request.get('/api/want')).json()) as Want[])[0]?.cover ?? null, {
      message: "the want's own thumbnails",
      timeout: 60_000,
    })
    .not.toBeNull();

  // Every request of the browser from here on.
  const toImageHost: string[] = [];
  const ownCovers: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (url.startsWith(`${host}/`)) toImageHost.push(new URL(url).pathname);
    if (OWN_COVER.test(url)) ownCovers.push(url);
  });
  const currentSrc = (image: ReturnType<typeof page.getByRole>) =>
    image.evaluate((img) => (img as HTMLImageElement).currentSrc);

  // The collection grid.
  await signIn(page, me.user);
  const grid = coverGrid(page, me.user.username);
  for (const album of albums) {
    const cover = grid.getByRole('img', { name: album.title, exact: true });
    await expectImageLoaded(cover);
    expect(await currentSrc(cover)).toMatch(OWN_COVER);
  }
  // The refused one (cover: null) shows its coverart: the log sees the image host.
  await expectImageLoaded(grid.getByRole('img', { name: tooWide.title, exact: true }));
  await expect.poll(() => toImageHost).toContain(`/too-wide-${tag}.png`);

  // A record's details.
  await grid.getByRole('img', { name: albums[0]!.title, exact: true }).click();
  await expect(page.getByRole('heading', { name: albums[0]!.title })).toBeVisible();
  const large = page.getByRole('img', { name: albums[0]!.title, exact: true });
  await expectImageLoaded(large);
  expect(await currentSrc(large)).toMatch(OWN_COVER);

  // The wantlist.
  await page.goto('/wants');
  const wantCover = page.getByRole('img', { name: `Cover of ${wanted.title}` });
  await expectImageLoaded(wantCover);
  expect(await currentSrc(wantCover)).toMatch(OWN_COVER);

  // The add-spin picker's thumbnails.
  await page.goto('/spins/add');
  await page.getByLabel('Select Spun Records').click();
  for (const album of albums) {
    const thumbnail = page.getByRole('option', { name: `${album.title} by ${album.artist}` }).locator('img');
    await expectImageLoaded(thumbnail);
    expect(await currentSrc(thumbnail)).toMatch(OWN_COVER);
  }

  // A request the service worker answers reaches the test at its end: waited for.
  await expect.poll(() => ownCovers.length).toBeGreaterThan(0);
  // Nothing but the refused cover was asked of the image host.
  expect(toImageHost.filter((path) => path !== `/too-wide-${tag}.png`)).toEqual([]);
});
