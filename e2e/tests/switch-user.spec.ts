/**
 * Two people, one tab: after the first logs out, nothing of theirs (spins, friends, Hot
 * Off The Press, Latest Listens, the blindbag) is ever drawn on the screens of the next
 * person who logs in on the same tab, not even for a moment before that person's own
 * data arrives.
 */
import { expect, signIn, test } from '@/support/fixtures.js';
import { daysAgo, navButton, navLink } from '@/support/ui.js';

declare global {
  interface Window {
    /** The first user's texts seen in the page since the watch began. */
    previousUserSeen?: string[];
  }
}

test("the next user on the same tab never sees the previous user's data", async ({ page, seed }) => {
  // Alice: a record, a spin, and a friend whose record and spin fill her galleries.
  const alicesFriend = await seed.user('afriend');
  const foxtrot = await alicesFriend.addRecord({ artist: 'Foxtrot Quartet', title: 'Foxtrot Leak Album' });
  await alicesFriend.addSpin({
    listenedAt: daysAgo(1).iso,
    timeSpent: '0:40',
    details: 'x',
    records: [foxtrot],
  });
  const alice = await seed.user('alice');
  const alpha = await alice.addRecord({ artist: 'Alpha Band', title: 'Alpha Leak Record' });
  await alice.addSpin({
    listenedAt: daysAgo(2).iso,
    timeSpent: '1:00',
    details: 'alpha-leak-spin',
    records: [alpha],
  });
  await alice.addFriend(alicesFriend.user);

  // Bob: the same kinds of data, all different.
  const bobsFriend = await seed.user('bfriend');
  const golf = await bobsFriend.addRecord({ artist: 'Golf Trio', title: 'Golf Own Album' });
  await bobsFriend.addSpin({ listenedAt: daysAgo(1).iso, timeSpent: '0:20', details: 'y', records: [golf] });
  const bob = await seed.user('bob');
  const bravo = await bob.addRecord({ artist: 'Bravo Band', title: 'Bravo Own Record' });
  await bob.addSpin({
    listenedAt: daysAgo(2).iso,
    timeSpent: '0:30',
    details: 'bravo-own-spin',
    records: [bravo],
  });
  await bob.addFriend(bobsFriend.user);

  // Alice goes through every screen, so the tab holds all of her data.
  await signIn(page, alice.user, '/spins');
  const spins = page.getByRole('list', { name: 'Spins' });
  await expect(spins).toContainText('alpha-leak-spin');
  await navLink(page, 'Social');
  await expect(page.getByRole('list', { name: 'Friends' })).toContainText(alicesFriend.user.username);
  await page.getByRole('button', { name: 'Hot Off The Press' }).click();
  const hotp = page.getByRole('list', { name: 'Hot Off The Press' });
  await expect(hotp.getByRole('img', { name: 'Foxtrot Leak Album' })).toHaveCount(1);
  await navLink(page, 'Social');
  await page.getByRole('button', { name: 'Latest Listens' }).click();
  const listens = page.getByRole('list', { name: 'Latest Listens' });
  await expect(listens.getByRole('img', { name: 'Foxtrot Leak Album' })).toHaveCount(1);
  await navLink(page, 'Blind Bag');
  await page.getByRole('button', { name: 'Draw a random record' }).click();
  await expect(page.getByRole('img', { name: 'Alpha Leak Record', exact: true })).toBeVisible();

  // Alice logs out from the blindbag, with a record drawn.
  await navButton(page, 'LOG OUT');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();

  // From now on, watch every change of the page for any of Alice's texts.
  const alicesTexts = [
    'alpha-leak-spin',
    'Alpha Leak Record',
    'Foxtrot Leak Album',
    alicesFriend.user.username,
    alice.user.username,
  ];
  const seenAtStart = await page.evaluate((texts) => {
    const seen = (): string[] => {
      const shown = [
        document.body.textContent ?? '',
        ...Array.from(document.querySelectorAll('[alt], [aria-label]'), (element) =>
          [element.getAttribute('alt'), element.getAttribute('aria-label')].join(' '),
        ),
      ].join('\n');
      return texts.filter((text) => shown.includes(text));
    };
    window.previousUserSeen = [];
    new MutationObserver(() => {
      for (const text of seen()) {
        if (!window.previousUserSeen!.includes(text)) window.previousUserSeen!.push(text);
      }
    }).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['alt', 'aria-label'],
    });
    return seen();
  }, alicesTexts);
  expect(seenAtStart, "Alice's data on the login screen").toEqual([]);

  // Bob logs in on the same tab (no reload) and opens the same screens, each until his own data shows.
  await page.getByRole('textbox', { name: 'Username' }).fill(bob.user.username);
  await page.getByLabel('Password').fill(bob.user.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/user\/profile$/);
  await expect(page.getByRole('img', { name: 'Bravo Own Record', exact: true })).toBeVisible();
  await navLink(page, 'Spins');
  await expect(spins).toContainText('bravo-own-spin');
  await navLink(page, 'Social');
  await expect(page.getByRole('list', { name: 'Friends' })).toContainText(bobsFriend.user.username);
  await page.getByRole('button', { name: 'Hot Off The Press' }).click();
  await expect(hotp.getByRole('img', { name: 'Golf Own Album' })).toHaveCount(1);
  await navLink(page, 'Social');
  await page.getByRole('button', { name: 'Latest Listens' }).click();
  await expect(listens.getByRole('img', { name: 'Golf Own Album' })).toHaveCount(1);
  await navLink(page, 'Blind Bag');
  await expect(page.getByRole('button', { name: 'Draw a random record' })).toBeVisible();
  await page.getByRole('button', { name: 'Draw a random record' }).click();
  await expect(page.getByRole('img', { name: 'Bravo Own Record', exact: true })).toBeVisible();

  expect(
    await page.evaluate(() => window.previousUserSeen),
    "Alice's data drawn on any of Bob's screens",
  ).toEqual([]);
});
