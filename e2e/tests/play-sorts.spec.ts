/**
 * The play sorts (EXTENSIONS.md §1 and §2, API.md "Lists at scale"): Most Played
 * (play_count desc, last_played desc) and Least Recently Played (never-spun first, then
 * last_played asc) on the own and a friend's collection, kept in the URL, and the stats
 * page's "Never played" link opening the crate sorted Least Recently Played.
 */
import { checkScreen, expect, signIn, test } from '@/support/fixtures.js';
import { coverGrid, daysAgo, expectGridOrder, navButton, sortBy, expectSorted } from '@/support/ui.js';

test('Most Played and Least Recently Played order the own and a friend’s crate by their plays', async ({
  page,
  seed,
}) => {
  const owner = await seed.user('plays');
  const blueTrain = await owner.addRecord({ artist: 'John Coltrane', title: 'Blue Train' });
  const kindOfBlue = await owner.addRecord({ artist: 'Miles Davis', title: 'Kind of Blue' });
  await owner.addRecord({ artist: 'Portishead', title: 'Dummy' });
  const mezzanine = await owner.addRecord({ artist: 'Massive Attack', title: 'Mezzanine' });
  // Blue Train: 2 plays, last 2 days ago; Mezzanine: 1, 5 days ago; Kind of Blue: 1, 30 days
  // ago; Dummy: never played.
  const spin = (days: number, records: (typeof blueTrain)[]) =>
    owner.addSpin({ listenedAt: daysAgo(days).iso, timeSpent: '0:45', details: 'Evening', records });
  await spin(10, [blueTrain]);
  await spin(2, [blueTrain]);
  await spin(30, [kindOfBlue]);
  await spin(5, [mezzanine]);
  const mostPlayed = ['Blue Train', 'Mezzanine', 'Kind of Blue', 'Dummy'];
  const leastRecentlyPlayed = ['Dummy', 'Kind of Blue', 'Mezzanine', 'Blue Train'];

  // The stats page's "Never played" count links to the crate sorted Least Recently Played.
  await signIn(page, owner.user, '/stats');
  await page.getByRole('link', { name: '1 record', exact: true }).click();
  await expect(page).toHaveURL(/\/user\/profile\?sort=least_recently_played$/);
  const ownGrid = coverGrid(page, owner.user.username);
  await expectSorted(page, 'Least Recently Played');
  await expectGridOrder(ownGrid, leastRecentlyPlayed);

  await sortBy(page, 'Most Played');
  await expect(page).toHaveURL(/sort=most_played/);
  await expectGridOrder(ownGrid, mostPlayed);
  await page.reload();
  await expectSorted(page, 'Most Played');
  await expectGridOrder(ownGrid, mostPlayed);
  // Both themes, screenshot and axe.
  await checkScreen(page, 'collection-most-played');
  await navButton(page, 'DARK MODE');
  await expect(page.locator('body')).toHaveClass(/\bdark\b/);
  await checkScreen(page, 'collection-most-played');
  await navButton(page, 'LIGHT MODE');
  await expect(page.locator('body')).not.toHaveClass(/\bdark\b/);

  // A friend reading the same crate gets the same orders.
  const reader = await seed.user('reader');
  await reader.addFriend(owner.user);
  await page.context().clearCookies();
  await signIn(page, reader.user, `/social/friends/${owner.user.id}`);
  const friendGrid = coverGrid(page, owner.user.username);
  await sortBy(page, 'Most Played');
  await expectGridOrder(friendGrid, mostPlayed);
  await sortBy(page, 'Least Recently Played');
  await expectGridOrder(friendGrid, leastRecentlyPlayed);
});
