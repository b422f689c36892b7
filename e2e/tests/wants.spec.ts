/**
 * The wantlist (EXTENSIONS.md §6, API.md "Wantlist"; issue 22 item 5): add a want by its
 * barcode (a photo through the scanner of "Add a want"), see which friend owns it, find it
 * "On your wantlist" when the sleeve's barcode is looked up on /user/add, and **Got it**
 * moves it into the crate and opens the new record. The pressings come from the fake
 * MusicBrainz: Portishead "Dummy" LP, 0042282855312.
 */
import { checkScreen, expect, signIn, test } from '@/support/fixtures.js';
import { ean13Png } from '@/support/barcode.js';
import { navButton, navLink } from '@/support/ui.js';

const DUMMY_LP = '0042282855312';

test('add a want, see "{friend} owns it", find it on the barcode screen and Got it into the crate', async ({
  page,
  seed,
}) => {
  const me = await seed.user('wanter');
  const sam = await seed.user('sam');
  await me.addFriend(sam.user);
  const samsCopy = await sam.addRecord({ artist: 'Portishead', title: 'dummy' });

  await signIn(page, me.user, '/wants');
  await expect(page.getByRole('heading', { name: 'Wantlist' })).toBeVisible();
  await expect(page.getByText('Your wantlist is empty.')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Priority' })).toBeChecked();

  // Add a want: like add record, no mood.
  await page.getByRole('link', { name: 'Add a want' }).click();
  await expect(page.getByRole('heading', { name: 'Add a want' })).toBeVisible();
  // By barcode, scanned as on /user/add (a photo of the sleeve's EAN-13: this browser has no
  // camera): the pressing found fills the form and keeps its release.
  await page.getByRole('button', { name: 'Scan barcode' }).click();
  const photo = page.getByLabel('Take or choose a photo');
  await expect(page.getByText(/No camera here/)).toBeVisible();
  await checkScreen(page, 'want-add-scanner');
  await photo.setInputFiles({
    name: `${DUMMY_LP}.png`,
    mimeType: 'image/png',
    buffer: await ean13Png(DUMMY_LP),
  });
  await expect(page.getByLabel('Type the digits')).toHaveValue(DUMMY_LP);
  await page
    .getByRole('list', { name: `Pressings found for ${DUMMY_LP}` })
    .getByRole('button', { name: /Choose/ })
    .click();
  await expect(page.getByLabel('Artist')).toHaveValue('Portishead');
  await expect(page.getByLabel('Title')).toHaveValue('Dummy');
  await expect(page.getByLabel('Barcode (optional)')).toHaveValue(DUMMY_LP);
  await page.getByLabel('Priority').selectOption('1');
  await page.getByLabel('Amount').fill('30');
  await checkScreen(page, 'want-add');
  await page.getByRole('button', { name: 'ADD WANT' }).click();

  await expect(page).toHaveURL(/\/wants$/);
  const card = page.getByRole('list', { name: 'Your wants' }).getByRole('listitem');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Dummy');
  await expect(card).toContainText('Up to 30.00 EUR');
  await expect(card.getByRole('img', { name: 'Priority 1 of 3 (most wanted)' })).toBeVisible();
  // The cover of the picked release (the fake Cover Art Archive's).
  await expect(card.getByRole('img', { name: 'Cover of Dummy' })).toHaveAttribute('src', /\/caa\//);
  await checkScreen(page, 'wants');

  // The want: Sam has it.
  await card.getByRole('link').click();
  await expect(page.getByRole('heading', { name: 'Dummy' })).toBeVisible();
  const owns = page.getByRole('link', { name: `${sam.user.username} owns it` });
  await expect(owns).toHaveAttribute('href', `/social/friends/${sam.user.id}/${samsCopy.id}`);
  await checkScreen(page, 'want-details');
  // Both themes.
  await navButton(page, 'DARK MODE');
  await expect(page.locator('body')).toHaveClass(/\bdark\b/);
  await checkScreen(page, 'want-details');
  // The nav link "Wants" leads back to the wantlist.
  await navLink(page, 'Wants');
  await expect(page).toHaveURL(/\/wants$/);
  await expect(card).toHaveCount(1);
  await checkScreen(page, 'wants');
  await navButton(page, 'LIGHT MODE');
  await expect(page.locator('body')).not.toHaveClass(/\bdark\b/);

  // Sam's page has a Wants tab beside the crate.
  await page.goto(`/social/friends/${sam.user.id}`);
  await page.getByRole('navigation', { name: "Friend's page" }).getByRole('link', { name: 'Wants' }).click();
  await expect(page.getByText('This wantlist is empty.')).toBeVisible();

  // The sleeve in a shop: its barcode says it is on the wantlist.
  await page.goto('/user/add');
  await page.getByLabel('Type the digits').fill(DUMMY_LP);
  await page.getByRole('button', { name: 'Look up' }).click();
  const pressing = page.getByRole('list', { name: `Pressings found for ${DUMMY_LP}` }).getByRole('listitem');
  await expect(pressing.getByText('On your wantlist')).toBeVisible();
  await checkScreen(page, 'barcode-on-wantlist');
  await pressing.getByRole('link', { name: /Got it/ }).click();

  // Got it: the mood (and a price), then the new record opens.
  await expect(page.getByRole('heading', { name: 'Got it: move to your crate' })).toBeVisible();
  await page.getByLabel('Mood').selectOption({ label: 'Mellow' });
  await page.getByLabel('Media condition (optional)').selectOption('Near Mint (NM or M-)');
  await page.getByLabel('Amount').fill('24.99');
  await checkScreen(page, 'want-got-it');
  await page.getByRole('button', { name: 'Move to crate' }).click();
  await expect(page).toHaveURL(/\/user\/details\/\d+$/);
  const [record] = await me.records();
  expect(record).toMatchObject({
    title: 'Dummy',
    artist: 'Portishead',
    barcode: DUMMY_LP,
    media_condition: 'Near Mint (NM or M-)',
    price: { amount: '24.99', currency: 'EUR' },
  });
  expect(page.url()).toMatch(new RegExp(`/user/details/${record!.id}$`));
  await expect(page.getByRole('heading', { name: 'Dummy' })).toBeVisible();

  // The want is gone from the wantlist.
  await page.goto('/wants');
  await expect(page.getByText('Your wantlist is empty.')).toBeVisible();
});
