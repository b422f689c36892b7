/**
 * Journey 5, the blindbag (PRODUCT.md §2 "Blindbag", §4): draw from the spinning
 * record, redraw by clicking the cover, filter, clear, and leaving empties the bag.
 */
import type { Page } from '@playwright/test';
import { checkScreen, expect, signIn, test } from '../support/fixtures.js';
import { expectImageLoaded, navLink } from '../support/ui.js';

const RECORDS = [
  { artist: 'Miles Davis', title: 'Kind of Blue', mood: 'Mellow' },
  { artist: 'Fleetwood Mac', title: 'Rumours', mood: 'Nostalgic' },
  { artist: 'Daft Punk', title: 'Discovery', mood: 'Energetic' },
];
const CAPTIONS = RECORDS.map((r) => `${r.title} by ${r.artist}`);

/** Clicks `target` and waits for the draw it starts (GET /api/blindbag). @returns the search sent, '' when none */
async function drawWith(page: Page, click: () => Promise<void>): Promise<string> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === '/api/blindbag'),
    click(),
  ]);
  expect(response.status()).toBe(200);
  return new URL(response.url()).searchParams.get('search') ?? '';
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
  await expect(page.getByRole('button', { name: 'Filter', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Clear', exact: true })).toBeVisible();
  const caption = page.locator('figcaption');
  await expect(caption).toHaveCount(0);
  await checkScreen(page, 'blindbag');

  // First draw: a cover and "{title} by {artist}" of one of the records.
  expect(await drawWith(page, () => spinner.click())).toBe('');
  await expect(spinner).toHaveCount(0);
  await expect(caption).toHaveText(new RegExp(`^(${CAPTIONS.join('|')})$`));
  const drawn = (await caption.textContent())!;
  const cover = page.getByRole('img', { name: RECORDS[CAPTIONS.indexOf(drawn)]!.title, exact: true });
  await expectImageLoaded(cover);
  await checkScreen(page, 'blindbag-drawn');

  // Clicking the cover draws again (the server picks at random; several draws see more than one record).
  const seen = new Set([drawn]);
  for (let i = 0; i < 8 && seen.size < 2; i++) {
    await drawWith(page, () => page.getByRole('button', { name: /draw another record/ }).click());
    await expect(caption).toHaveText(new RegExp(`^(${CAPTIONS.join('|')})$`));
    seen.add((await caption.textContent())!);
  }
  expect(seen.size, 'redrawing by clicking the cover shows other records').toBeGreaterThan(1);

  // Filter: only what matches is drawn, also on the cover's redraw.
  await filter.fill('rumours');
  expect(await drawWith(page, () => page.getByRole('button', { name: 'Filter', exact: true }).click())).toBe(
    'rumours',
  );
  await expect(caption).toHaveText('Rumours by Fleetwood Mac');
  await expectImageLoaded(page.getByRole('img', { name: 'Rumours', exact: true }));
  expect(await drawWith(page, () => page.getByRole('button', { name: /draw another record/ }).click())).toBe(
    'rumours',
  );
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
  await expect(page.getByRole('heading', { name: 'spins', level: 1 })).toBeVisible();
  await navLink(page, 'Blind Bag');
  await expect(page).toHaveURL(/\/blindbag$/);
  await expect(page.getByRole('button', { name: 'Draw a random record' })).toBeVisible();
  await expect(caption).toHaveCount(0);
  await expect(filter).toHaveValue('');
});
