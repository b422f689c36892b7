/**
 * Journey 1, a newcomer (PRODUCT.md §2 login and registration screens, §4 auth, §5, §8):
 * / goes to /home, the login errors, the registration errors, then registering lands
 * on the new user's empty crate.
 */
import { checkScreen, expect, PASSWORD, test, uniqueUsername } from '@/support/fixtures.js';
import { expectSorted } from '@/support/ui.js';

test('a newcomer meets the login errors, registers and lands on their empty crate', async ({
  page,
  seed,
}) => {
  const existing = await seed.user('taken');
  // The page's clock is Playwright's (it runs on like the real one), so the journey can hold
  // the first-visit logo's one second still while it looks at the logo, however busy the
  // machine is.
  await page.clock.install();

  // / redirects to /home: the login screen, and a signed-out bar has the brand only.
  await page.goto('/');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: 'Login', level: 1 })).toBeVisible();
  const bar = page.getByRole('navigation', { name: 'Main' });
  await expect(bar.getByRole('link', { name: 'Spincrate' })).toHaveAttribute('href', '/home');
  for (const name of ['Profile', 'Social', 'Spins', 'Blind Bag']) {
    await expect(bar.getByRole('link', { name, exact: true })).toHaveCount(0);
  }
  await expect(bar.getByRole('button', { name: 'LOG OUT' })).toHaveCount(0);
  const username = page.getByRole('textbox', { name: 'Username' });
  const password = page.getByLabel('Password');
  await expect(username).toHaveAttribute('required', '');
  await expect(password).toHaveAttribute('required', '');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await checkScreen(page, 'login');

  // Empty fields: the input error, and nothing is sent.
  const loginCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/user/login')) loginCalls.push(request.method());
  });
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Enter your username and password!');
  await username.fill(existing.user.username);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Enter your username and password!');
  expect(loginCalls, 'no login request for empty fields').toEqual([]);

  // A wrong password.
  await password.fill('not-the-password');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    "Oops! The username and password didn't match. Try again!",
  );
  await expect(page).toHaveURL(/\/home$/);
  expect(loginCalls).toEqual(['POST']);
  await checkScreen(page, 'login-error');

  // To registration and back home, then registration again.
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/registration$/);
  await expect(page.getByRole('heading', { name: 'Register User' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByRole('button', { name: 'home', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
  // A stale login error is not shown again on the way back.
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/registration$/);
  await checkScreen(page, 'registration');

  // Empty fields.
  const regUsername = page.getByRole('textbox', { name: 'Username' });
  const regPassword = page.getByLabel('Password');
  await expect(regUsername).toHaveAttribute('required', '');
  await expect(regPassword).toHaveAttribute('required', '');
  await page.getByRole('button', { name: 'register', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Choose a username and password!');

  // A taken username (ignoring case, API.md field rules).
  await regUsername.fill(existing.user.username.toUpperCase());
  await regPassword.fill(PASSWORD);
  await page.getByRole('button', { name: 'register', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(
    "Oops! That didn't work. The username might already be taken. Try again!",
  );
  await expect(page).toHaveURL(/\/registration$/);
  await checkScreen(page, 'registration-error');

  // A new username: registered, logged in, and on their empty crate.
  const newcomer = uniqueUsername('newcomer');
  await regUsername.fill(newcomer);
  await regPassword.fill(PASSWORD);
  await page.clock.pauseAt(Date.now() + 1000);
  await page.getByRole('button', { name: 'register', exact: true }).click();
  await expect(page).toHaveURL(/\/user\/profile$/);
  // The first visit of the session shows the spinning logo for a second, then the crate.
  const logo = page
    .locator('img[src^="/logo-"]')
    .and(page.getByRole('img', { name: 'Spincrate', exact: true }));
  await expect(logo).toBeVisible();
  await expect(page.getByRole('heading', { name: `${newcomer}'s crate`, level: 1 })).toHaveCount(0);
  await page.clock.runFor(1000);
  await page.clock.resume();
  await expect(logo).toHaveCount(0);
  await expect(page.getByRole('heading', { name: `${newcomer}'s crate`, level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add record' })).toBeVisible();
  await expect(page.getByPlaceholder('Search by Album, Artist, Tags, or Mood...')).toBeVisible();
  await expectSorted(page, 'Newest Records');
  await expect(page.getByRole('list', { name: `${newcomer}'s records` }).getByRole('img')).toHaveCount(0);
  // Logged in, the brand goes to the crate.
  await expect(bar.getByRole('link', { name: 'Spincrate' })).toHaveAttribute('href', '/user/profile');
  await checkScreen(page, 'collection-empty');

  // A logged-in user is sent from /home and /registration to their crate.
  await page.goto('/registration');
  await expect(page).toHaveURL(/\/user\/profile$/);
  await page.goto('/home');
  await expect(page).toHaveURL(/\/user\/profile$/);
  await expect(page.getByRole('heading', { name: `${newcomer}'s crate` })).toBeVisible();
});
