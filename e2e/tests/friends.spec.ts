/**
 * Journey 3, friends (PRODUCT.md §2 social, add friend, friend collection, record
 * details, Hot Off The Press, Latest Listens; §4 friendship; §8 confirmations): the
 * empty-social popup, adding a friend, their crate read-only with search and sort, the
 * galleries' flip cards with names and M/DD/YY dates, ending the friendship.
 */
import { checkScreen, expect, signIn, test } from '@/support/fixtures.js';
import {
  browserTimeZone,
  confirmDeletion,
  coverGrid,
  daysAgo,
  dismissAttention,
  expectGridOrder,
  expectImageLoaded,
  expectPlaceholderFits,
  expectPopup,
  popup,
  shortDateIn,
  sortBy,
} from '@/support/ui.js';

test('friends: add one, browse their crate, the galleries, end the friendship', async ({ page, seed }) => {
  // The friend: three records and two spins, seeded over HTTP.
  const friend = await seed.user('friend');
  const dusty = await friend.addRecord({
    artist: 'Dusty Springfield',
    title: 'Dusty in Memphis',
    mood: 'Romantic',
  });
  const okc = await friend.addRecord({
    artist: 'Radiohead',
    title: 'OK Computer',
    mood: 'Melancholy',
    details: 'OKNOTOK',
  });
  const aja = await friend.addRecord({ artist: 'Steely Dan', title: 'Aja', mood: 'Chill' });
  const rainy = daysAgo(3);
  const christmasEve = daysAgo(40);
  await friend.addSpin({
    listenedAt: rainy.iso,
    timeSpent: '0:45',
    details: 'Rainy Saturday',
    records: [okc],
  });
  await friend.addSpin({
    listenedAt: christmasEve.iso,
    timeSpent: '1:10',
    details: 'Christmas Eve',
    records: [dusty, aja],
  });
  // Someone who is not a friend: their records and spins never show.
  const stranger = await seed.user('stranger');
  const secret = await stranger.addRecord({ artist: 'Nobody', title: 'Secret Sessions' });
  await stranger.addSpin({
    listenedAt: daysAgo(2).iso,
    timeSpent: '0:30',
    details: 'Private',
    records: [secret],
  });

  // The journey's user, with no friends yet. The page's clock is Playwright's (it runs on
  // like the real one), so the journey can move it past the invitation's one-second delay
  // instead of waiting for real time to pass.
  const me = await seed.user('social');
  await page.clock.install();
  await signIn(page, me.user, '/social');
  await expect(page.getByRole('heading', { name: 'social', level: 1 })).toBeVisible();
  for (const name of ['Add friend', 'Latest Listens', 'Hot Off The Press']) {
    await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
  }
  // One second after load, no friends: the info popup, no button, gone after 2.75 s.
  const invite = popup(page, { text: 'Need a friend? Add the creator, spincrate!' });
  await expect(invite).toBeVisible({ timeout: 5000 });
  await expect(invite).toContainText('New to Spincrate? Need a friend? Add the creator, spincrate!');
  await expect(invite.getByRole('button', { name: 'OK' })).toBeHidden();
  await checkScreen(page, 'social-empty');
  await expect(invite).toBeHidden({ timeout: 5000 });

  // Add friend: the empty warning, then the friend's username.
  await page.getByRole('button', { name: 'Add friend' }).click();
  await expect(page).toHaveURL(/\/social\/add$/);
  const field = page.getByRole('textbox', { name: "Enter Friend's Username" });
  await expect(page.getByRole('button', { name: 'Back to Social' })).toBeVisible();
  await checkScreen(page, 'add-friend');
  await page.getByRole('button', { name: 'ADD FRIEND' }).click();
  await dismissAttention(page, 'Please fill form before submit');
  await expect(page).toHaveURL(/\/social\/add$/);
  await field.fill(friend.user.username);
  await page.getByRole('button', { name: 'ADD FRIEND' }).click();
  await expect(page).toHaveURL(/\/social$/);
  const friendsGrid = page.getByRole('list', { name: 'Friends' });
  const crateLink = friendsGrid.getByRole('link', { name: `${friend.user.username}'s crate` });
  await expect(crateLink).toBeVisible();
  await expect(friendsGrid.getByRole('listitem')).toHaveCount(1);
  await expect(crateLink.locator('img')).toHaveAttribute('src', '/crate-light.svg');
  // With a friend, no invitation popup (it would come one second after load): the friends
  // list is in, and the clock is moved past that second.
  await page.clock.runFor(1500);
  await expect(popup(page, { text: 'Need a friend?' })).toHaveCount(0);
  await checkScreen(page, 'social');

  // The friend's crate: heading, back button, sort, search, read-only records.
  await crateLink.click();
  await expect(page).toHaveURL(new RegExp(`/social/friends/${friend.user.id}$`));
  await expect(page.getByRole('heading', { name: friend.user.username, level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to social' })).toBeVisible();
  await expect(page.getByRole('button', { name: /delete friend/i })).toBeVisible();
  const grid = coverGrid(page, friend.user.username);
  await expectGridOrder(grid, ['Aja', 'OK Computer', 'Dusty in Memphis']);
  for (const record of [dusty, okc, aja])
    await expectImageLoaded(grid.getByRole('img', { name: record.title, exact: true }));
  await page.evaluate(() => window.scrollTo(0, 0));
  await checkScreen(page, 'friend-collection');
  await sortBy(page, 'Oldest Records');
  await expectGridOrder(grid, ['Dusty in Memphis', 'OK Computer', 'Aja']);
  await sortBy(page, 'Artist [Z-A]');
  await expectGridOrder(grid, ['Aja', 'OK Computer', 'Dusty in Memphis']);
  await sortBy(page, 'Album [A-Z]');
  await expectGridOrder(grid, ['Aja', 'Dusty in Memphis', 'OK Computer']);
  const search = page.getByPlaceholder('Search by Album, Artist, Tags, or Mood...');
  // The whole placeholder shows, on a phone too (375 px cut its "...").
  await expectPlaceholderFits(search);
  await search.fill('   ');
  await page.getByRole('button', { name: 'SEARCH' }).click();
  await dismissAttention(page, 'Please submit something to search');
  await search.fill('radiohead');
  await page.getByRole('button', { name: 'SEARCH' }).click();
  await expectGridOrder(grid, ['OK Computer']);
  await page.getByRole('button', { name: 'CLEAR' }).click();
  await expect(search).toHaveValue('');
  await expectGridOrder(grid, ['Aja', 'Dusty in Memphis', 'OK Computer']);

  // One of their records: the same details view, without edit or delete.
  await grid.getByRole('img', { name: 'OK Computer', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/social/friends/${friend.user.id}/${okc.id}$`));
  await expect(page.getByRole('heading', { name: 'OK Computer', level: 1 })).toBeVisible();
  await expect(page.getByText('Radiohead', { exact: true })).toBeVisible();
  await expect(page.getByText('Melancholy', { exact: true })).toBeVisible();
  await expect(page.getByText('OKNOTOK')).toBeVisible();
  await expectImageLoaded(page.getByRole('img', { name: 'OK Computer' }));
  await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
  await checkScreen(page, 'friend-record');
  await page.getByRole('link', { name: 'Back' }).click();
  // Back returns to the crate as it was left: the sort stays in the URL (EXTENSIONS.md §1).
  await expect(page).toHaveURL(new RegExp(`/social/friends/${friend.user.id}\\?sort=title_asc$`));
  await page.getByRole('link', { name: 'Back to social' }).click();
  await expect(page).toHaveURL(/\/social$/);

  // Hot Off The Press: the friend's records, newest first; a card flips to its back.
  const zone = await browserTimeZone(page);
  await page.getByRole('button', { name: 'Hot Off The Press' }).click();
  await expect(page).toHaveURL(/\/social\/hotp$/);
  await expect(page.getByText('what your friends have picked up lately')).toBeVisible();
  const hotp = page.getByRole('list', { name: 'Hot Off The Press' });
  const hotpCards = hotp.getByRole('button');
  await expect(hotpCards).toHaveCount(3);
  await expect(hotp.getByRole('img', { name: 'Secret Sessions' })).toHaveCount(0);
  await expect(hotpCards.nth(0)).toHaveAccessibleName('Aja');
  // Newest first; a flipped card's front (and its image) is hidden from the accessibility tree, so cards go by position.
  await expect(hotpCards.nth(1)).toHaveAccessibleName('OK Computer');
  await expect(hotpCards.nth(2)).toHaveAccessibleName('Dusty in Memphis');
  const okcCard = hotpCards.nth(1);
  await expectImageLoaded(okcCard.getByRole('img', { name: 'OK Computer' }));
  await checkScreen(page, 'hotp');
  await okcCard.click();
  await expect(okcCard).toHaveAttribute('aria-pressed', 'true');
  const added = `added ${shortDateIn(okc.date_added, zone)}`;
  await expect(okcCard).toHaveAccessibleName(
    `OK Computer Radiohead ${friend.user.username}'s crate ${added}`,
  );
  await expect(okcCard.getByText(added)).toBeVisible();
  await expect(okcCard.getByText(`${friend.user.username}'s crate`)).toBeVisible();
  await checkScreen(page, 'hotp-flipped');
  await okcCard.click();
  await expect(okcCard).toHaveAttribute('aria-pressed', 'false');
  await expect(okcCard).toHaveAccessibleName('OK Computer');
  await page.getByRole('button', { name: 'Back to social' }).click();
  await expect(page).toHaveURL(/\/social$/);

  // Latest Listens: one card per record of the friend's spins, newest listen first.
  await page.getByRole('button', { name: 'Latest Listens' }).click();
  await expect(page).toHaveURL(/\/social\/recentlySpun$/);
  await expect(page.getByText('what your friends have been listening to')).toBeVisible();
  const listens = page.getByRole('list', { name: 'Latest Listens' }).getByRole('button');
  await expect(listens).toHaveCount(3);
  await expect(listens.nth(0)).toHaveAccessibleName('OK Computer');
  await expectImageLoaded(listens.nth(0).getByRole('img'));
  await checkScreen(page, 'latest-listens');
  await listens.nth(0).click();
  await expect(listens.nth(0)).toHaveAccessibleName(
    `OK Computer Radiohead ${friend.user.username} spun on ${rainy.short} Rainy Saturday`,
  );
  const names = await listens.evaluateAll((cards) => cards.map((card) => card.querySelector('img')?.alt));
  expect(names.slice(1).sort(), 'the Christmas Eve spin has two records').toEqual([
    'Aja',
    'Dusty in Memphis',
  ]);
  const christmas = listens.nth(names.indexOf('Aja'));
  await christmas.click();
  await expect(christmas).toHaveAccessibleName(
    `Aja Steely Dan ${friend.user.username} spun on ${christmasEve.short} Christmas Eve`,
  );
  await expect(christmas.getByText(`${friend.user.username} spun on ${christmasEve.short}`)).toBeVisible();
  await checkScreen(page, 'latest-listens-flipped');
  await page.getByRole('button', { name: 'Back to social' }).click();

  // End the friendship from the friend's crate.
  await page
    .getByRole('list', { name: 'Friends' })
    .getByRole('link', { name: `${friend.user.username}'s crate` })
    .click();
  await expect(page.getByRole('heading', { name: friend.user.username })).toBeVisible();
  await page.getByRole('button', { name: /delete friend/i }).click();
  await confirmDeletion(page, "You won't be able to revert this!");
  await expect(page).toHaveURL(/\/social$/);
  // The notice shows and stays until OK: the invitation popup of a now friendless /social
  // (due one second after load) never takes its place.
  const deleted = await expectPopup(page, { title: 'Deleted!', text: 'The friendship has been ended.' });
  // /social is up behind the notice (which hides the page from assistive technology, hence
  // includeHidden) with its empty friends list, and the clock is moved past the invitation's
  // second.
  await expect(page.getByRole('heading', { name: 'social', level: 1, includeHidden: true })).toBeVisible();
  await expect(
    page
      .getByRole('list', { name: 'Friends', includeHidden: true })
      .getByRole('listitem', { includeHidden: true }),
  ).toHaveCount(0);
  await page.clock.runFor(1500);
  await expect(deleted).toContainText('The friendship has been ended.');
  await expect(popup(page, { text: 'Need a friend?' })).toHaveCount(0);
  await deleted.getByRole('button', { name: 'OK' }).click();
  await expect(page.locator('.swal2-popup')).toHaveCount(0, { timeout: 10_000 });
  expect(await me.friends()).toEqual([]);
});
