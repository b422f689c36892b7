/**
 * Journey 2, building a crate (PRODUCT.md §2 collection, add, details, edit; §4 search
 * and sorting; §5 add/edit validation; §8 notices and confirmations): records added
 * through the form get their covers from the (fake) metadata service, every sort
 * option orders them, search and clear, details, edit, delete.
 */
import { checkScreen, expect, fakeBaseUrl, signIn, test } from '@/support/fixtures.js';
import {
  acknowledgeDeleted,
  confirmDeletion,
  coverGrid,
  dismissAttention,
  expectGridOrder,
  expectImageLoaded,
  expectPlaceholderFits,
  expectPopup,
  expectSorted,
  popup,
  sortBy,
} from '@/support/ui.js';

/** Added in this order, so "newest" is the reverse. Sigur Rós' accented title checks the locale comparison. */
const RECORDS = [
  { artist: 'Miles Davis', title: 'Kind of Blue', mood: 'Mellow', details: '2015 reissue, 180 g' },
  { artist: 'John Coltrane', title: 'Blue Train', mood: 'Groovy', details: '' },
  { artist: 'The Beatles', title: 'Abbey Road', mood: 'Happy', details: 'UK pressing' },
  { artist: 'Sigur Rós', title: 'Ágætis byrjun', mood: 'Dreamy', details: '' },
  { artist: 'Fleetwood Mac', title: 'Rumours', mood: 'Nostalgic', details: 'Gatefold' },
];

/** What each sort option must show (PRODUCT.md §2, §4: by date_added, artist or title, locale comparison). */
const ORDERS: Record<string, string[]> = {
  'Newest Records': ['Rumours', 'Ágætis byrjun', 'Abbey Road', 'Blue Train', 'Kind of Blue'],
  'Oldest Records': ['Kind of Blue', 'Blue Train', 'Abbey Road', 'Ágætis byrjun', 'Rumours'],
  'Artist [A-Z]': ['Rumours', 'Blue Train', 'Kind of Blue', 'Ágætis byrjun', 'Abbey Road'],
  'Artist [Z-A]': ['Abbey Road', 'Ágætis byrjun', 'Kind of Blue', 'Blue Train', 'Rumours'],
  'Album [A-Z]': ['Abbey Road', 'Ágætis byrjun', 'Blue Train', 'Kind of Blue', 'Rumours'],
  'Album [Z-A]': ['Rumours', 'Kind of Blue', 'Blue Train', 'Ágætis byrjun', 'Abbey Road'],
};

test('building a crate: add, covers, sort, search, details, edit, delete', async ({ page, seed }) => {
  const me = await seed.user('crate');
  const fakeUrl = fakeBaseUrl();
  await signIn(page, me.user);
  await expect(page.getByRole('heading', { name: `${me.user.username}'s crate` })).toBeVisible();

  // Add record: the form, then the missing-mood warning.
  await page.getByRole('link', { name: 'Add record' }).click();
  await expect(page).toHaveURL(/\/user\/add$/);
  const artist = page.getByRole('textbox', { name: 'Artist' });
  const title = page.getByRole('textbox', { name: 'Title' });
  const mood = page.getByRole('combobox', { name: 'Mood' });
  const details = page.getByRole('textbox', { name: /^Details/ });
  await expect(mood.locator('option').first()).toHaveText('Select Record Mood');
  await expect(mood.locator('option')).toHaveCount(21);
  await expect(page.getByRole('button', { name: 'ADD RECORD' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/user/profile');
  await checkScreen(page, 'add-record');

  await artist.fill(RECORDS[0]!.artist);
  await title.fill(RECORDS[0]!.title);
  await page.getByRole('button', { name: 'ADD RECORD' }).click();
  await expectPopup(page, { title: 'Attention!', text: 'Please fill form before submit' });
  await checkScreen(page, 'add-record-warning');
  await dismissAttention(page, 'Please fill form before submit');
  await expect(page).toHaveURL(/\/user\/add$/);
  await expect(artist).toHaveValue(RECORDS[0]!.artist);

  // Every record through the form: the success notice, then back on the crate.
  for (const [index, record] of RECORDS.entries()) {
    if (index > 0) {
      await page.getByRole('link', { name: 'Add record' }).click();
      await expect(page).toHaveURL(/\/user\/add$/);
    }
    await artist.fill(record.artist);
    await title.fill(record.title);
    await mood.selectOption({ label: record.mood });
    await details.fill(record.details);
    await page.getByRole('button', { name: 'ADD RECORD' }).click();
    await expect(popup(page, { text: 'The record has been added to your Spincrate' })).toBeVisible();
    await expect(page).toHaveURL(/\/user\/profile$/);
    // The notice closes itself after a second, with no button.
    await expect(popup(page, { text: 'The record has been added to your Spincrate' })).toBeHidden({
      timeout: 5000,
    });
    await expect(
      coverGrid(page, me.user.username).getByRole('img', { name: record.title, exact: true }),
    ).toBeVisible();
  }

  // The grid: one cover per record, alt text = title, images from the metadata service (the fake).
  const grid = coverGrid(page, me.user.username);
  await expect(grid.getByRole('img')).toHaveCount(RECORDS.length);
  for (const record of RECORDS) {
    const cover = grid.getByRole('img', { name: record.title, exact: true });
    await expect(cover).toHaveAttribute('src', new RegExp(`^${fakeUrl}/images/`));
    await expectImageLoaded(cover);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await checkScreen(page, 'collection');

  // Sorting, every option (default newest).
  await expectSorted(page, 'Newest Records');
  await expectGridOrder(grid, ORDERS['Newest Records']!);
  for (const [label, order] of Object.entries(ORDERS)) {
    await sortBy(page, label);
    await expectGridOrder(grid, order);
  }
  await sortBy(page, 'Newest Records');

  // Search: empty text warns, a search narrows the grid, CLEAR brings everything back.
  const search = page.getByPlaceholder('Search by Album, Artist, Tags, or Mood...');
  // The whole placeholder shows, on a phone too (375 px cut its "...").
  await expectPlaceholderFits(search);
  await expect(page.getByRole('button', { name: 'SEARCH' })).toHaveCount(0);
  await search.fill('   ');
  await page.getByRole('button', { name: 'SEARCH' }).click();
  await dismissAttention(page, 'Please submit something to search');
  await expect(grid.getByRole('img')).toHaveCount(RECORDS.length);

  await search.fill('blue');
  await page.getByRole('button', { name: 'SEARCH' }).click();
  await expectGridOrder(grid, ['Blue Train', 'Kind of Blue']);
  await expect(page.getByRole('button', { name: 'CLEAR' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'SEARCH' })).toHaveCount(0);
  // Sorting applies to the results too.
  await sortBy(page, 'Album [Z-A]');
  await expectGridOrder(grid, ['Kind of Blue', 'Blue Train']);
  await checkScreen(page, 'collection-search');
  await page.getByRole('button', { name: 'CLEAR' }).click();
  await expect(search).toHaveValue('');
  await expect(page.getByRole('button', { name: 'CLEAR' })).toHaveCount(0);
  await expectGridOrder(grid, ORDERS['Album [Z-A]']!);

  // By mood too (API.md: title, artist, tags or mood).
  await search.fill('nostalgic');
  await search.press('Enter');
  await expectGridOrder(grid, ['Rumours']);
  // Editing the text while searching returns to "not searching": SEARCH again.
  await search.fill('nostalgi');
  await expect(page.getByRole('button', { name: 'SEARCH' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'CLEAR' })).toHaveCount(0);
  await search.fill('');
  await expect(grid.getByRole('img')).toHaveCount(RECORDS.length);

  // Details of Kind of Blue.
  const kind = (await me.records()).find((r) => r.title === 'Kind of Blue')!;
  const tags = JSON.parse(kind.tags) as string[];
  expect(tags.length, 'the fake metadata service gave tags').toBeGreaterThan(0);
  await grid.getByRole('img', { name: 'Kind of Blue', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/user/details/${kind.id}$`));
  await expect(page.getByRole('heading', { name: 'Kind of Blue', level: 1 })).toBeVisible();
  await expect(page.getByText('Miles Davis', { exact: true })).toBeVisible();
  await expect(page.getByText('Mellow', { exact: true })).toBeVisible();
  await expect(page.getByText('2015 reissue, 180 g')).toBeVisible();
  for (const tag of tags)
    await expect(page.getByRole('list', { name: 'Tags' }).getByText(tag, { exact: true })).toBeVisible();
  const bigCover = page.getByRole('img', { name: 'Kind of Blue' });
  await expect(bigCover).toHaveAttribute('src', kind.coverart);
  await expectImageLoaded(bigCover);
  await expect(page.getByRole('link', { name: 'Edit' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete' })).toBeVisible();
  await checkScreen(page, 'record-details');

  // Edit: prefilled but the mood, which must be chosen again.
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(new RegExp(`/user/edit/${kind.id}$`));
  await expect(page.getByRole('heading', { name: 'edit Kind of Blue details' })).toBeVisible();
  await expect(artist).toHaveValue('Miles Davis');
  await expect(title).toHaveValue('Kind of Blue');
  await expect(details).toHaveValue('2015 reissue, 180 g');
  await expect(mood).toHaveValue('');
  await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', `/user/details/${kind.id}`);
  await checkScreen(page, 'edit-record');
  await details.fill('2015 reissue, 180 g, shrink-wrapped');
  await page.getByRole('button', { name: 'EDIT RECORD' }).click();
  await dismissAttention(page, 'Please fill form before submit');
  await expect(page).toHaveURL(new RegExp(`/user/edit/${kind.id}$`));
  await mood.selectOption({ label: 'Calm' });
  await page.getByRole('button', { name: 'EDIT RECORD' }).click();
  await expect(page).toHaveURL(new RegExp(`/user/details/${kind.id}$`));
  await expect(page.getByText('Calm', { exact: true })).toBeVisible();
  await expect(page.getByText('2015 reissue, 180 g, shrink-wrapped')).toBeVisible();
  await expect(page.getByText('Mellow', { exact: true })).toHaveCount(0);

  // Delete: cancel first (nothing happens), then confirm.
  await page.getByRole('button', { name: 'Delete' }).click();
  const confirm = await expectPopup(page, {
    title: 'Are you sure?',
    text: 'The record will be gone forever!',
  });
  await checkScreen(page, 'delete-record-confirm');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/user/details/${kind.id}$`));
  await page.getByRole('button', { name: 'Delete' }).click();
  await confirmDeletion(page, 'The record will be gone forever!');
  await expect(page).toHaveURL(/\/user\/profile$/);
  await acknowledgeDeleted(page, 'Your file has been deleted.');
  await expect(grid.getByRole('img')).toHaveCount(RECORDS.length - 1);
  await expect(grid.getByRole('img', { name: 'Kind of Blue', exact: true })).toHaveCount(0);
  expect((await me.records()).map((r) => r.title)).not.toContain('Kind of Blue');

  // Back to Home on the add screen returns to the crate.
  await page.getByRole('link', { name: 'Add record' }).click();
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/user\/profile$/);
});
