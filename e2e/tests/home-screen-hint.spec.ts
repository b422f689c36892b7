/**
 * The one-time "Add to Home Screen" hint (EXTENSIONS.md §9: "On iPhone it shows a one-time
 * hint to add it to the Home Screen (where Safari keeps the data)"), in the real browser with
 * Safari's user agent: an iPhone on the phone project, an iPad on the desktop one. It shows
 * over the crate without taking the focus, passes axe in both themes at the project's width,
 * closes from the keyboard, and never comes back on that device.
 */
import { checkScreen, expect, signIn, test } from '@/support/fixtures.js';
import { navButton } from '@/support/ui.js';

/** Safari on an iPhone and on an iPad (iOS 17). */
const SAFARI = {
  phone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  desktop:
    'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
};

// Safari's user agent for this file's pages: an iPhone on the phone project, an iPad on the desktop one.
test.use({ userAgent: async ({ isMobile }, use) => use(isMobile ? SAFARI.phone : SAFARI.desktop) });

test('on iOS Safari the Add to Home Screen hint shows once, keeps the focus where it is, and closes from the keyboard', async ({
  page,
  seed,
}) => {
  const me = await seed.user('ioshint');
  await me.addRecord({ artist: 'Nick Drake', title: 'Pink Moon' });
  await signIn(page, me.user);
  await expect(page.getByRole('heading', { name: `${me.user.username}'s crate` })).toBeVisible();

  const hint = page.getByRole('region', { name: 'Add Spincrate to your Home Screen' });
  await expect(hint).toBeVisible();
  await expect(hint).toContainText('Add to Home Screen');
  // It does not take the focus from the screen.
  expect(await hint.evaluate((region) => region.contains(document.activeElement))).toBe(false);
  // The crate stays usable beside it.
  await expect(page.getByRole('img', { name: 'Pink Moon' })).toBeVisible();
  await checkScreen(page, 'home-screen-hint');
  await navButton(page, 'DARK MODE');
  await expect(page.locator('body')).toHaveClass(/\bdark\b/);
  await expect(hint).toBeVisible();
  await checkScreen(page, 'home-screen-hint');

  // Keyboard: focus Got it and press Enter; the focus goes to the screen, not the page's start.
  await hint.getByRole('button', { name: 'Got it' }).focus();
  await page.keyboard.press('Enter');
  await expect(hint).toBeHidden();
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('content');

  // Once closed, never again on this device.
  await page.reload();
  await expect(page.getByRole('img', { name: 'Pink Moon' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Add Spincrate to your Home Screen' })).toHaveCount(0);
});
