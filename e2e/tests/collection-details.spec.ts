/**
 * Journey: what a collector records about a copy (issue 22 items 1 and 3, EXTENSIONS.md §5,
 * API.md "Collection details"): on a record's edit form, open the collapsible "Collection
 * details", rate it by keyboard, set its grades, price and folder, save and see them on the
 * record's details; then filter the crate by that folder (kept in the URL) and sort it
 * **Top Rated**: the rated record comes first. Both themes, axe on every screen.
 */
import { checkScreen, expect, signIn, test } from '@/support/fixtures.js';
import { coverGrid, expectGridOrder, expectSorted, navButton, sortBy } from '@/support/ui.js';

test('collection details: grade, price, folder and a keyboard rating; filter by the folder, sort Top Rated', async ({
  page,
  seed,
}) => {
  const me = await seed.user('collector');
  const mood = await me.moodId('Mellow');
  // Added oldest first: newest first the crate reads Dummy, A Love Supreme, Kind of Blue, Blue.
  const blue = await me.addRecord({ artist: 'Joni Mitchell', title: 'Blue', details: 'LP' });
  const kind = await me.addRecord({ artist: 'Miles Davis', title: 'Kind of Blue', details: 'LP' });
  const supreme = await me.addRecord({ artist: 'John Coltrane', title: 'A Love Supreme', details: 'LP' });
  await me.addRecord({ artist: 'Portishead', title: 'Dummy', details: 'LP' });
  // Blue is the best rated of the crate, but in another folder; A Love Supreme is unrated.
  for (const [record, extra] of [
    [blue, { folder: 'Folk', rating: 5 }],
    [supreme, { folder: 'Jazz' }],
  ] as const) {
    const edited = await me.request.put('/api/record/edit', {
      data: { id: record.id, artist: record.artist, title: record.title, mood, details: 'LP', ...extra },
    });
    expect(edited.status(), `collection details of ${record.title}: ${await edited.text()}`).toBe(200);
  }
  const grid = coverGrid(page, me.user.username);

  // From the crate to the record, then to its edit form.
  await signIn(page, me.user);
  await expectGridOrder(grid, ['Dummy', 'A Love Supreme', 'Kind of Blue', 'Blue']);
  await grid.getByRole('img', { name: 'Kind of Blue', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/user/details/${kind.id}$`));
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { name: 'edit Kind of Blue details' })).toBeVisible();
  await page.getByLabel('Mood').selectOption({ label: 'Mellow' });

  // The collapsible part opens from the keyboard, and the stars are rated with it too.
  const part = page.locator('summary', { hasText: 'Collection details' });
  await part.focus();
  await page.keyboard.press('Enter');
  const rating = page.getByRole('group', { name: 'Rating' });
  await expect(rating).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(rating.getByRole('radio', { name: '1 star', exact: true })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(rating.getByRole('radio', { name: '1 star', exact: true })).toBeChecked();
  for (let i = 0; i < 3; i += 1) await page.keyboard.press('ArrowRight');
  await expect(rating.getByRole('radio', { name: '4 stars', exact: true })).toBeChecked();
  await expect(rating.getByRole('radio', { name: '4 stars', exact: true })).toBeFocused();

  await page.getByLabel('Folder').fill('Jazz');
  await page.getByLabel('Media condition').selectOption('Near Mint (NM or M-)');
  await page.getByLabel('Sleeve condition').selectOption('Very Good Plus (VG+)');
  await page.getByLabel('Price').fill('24.99');
  await page.getByLabel('Currency').selectOption('EUR');
  await checkScreen(page, 'edit-collection-details');
  await navButton(page, 'DARK MODE');
  await expect(page.locator('body')).toHaveClass(/\bdark\b/);
  // The form keeps what was typed across the theme switch.
  await expect(page.getByLabel('Price')).toHaveValue('24.99');
  await checkScreen(page, 'edit-collection-details');
  await page.getByRole('button', { name: 'EDIT RECORD' }).click();

  // The details view shows what was set.
  await expect(page).toHaveURL(new RegExp(`/user/details/${kind.id}$`));
  const fact = (name: string) =>
    page.locator('dt', { hasText: new RegExp(`^${name}$`) }).locator('xpath=following-sibling::dd[1]');
  // The rating as stars, read out as "4 of 5 stars".
  await expect(fact('Rating').getByRole('img', { name: '4 of 5 stars' })).toHaveText('★★★★☆');
  for (const [name, value] of [
    ['Folder', 'Jazz'],
    ['Media condition', 'Near Mint (NM or M-)'],
    ['Sleeve condition', 'Very Good Plus (VG+)'],
    ['Price', '24.99 EUR'],
  ] as const) {
    await expect(fact(name)).toHaveText(value);
  }
  await checkScreen(page, 'record-collection-details');
  const [stored] = (await me.records()).filter((r) => r.id === kind.id);
  expect(stored).toMatchObject({
    rating: 4,
    folder: 'Jazz',
    media_condition: 'Near Mint (NM or M-)',
    sleeve_condition: 'Very Good Plus (VG+)',
    price: { amount: '24.99', currency: 'EUR' },
  });

  // The crate filtered by that folder; the folder stays in the URL.
  await page.goto('/user/profile');
  await expectGridOrder(grid, ['Dummy', 'A Love Supreme', 'Kind of Blue', 'Blue']);
  const folder = page.getByRole('combobox', { name: 'Folder' });
  await expect(folder.getByRole('option')).toHaveText(['All folders', 'Folk (1)', 'Jazz (2)']);
  await folder.selectOption({ label: 'Jazz (2)' });
  await expect(page).toHaveURL(/[?&]folder=Jazz(&|$)/);
  await expectGridOrder(grid, ['A Love Supreme', 'Kind of Blue']);

  // Top Rated: the rated record first, the unrated after it; still only that folder.
  await sortBy(page, 'Top Rated');
  await expectGridOrder(grid, ['Kind of Blue', 'A Love Supreme']);
  await expect(page).toHaveURL(/[?&]folder=Jazz(&|$)/);
  await expect(folder).toHaveValue('Jazz');
  await checkScreen(page, 'collection-top-rated');

  // A reload keeps the folder; Top Rated over every folder puts Blue (5 stars) first.
  await page.reload();
  await expect(folder).toHaveValue('Jazz');
  await expectGridOrder(grid, ['Kind of Blue', 'A Love Supreme']);
  await folder.selectOption({ label: 'All folders' });
  await expect(page).not.toHaveURL(/[?&]folder=/);
  await expectSorted(page, 'Top Rated');
  await expectGridOrder(grid, ['Blue', 'Kind of Blue', 'Dummy', 'A Love Supreme']);
  await navButton(page, 'LIGHT MODE');
  await expect(page.locator('body')).not.toHaveClass(/\bdark\b/);
  await checkScreen(page, 'collection-top-rated');
});
