/**
 * Journey 6, the app around the screens (PRODUCT.md §2 route table, navigation bar,
 * footer, about and info; §3 theme; §4 auth and theme): logging in through the form,
 * the theme toggle kept across reloads, the chat modal, about, info, /test, 404, deep
 * links that survive a reload, logging out and the protected routes' landing screen.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { checkScreen, expect, test } from '@/support/fixtures.js';
import { daysAgo, expectImageLoaded, navButton, navLink, openNavMenu } from '@/support/ui.js';

test('theme, chat, about, info, /test, 404, deep links, logout and protected routes', async ({
  page,
  seed,
}) => {
  const me = await seed.user('shell');
  const record = await me.addRecord({
    artist: 'Nina Simone',
    title: 'Pastel Blues',
    mood: 'Melancholy',
    details: 'Philips',
  });
  const listened = daysAgo(20);
  const spin = await me.addSpin({
    listenedAt: listened.iso,
    timeSpent: '2:07',
    details: 'Late night',
    records: [record],
  });

  // Log in through the form. The tab names the screen; on the first load the focus is
  // left at the top of the page.
  await page.goto('/home');
  await expect(page).toHaveTitle('Login · Spincrate');
  await expect(page.getByRole('heading', { name: 'Login', level: 1 })).not.toBeFocused();
  await page.getByRole('textbox', { name: 'Username' }).fill(me.user.username);
  await page.getByLabel('Password').fill(me.user.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/user\/profile$/);
  // After the navigation: the new screen's heading has the focus, and the tab says where.
  await expect(page.getByRole('heading', { name: `${me.user.username}'s crate` })).toBeFocused();
  await expect(page).toHaveTitle('Collection · Spincrate');
  await expect(
    page.getByRole('list', { name: `${me.user.username}'s records` }).getByRole('img'),
  ).toHaveCount(1);

  // The bar: brand in the centre, the four links, the theme toggle and LOG OUT.
  const bar = page.getByRole('navigation', { name: 'Main' });
  await expect(bar.getByRole('link', { name: 'Spincrate' })).toBeVisible();
  await openNavMenu(page);
  for (const name of ['Profile', 'Social', 'Spins', 'Blind Bag']) {
    await expect(bar.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(bar.getByRole('button', { name: 'DARK MODE' })).toBeVisible();
  await expect(bar.getByRole('button', { name: 'LOG OUT' })).toBeVisible();
  await navLink(page, 'Social');
  await expect(page).toHaveURL(/\/social$/);
  await expect(page.getByRole('heading', { name: 'social', level: 1 })).toBeFocused();
  await expect(page).toHaveTitle('Social · Spincrate');
  // Below the lg breakpoint the menu is collapsed behind its toggle, and collapses again on selection.
  const toggle = bar.getByRole('button', { name: 'Toggle navigation' });
  if (test.info().project.name === 'phone') {
    await expect(page.locator('#main-navigation')).not.toHaveClass(/\bshow\b/);
    await expect(bar.getByRole('link', { name: 'Spins', exact: true })).toBeHidden();
  } else {
    await expect(toggle).toBeHidden();
  }

  // Footer: Info and About badges, the version, the chat bot's button.
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText('v1.3.2');
  await expect(footer.getByRole('link', { name: 'Info' })).toHaveAttribute('href', '/info');
  await expect(footer.getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about');

  // About: heading, themed logo, features, Why, social links, the chat frame.
  await footer.getByRole('link', { name: 'About' }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole('heading', { name: 'about', level: 1 })).toBeVisible();
  const logo = page.getByRole('img', { name: 'Spincrate logo' });
  await expect(logo).toHaveAttribute('src', '/logo-light.svg');
  await expectImageLoaded(logo);
  for (const feature of [
    'digitizes your record collection',
    "lets you see your friends' collections",
    'keep a log of records you have played',
    'lets you easily search through hundreds of records',
    'and more',
  ]) {
    await expect(page.getByRole('listitem').filter({ hasText: feature })).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'Why' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Social links' }).getByRole('link')).toHaveCount(2);
  const aboutFrame = page.locator('main').locator('iframe');
  await expect(aboutFrame).toHaveAttribute('height', '800');
  await expect(page.frameLocator('main iframe').getByRole('heading', { level: 1 })).toBeVisible();
  await checkScreen(page, 'about');
  // The page and the help page in its frame each have a main landmark: told apart by their
  // names for a screen reader's list of landmarks (axe's landmark rules).
  const landmarks = await new AxeBuilder({ page })
    .withRules(['landmark-unique', 'landmark-no-duplicate-main', 'landmark-main-is-top-level'])
    .analyze();
  expect(landmarks.violations.map((violation) => violation.id)).toEqual([]);

  // The theme: DARK MODE switches the body class, the label and the logo; a reload keeps it.
  await expect(page.locator('body')).toHaveClass(/\blight\b/);
  await navButton(page, 'DARK MODE');
  await expect(page.locator('body')).toHaveClass(/\bdark\b/);
  await expect(page.locator('body')).not.toHaveClass(/\blight\b/);
  await expect(logo).toHaveAttribute('src', '/logo-white.svg');
  await expectImageLoaded(logo);
  await openNavMenu(page);
  await expect(bar.getByRole('button', { name: 'LIGHT MODE' })).toBeVisible();
  await expect(bar.getByRole('button', { name: 'DARK MODE' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'about', level: 1 })).toBeVisible();
  await expect(page.locator('body')).toHaveClass(/\bdark\b/);
  await expect(logo).toHaveAttribute('src', '/logo-white.svg');
  await openNavMenu(page);
  await expect(bar.getByRole('button', { name: 'LIGHT MODE' })).toBeVisible();
  // Other themed images follow: the friends' crates and the spin cards' record icon.
  await navLink(page, 'Spins');
  await expect(page.getByRole('list', { name: 'Spins' }).getByRole('link').locator('img')).toHaveAttribute(
    'src',
    '/record-white.svg',
  );
  await navButton(page, 'LIGHT MODE');
  await expect(page.locator('body')).toHaveClass(/\blight\b/);
  await expect(page.getByRole('list', { name: 'Spins' }).getByRole('link').locator('img')).toHaveAttribute(
    'src',
    '/record-light.svg',
  );
  await openNavMenu(page);
  await expect(bar.getByRole('button', { name: 'DARK MODE' })).toBeVisible();

  // The chat modal: opens from the footer, closes with its close button and on the overlay.
  const chatButton = footer.getByRole('button', { name: 'Crate Digger' });
  await chatButton.click();
  const chat = page.getByRole('dialog', { name: 'Chat with Crate Digger' });
  await expect(chat).toBeVisible();
  const chatFrame = chat.locator('iframe[title="Chat with Crate Digger"]');
  await expect(chatFrame).toHaveAttribute('height', '800');
  await expect(page.frameLocator('.modal iframe').getByRole('heading', { level: 1 })).toBeVisible();
  const frameBox = (await chatFrame.boundingBox())!;
  const bodyBox = (await chat.locator('.modal-body').boundingBox())!;
  expect(Math.round(frameBox.height)).toBe(800);
  expect(Math.abs(frameBox.width - bodyBox.width), 'the frame is full width').toBeLessThan(2);
  await checkScreen(page, 'chat-modal');
  await chat.getByRole('button', { name: 'Close' }).click();
  await expect(chat).toBeHidden();
  await chatButton.click();
  await expect(chat).toBeVisible();
  await page.locator('.modal').click({ position: { x: 3, y: 3 } });
  await expect(chat).toBeHidden();
  // Escape closes it too, also once the focus is inside the chat frame (same-origin help
  // page here); the focus goes back to the chat button.
  await chatButton.click();
  await expect(chat).toBeVisible();
  const frameHeading = page.frameLocator('.modal iframe').getByRole('heading', { level: 1 });
  await frameHeading.click();
  await expect
    .poll(() => chatFrame.evaluate((frame) => (frame as HTMLIFrameElement).contentDocument?.hasFocus()))
    .toBe(true);
  await page.keyboard.press('Escape');
  await expect(chat).toBeHidden();
  await expect(chatButton).toBeFocused();

  // Info: heading, logo, the numbered how-to, feedback, social links.
  await footer.getByRole('link', { name: 'Info' }).click();
  await expect(page).toHaveURL(/\/info$/);
  await expect(page.getByRole('heading', { name: 'Info', level: 1 })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Spincrate logo' })).toHaveAttribute('src', '/logo-light.svg');
  await expect(page.locator('main ol > li')).toHaveText([
    /log in or register/i,
    /add records to your crate/i,
    /add friends to see their crates/i,
    /create spin sessions to log listening/i,
  ]);
  await expect(page.getByText(/bug/i).first()).toBeVisible();
  await expect(page.getByRole('list', { name: 'Social links' }).getByRole('link')).toHaveCount(2);
  await checkScreen(page, 'info');

  // /test renders the sample image.
  await page.goto('/test');
  const sample = page.getByRole('img', { name: /sample image/i });
  await expectImageLoaded(sample);
  await checkScreen(page, 'test');

  // Any other path shows 404; unknown API paths answer JSON 404.
  await page.goto('/no/such/screen');
  await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
  await checkScreen(page, 'not-found');
  const api404 = await page.request.get('/api/no/such/route');
  expect(api404.status()).toBe(404);
  expect((await api404.json()) as unknown).toMatchObject({ error: { code: 'not_found' } });

  // Deep links come back to the same screen on reload.
  await page.goto(`/spins/details/${spin.id}`);
  const length = page.locator('dt:text-is("LENGTH of SPIN") + dd');
  await expect(length).toHaveText('2:07');
  await page.reload();
  await expect(page).toHaveURL(new RegExp(`/spins/details/${spin.id}$`));
  await expect(page.getByRole('heading', { name: 'spin details' })).toBeVisible();
  await expect(length).toHaveText('2:07');
  await expect(page.locator('dt:text-is("LISTENED on") + dd')).toHaveText(listened.long);
  await page.goto(`/user/details/${record.id}`);
  await expect(page.getByRole('heading', { name: 'Pastel Blues', level: 1 })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Pastel Blues', level: 1 })).toBeVisible();
  await expect(page.getByText('Philips')).toBeVisible();

  // LOG OUT: back to /home with no links, and protected routes show the landing screen.
  await navButton(page, 'LOG OUT');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await expect(bar.getByRole('link', { name: 'Profile', exact: true })).toHaveCount(0);
  await expect(bar.getByRole('button', { name: 'LOG OUT' })).toHaveCount(0);
  expect((await page.request.get('/api/user')).status()).toBe(401);
  for (const path of [
    '/user/profile',
    `/spins/details/${spin.id}`,
    '/social',
    '/blindbag',
    `/user/edit/${record.id}`,
  ]) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Spincrate logo' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'spin details' })).toHaveCount(0);
  }
  await checkScreen(page, 'landing');

  // Logging in on the landing screen shows the requested screen in its place.
  await page.goto(`/spins/details/${spin.id}`);
  await page.getByRole('textbox', { name: 'Username' }).fill(me.user.username);
  await page.getByLabel('Password').fill(me.user.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('heading', { name: 'spin details' })).toBeVisible();
  await expect(length).toHaveText('2:07');
});
