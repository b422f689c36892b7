/**
 * Every screen in the dark theme (PRODUCT.md §3, §4 theme): the journeys check each
 * screen in the default light theme; this tour switches to dark through the bar's
 * toggle once and takes every screen's screenshot and axe audit again, popups included.
 */
import type { Locator, Page } from '@playwright/test';
import { checkScreen, expect, test } from '@/support/fixtures.js';
import { daysAgo, expectImageLoaded, expectPopup, navButton } from '@/support/ui.js';

interface Stop {
  /** Screen name in screenshots and findings (`-dark` is appended). */
  name: string;
  path: string;
  /** What shows once the screen is ready. */
  ready: (page: Page) => Locator;
}

test('every screen in the dark theme', async ({ page, seed }) => {
  // The longest journey: about twenty screens, each screenshotted and audited by axe. On a
  // machine at load 20+ (shared with other runs) it took up to 5.3 min while every step was
  // still progressing, so it gets more than the default budget (no retries either way).
  test.setTimeout(600_000);
  const friend = await seed.user('darkfrnd');
  const friendRecord = await friend.addRecord({ artist: 'Portishead', title: 'Dummy', mood: 'Dark' });
  await friend.addSpin({
    listenedAt: daysAgo(12).iso,
    timeSpent: '0:49',
    details: 'Foggy evening',
    records: [friendRecord],
  });
  const me = await seed.user('dark');
  const record = await me.addRecord({
    artist: 'Massive Attack',
    title: 'Mezzanine',
    mood: 'Dark',
    details: 'Circa 1998',
  });
  const spin = await me.addSpin({
    listenedAt: daysAgo(11).iso,
    timeSpent: '1:03',
    details: 'Night drive',
    records: [record],
  });
  await me.addFriend(friend.user);
  const name = me.user.username;

  // Log in through the form and switch to dark with the bar's toggle.
  await page.goto('/home');
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Username' }).fill(name);
  await page.getByLabel('Password').fill(me.user.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('heading', { name: `${name}'s crate` })).toBeVisible();
  await navButton(page, 'DARK MODE');
  await expect(page.locator('body')).toHaveClass(/\bdark\b/);

  const stops: Stop[] = [
    { name: 'collection', path: '/user/profile', ready: (p) => p.getByRole('img', { name: 'Mezzanine' }) },
    { name: 'add-record', path: '/user/add', ready: (p) => p.getByRole('button', { name: 'ADD RECORD' }) },
    {
      name: 'record-details',
      path: `/user/details/${record.id}`,
      ready: (p) => p.getByRole('heading', { name: 'Mezzanine' }),
    },
    {
      name: 'edit-record',
      path: `/user/edit/${record.id}`,
      ready: (p) => p.getByRole('heading', { name: 'edit Mezzanine details' }),
    },
    { name: 'import', path: '/user/import', ready: (p) => p.getByRole('heading', { level: 1 }) },
    {
      name: 'social',
      path: '/social',
      ready: (p) => p.getByRole('link', { name: `${friend.user.username}'s crate` }),
    },
    { name: 'add-friend', path: '/social/add', ready: (p) => p.getByRole('button', { name: 'ADD FRIEND' }) },
    {
      name: 'friend-collection',
      path: `/social/friends/${friend.user.id}`,
      ready: (p) => p.getByRole('img', { name: 'Dummy' }),
    },
    {
      name: 'friend-record',
      path: `/social/friends/${friend.user.id}/${friendRecord.id}`,
      ready: (p) => p.getByRole('heading', { name: 'Dummy' }),
    },
    { name: 'hotp', path: '/social/hotp', ready: (p) => p.getByRole('img', { name: 'Dummy' }) },
    {
      name: 'latest-listens',
      path: '/social/recentlySpun',
      ready: (p) => p.getByRole('img', { name: 'Dummy' }),
    },
    { name: 'spins', path: '/spins', ready: (p) => p.getByText('Night drive') },
    { name: 'add-spin', path: '/spins/add', ready: (p) => p.getByRole('button', { name: 'ADD SPIN' }) },
    {
      name: 'spin-details',
      path: `/spins/details/${spin.id}`,
      ready: (p) => p.getByText('Mezzanine by Massive Attack'),
    },
    {
      name: 'blindbag',
      path: '/blindbag',
      ready: (p) => p.getByRole('button', { name: 'Draw a random record' }),
    },
    { name: 'about', path: '/about', ready: (p) => p.getByRole('heading', { name: 'about' }) },
    { name: 'info', path: '/info', ready: (p) => p.getByRole('heading', { name: 'Info' }) },
    { name: 'test', path: '/test', ready: (p) => p.getByRole('img', { name: /sample image/i }) },
    { name: 'not-found', path: '/not/a/screen', ready: (p) => p.getByRole('heading', { name: '404' }) },
  ];
  for (const stop of stops) {
    await page.goto(stop.path);
    await expect(stop.ready(page)).toBeVisible();
    await expect(page.locator('body')).toHaveClass(/\bdark\b/);
    await checkScreen(page, stop.name);
  }

  // Themed images are the white variants.
  await page.goto('/about');
  await expect(page.getByRole('img', { name: 'Spincrate logo' })).toHaveAttribute('src', '/logo-white.svg');
  await page.goto('/social');
  await expect(
    page.getByRole('link', { name: `${friend.user.username}'s crate` }).locator('img'),
  ).toHaveAttribute('src', '/crate-white.svg');

  // A drawn blindbag, the warning and confirmation popups and the chat modal, dark.
  await page.goto('/blindbag');
  await page.getByRole('button', { name: 'Draw a random record' }).click();
  await expectImageLoaded(page.getByRole('img', { name: 'Mezzanine' }));
  await checkScreen(page, 'blindbag-drawn');
  await page.goto('/user/add');
  await page.getByRole('button', { name: 'ADD RECORD' }).click();
  await expectPopup(page, { title: 'Attention!', text: 'Please fill form before submit' });
  await checkScreen(page, 'add-record-warning');
  await page.goto(`/user/details/${record.id}`);
  await page.getByRole('button', { name: 'Delete' }).click();
  const confirm = await expectPopup(page, {
    title: 'Are you sure?',
    text: 'The record will be gone forever!',
  });
  await checkScreen(page, 'delete-record-confirm');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('contentinfo').getByRole('button', { name: 'Crate Digger' }).click();
  await expect(page.getByRole('dialog', { name: 'Chat with Crate Digger' })).toBeVisible();
  await checkScreen(page, 'chat-modal');
  await page
    .getByRole('dialog', { name: 'Chat with Crate Digger' })
    .getByRole('button', { name: 'Close' })
    .click();

  // Logged out, the theme stays: the login, registration and landing screens, dark.
  await navButton(page, 'LOG OUT');
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await expect(page.locator('body')).toHaveClass(/\bdark\b/);
  await checkScreen(page, 'login');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Enter your username and password!');
  await checkScreen(page, 'login-error');
  await page.goto('/registration');
  await expect(page.getByRole('heading', { name: 'Register User' })).toBeVisible();
  await checkScreen(page, 'registration');
  await page.goto('/spins');
  await expect(page.getByRole('img', { name: 'Spincrate logo' })).toHaveAttribute('src', '/logo-white.svg');
  await checkScreen(page, 'landing');
});
