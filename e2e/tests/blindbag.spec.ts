/**
 * Journey 5, the blindbag (PRODUCT.md §2 "Blindbag", §4): draw from the spinning
 * record, redraw by clicking the cover, filter, clear, and leaving empties the bag.
 */
import type { Page } from '@playwright/test';
import { checkScreen, expect, signIn, test } from '@/support/fixtures.js';
import { expectImageLoaded, expectPlaceholderFits, navLink } from '@/support/ui.js';

const RECORDS = [
  { artist: 'Miles Davis', title: 'Kind of Blue', mood: 'Mellow' },
  { artist: 'Fleetwood Mac', title: 'Rumours', mood: 'Nostalgic' },
  { artist: 'Daft Punk', title: 'Discovery', mood: 'Energetic' },
];
const CAPTIONS = RECORDS.map((r) => `${r.title} by ${r.artist}`);

/** What one draw asked for and got. */
interface Draw {
  /** The search sent, '' when none. */
  search: string;
  /** "{title} by {artist}" of the record the server drew. */
  caption: string;
}

/**
 * Runs `action` and waits for the draw it starts (GET /api/blindbag).
 * @returns the search sent and the caption of the drawn record (to wait for on screen:
 *   the previous draw's caption may still be showing when the response arrives)
 */
async function drawWith(page: Page, action: () => Promise<void>): Promise<Draw> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === '/api/blindbag'),
    action(),
  ]);
  expect(response.status()).toBe(200);
  const record = (await response.json()) as { title: string; artist: string };
  return {
    search: new URL(response.url()).searchParams.get('search') ?? '',
    caption: `${record.title} by ${record.artist}`,
  };
}

test('the blindbag: draw, redraw on the cover, filter, clear, and an undrawn bag after leaving', async ({
  page,
  seed,
}) => {
  const me = await seed.user('bag');
  for (const record of RECORDS) await me.addRecord(record);
  await signIn(page, me.user, '/blindbag');

  // Not drawn yet: the spinning record and the filter, no record.
  await expect(page.getByRole('heading', { name: 'blindbag', level: 1 })).toBeVisible();
  const spinner = page.getByRole('button', { name: 'Draw a random record' });
  await expect(spinner).toBeVisible();
  const filter = page.getByPlaceholder('Filter by title, artist, tags, or mood...');
  await expect(filter).toHaveValue('');
  // The whole placeholder can be read, on a phone too (it was cut after "tags" at 375 px).
  await expectPlaceholderFits(filter);
  await expect(page.getByRole('button', { name: 'Filter', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Clear', exact: true })).toBeVisible();
  const caption = page.locator('figcaption');
  await expect(caption).toHaveCount(0);
  await checkScreen(page, 'blindbag');

  // First draw, by keyboard: a cover and "{title} by {artist}" of one of the records. The
  // pressed record icon goes away; the focus moves to the cover, which draws again.
  await spinner.focus();
  const first = await drawWith(page, () => page.keyboard.press('Enter'));
  expect(first.search).toBe('');
  expect(CAPTIONS).toContain(first.caption);
  await expect(spinner).toHaveCount(0);
  await expect(caption).toHaveText(first.caption);
  const cover = page.getByRole('img', { name: RECORDS[CAPTIONS.indexOf(first.caption)]!.title, exact: true });
  await expectImageLoaded(cover);
  const redraw = page.getByRole('button', { name: /draw another record/ });
  await expect(redraw).toBeFocused();
  await checkScreen(page, 'blindbag-drawn');

  // Clicking the cover draws again (the server picks at random; several draws see more than one record).
  const seen = new Set([first.caption]);
  for (let i = 0; i < 8 && seen.size < 2; i++) {
    const next = await drawWith(page, () => redraw.click());
    await expect(caption).toHaveText(next.caption);
    seen.add(next.caption);
  }
  expect(seen.size, 'redrawing by clicking the cover shows other records').toBeGreaterThan(1);

  // Filter: only what matches is drawn, also on the cover's redraw.
  await filter.fill('rumours');
  expect(
    (await drawWith(page, () => page.getByRole('button', { name: 'Filter', exact: true }).click())).search,
  ).toBe('rumours');
  await expect(caption).toHaveText('Rumours by Fleetwood Mac');
  await expectImageLoaded(page.getByRole('img', { name: 'Rumours', exact: true }));
  expect((await drawWith(page, () => redraw.click())).search).toBe('rumours');
  await expect(caption).toHaveText('Rumours by Fleetwood Mac');
  // By mood too.
  await filter.fill('energetic');
  await drawWith(page, () => filter.press('Enter'));
  await expect(caption).toHaveText('Discovery by Daft Punk');
  await checkScreen(page, 'blindbag-filtered');

  // Clear only empties the text: the drawn record stays.
  await page.getByRole('button', { name: 'Clear', exact: true }).click();
  await expect(filter).toHaveValue('');
  await expect(caption).toHaveText('Discovery by Daft Punk');

  // Leaving clears the bag and the filter.
  await filter.fill('blue');
  await navLink(page, 'Spins');
  await expect(page).toHaveURL(/\/spins$/);
  // After a navigation the focus is on the new screen's heading, and the tab names the screen.
  await expect(page.getByRole('heading', { name: 'spins', level: 1 })).toBeFocused();
  await expect(page).toHaveTitle('Spins · Spincrate');
  await navLink(page, 'Blind Bag');
  await expect(page).toHaveURL(/\/blindbag$/);
  await expect(page.getByRole('heading', { name: 'blindbag', level: 1 })).toBeFocused();
  await expect(page).toHaveTitle('Blind Bag · Spincrate');
  await expect(page.getByRole('button', { name: 'Draw a random record' })).toBeVisible();
  await expect(caption).toHaveCount(0);
  await expect(filter).toHaveValue('');
});
