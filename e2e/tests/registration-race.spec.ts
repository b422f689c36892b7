/**
 * Issue 26 item 5, the registration race: "typing right after Login → Register wiped the
 * username … Nothing typed may be lost when lazily loaded parts arrive." The registration
 * screen's code is held back until the Username on screen (still the login form's) has
 * been filled, as a quick typist or a password manager does; once the screen arrives it
 * must hold that name, and registering with it lands on the new user's crate.
 */
import { checkScreen, expect, PASSWORD, test, uniqueUsername } from '@/support/fixtures.js';

// The screen's chunk is held back with page.route, which never sees a request the service
// worker answers from its precache (once it controls the page, EXTENSIONS.md §9): this
// journey is about the lazy load over the network, so it runs without the worker.
test.use({ serviceWorkers: 'block' });

test('what is typed right after Login → Register survives the registration screen arriving', async ({
  page,
}) => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let chunkAsked = false;
  await page.route(/\/assets\/RegistrationPage-[^/]*\.js$/, async (route) => {
    chunkAsked = true;
    await held;
    await route.continue();
  });

  await page.goto('/home');
  await expect(page.getByRole('heading', { name: 'Login', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Register' }).click();
  await expect.poll(() => chunkAsked, { message: 'the registration screen is loaded on demand' }).toBe(true);

  // Typed at once, into the Username on screen: the registration screen is not there yet.
  const name = uniqueUsername('race');
  await page.getByRole('textbox', { name: 'Username' }).fill(name);
  await expect(page.getByRole('heading', { name: 'Register User' })).toHaveCount(0);
  release();

  await expect(page.getByRole('heading', { name: 'Register User' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Username' })).toHaveValue(name);
  await page.getByLabel('Password').fill(PASSWORD);
  await checkScreen(page, 'registration-race');
  await page.getByRole('button', { name: 'register', exact: true }).click();
  await expect(page).toHaveURL(/\/user\/profile$/);
  await expect(page.getByRole('heading', { name: `${name}'s crate`, level: 1 })).toBeVisible();
});
