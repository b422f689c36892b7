/**
 * The collection grid with a big crate (EXTENSIONS.md §1): only the covers near the
 * viewport are in the page, scrolling reaches the oldest record, every sort's first and
 * last cards, search over records not shown yet, Back from a record keeps the place,
 * and a reload keeps sort and search (they live in the URL query).
 */
import { expect, signIn, test } from '@/support/fixtures.js';
import { coverGrid, sortBy } from '@/support/ui.js';

const COUNT = 250;
const pad = (n: number) => String(n).padStart(3, '0');
/** Record n: added on day n (so 1 is the oldest), artist and title sort in opposite orders. */
const HEADER =
  'Catalog#,Artist,Title,Label,Format,Rating,Released,release_id,CollectionFolder,Date Added,Collection Media Condition,Collection Sleeve Condition,Collection Notes';
function crateCsv(): string {
  const rows = Array.from({ length: COUNT }, (_, i) => {
    const n = i + 1;
    const day = new Date(Date.UTC(2020, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
    return `CAT-${n},Artist ${pad(COUNT + 1 - n)},Album ${pad(n)},Label,LP,,2001,${n},Uncategorized,${day} 12:00:00,,,`;
  });
  return [HEADER, ...rows].join('\n');
}

/** What each sort puts first and last (API.md "Lists at scale"). */
const ENDS: Array<[string, string, string]> = [
  ['Newest Records', `Album ${pad(COUNT)}`, 'Album 001'],
  ['Oldest Records', 'Album 001', `Album ${pad(COUNT)}`],
  ['Artist [A-Z]', `Album ${pad(COUNT)}`, 'Album 001'],
  ['Artist [Z-A]', 'Album 001', `Album ${pad(COUNT)}`],
  ['Album [A-Z]', 'Album 001', `Album ${pad(COUNT)}`],
  ['Album [Z-A]', `Album ${pad(COUNT)}`, 'Album 001'],
];

/** Scrolls the page down (2,500 px a step: less than the rendered band, so no card is skipped) until `title`'s cover is in the grid. */
async function scrollUntilShown(
  page: import('@playwright/test').Page,
  grid: import('@playwright/test').Locator,
  title: string,
) {
  const cover = grid.getByRole('img', { name: title, exact: true });
  await expect
    .poll(
      async () => {
        if (await cover.count()) return true;
        await page.mouse.wheel(0, 2500);
        return false;
      },
      { message: `scrolled to ${title}`, intervals: [100], timeout: 150_000 },
    )
    .toBe(true);
  return cover;
}

test('a big crate: scrolling, sorts, search, Back and reload keep the view', async ({ page, seed }) => {
  // Seven scrolls through the whole crate: a long journey on a busy phone.
  test.slow();
  const me = await seed.user('grid');
  await me.importCsv(crateCsv());
  await signIn(page, me.user);
  const grid = coverGrid(page, me.user.username);
  await expect(page.getByText(`${COUNT} records`)).toBeVisible();
  await expect(grid.getByRole('img').first()).toHaveAttribute('alt', `Album ${pad(COUNT)}`);
  // Virtualized: far fewer cards in the page than records.
  expect(await grid.getByRole('img').count()).toBeLessThan(150);

  // Scrolling reaches the oldest record; the top cards have left the page.
  const oldest = await scrollUntilShown(page, grid, 'Album 001');
  await expect(oldest).toBeVisible();
  await expect(grid.getByRole('img', { name: `Album ${pad(COUNT)}`, exact: true })).toHaveCount(0);

  // Every sort's first and last cards.
  for (const [label, first, last] of ENDS) {
    await page.evaluate(() => window.scrollTo(0, 0));
    await sortBy(page, label);
    await expect(grid.getByRole('img').first()).toHaveAttribute('alt', first);
    await expect(await scrollUntilShown(page, grid, last)).toBeVisible();
  }

  // Search finds a record that was never shown in this order.
  await page.evaluate(() => window.scrollTo(0, 0));
  await sortBy(page, 'Newest Records');
  const search = page.getByRole('searchbox', { name: 'Search records' });
  await search.fill('Album 013');
  await page.getByRole('button', { name: 'SEARCH' }).click();
  await expect(grid.getByRole('img')).toHaveCount(1);
  await expect(grid.getByRole('img').first()).toHaveAttribute('alt', 'Album 013');
  await expect(page.getByText('1 records')).toBeVisible();
  await expect(page).toHaveURL(/search=Album(\+|%20)013/);

  // A reload keeps sort and search.
  await sortBy(page, 'Album [Z-A]');
  await expect(page).toHaveURL(/sort=title_desc/);
  await page.reload();
  await expect(page.getByRole('radio', { name: 'Album [Z-A]', exact: true })).toBeChecked();
  await expect(search).toHaveValue('Album 013');
  await expect(grid.getByRole('img')).toHaveCount(1);

  // Back from a record restores the list and the scroll place.
  await page.getByRole('button', { name: 'CLEAR' }).click();
  await expect(page.getByText(`${COUNT} records`)).toBeVisible();
  const target = await scrollUntilShown(page, grid, 'Album 100');
  await target.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(1000);
  await target.click();
  await expect(page.getByRole('heading', { name: 'Album 100' })).toBeVisible();
  await page.goBack();
  await expect(grid.getByRole('img', { name: 'Album 100', exact: true })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 400);
  await expect(page).toHaveURL(/sort=title_desc/);
});
