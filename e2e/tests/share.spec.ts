/**
 * Journey: a crate shared by link (issue 22 item 6, EXTENSIONS.md §7; API.md "Share links"):
 * make a link from "Share my crate", open it in a fresh browser context without cookies,
 * browse and search the shared crate and open a record read-only, revoke the link, and see
 * "This link doesn't work any more."
 */
import { checkScreen, expect, signIn, test } from '@/support/fixtures.js';
import { coverGrid, expectGridOrder, navButton, openNavMenu } from '@/support/ui.js';

test('share: make a link, open it without an account, search, revoke it', async ({ page, browser, seed }) => {
  const owner = await seed.user('sharer');
  await owner.addRecord({ artist: 'Joni Mitchell', title: 'Blue', mood: 'Melancholy' });
  await owner.addRecord({ artist: 'Miles Davis', title: 'Kind of Blue', mood: 'Mellow' });
  await owner.addRecord({ artist: 'Portishead', title: 'Dummy', mood: 'Chill' });
  const name = owner.user.username;

  // "Share my crate" in the signed-in menu.
  await signIn(page, owner.user);
  await openNavMenu(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Share my crate' }).click();
  await expect(page.getByRole('heading', { name: 'Share my crate', level: 1 })).toBeVisible();
  await expect(page.getByText('You have no share links.')).toBeVisible();

  // A link of the crate: shown once, with Copy and its QR code.
  await page.getByLabel('What the link shows').selectOption({ label: 'Crate' });
  await page.getByRole('button', { name: 'Make a link' }).click();
  const linkBox = page.getByRole('textbox', { name: 'Link' });
  await expect(linkBox).toHaveValue(/\/s\/[A-Za-z0-9_-]{22}$/);
  const url = await linkBox.inputValue();
  await expect(page.getByText(/won.t be shown again/)).toBeVisible();
  const qr = page.getByRole('img', { name: 'QR code of the new link' });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByRole('button', { name: 'Copy' })).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2);
  await checkScreen(page, 'share-settings');

  // A visitor: a fresh context, no cookies, the phone's or desktop's viewport.
  const visitorContext = await browser.newContext({ viewport: page.viewportSize() });
  try {
    const visitor = await visitorContext.newPage();
    const sharedPath = new URL(url).pathname;
    const referers: string[] = [];
    visitor.on('request', (request) => {
      const referer = request.headers().referer;
      if (referer) referers.push(referer);
    });
    await visitor.goto(sharedPath);
    await expect(visitor.getByRole('heading', { name: `${name}'s crate`, level: 1 })).toBeVisible();
    // No navigation of a signed-in user, and the page asks robots not to index it.
    await expect(visitor.getByRole('button', { name: 'LOG OUT' })).toHaveCount(0);
    await expect(visitor.locator('meta[name="robots"][content="noindex"]').first()).toBeAttached();
    const grid = coverGrid(visitor, name);
    await expectGridOrder(grid, ['Dummy', 'Kind of Blue', 'Blue']);
    await expect(visitor.getByText('3 records', { exact: true })).toBeVisible();
    await checkScreen(visitor, 'shared-crate');

    // Search the shared crate; the search is kept in the URL.
    await visitor.getByRole('searchbox', { name: 'Search records' }).fill('blue');
    await visitor.getByRole('button', { name: 'SEARCH' }).click();
    await expectGridOrder(grid, ['Kind of Blue', 'Blue']);
    await expect(visitor).toHaveURL(/search=blue/);

    // A record, read-only.
    await grid.getByRole('link', { name: /Kind of Blue/ }).click();
    await expect(visitor.getByRole('heading', { name: 'Kind of Blue', level: 1 })).toBeVisible();
    await expect(visitor.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    await expect(visitor.getByRole('link', { name: 'Edit' })).toHaveCount(0);
    await checkScreen(visitor, 'shared-record');
    await visitor.getByRole('link', { name: 'Back' }).click();
    await expectGridOrder(grid, ['Kind of Blue', 'Blue']);
    // No request of the shared page named its token in a Referer.
    const token = sharedPath.split('/').pop()!;
    expect(referers.filter((referer) => referer.includes(token))).toEqual([]);

    // The owner revokes the link: it stops working at once.
    await page.getByRole('button', { name: /^Revoke/ }).click();
    await expect(page.getByText('You have no share links.')).toBeVisible();
    await visitor.reload();
    await expect(visitor.getByText("This link doesn't work any more.")).toBeVisible();
    await checkScreen(visitor, 'shared-gone');
  } finally {
    await visitorContext.close();
  }

  // Both screens in the dark theme: the owner's by the bar's toggle, a visitor's by the theme
  // their browser kept (the page's first script reads it, PRODUCT.md §3).
  await navButton(page, 'DARK MODE');
  await expect(page.locator('body')).toHaveClass(/\bdark\b/);
  await page.getByRole('button', { name: 'Make a link' }).click();
  await expect(page.getByRole('img', { name: 'QR code of the new link' })).toBeVisible();
  await checkScreen(page, 'share-settings');
  const darkUrl = await page.getByRole('textbox', { name: 'Link' }).inputValue();
  const darkContext = await browser.newContext({ viewport: page.viewportSize() });
  try {
    await darkContext.addInitScript(() => localStorage.setItem('spincrate.theme', 'dark'));
    const visitor = await darkContext.newPage();
    await visitor.goto(new URL(darkUrl).pathname);
    await expect(visitor.locator('body')).toHaveClass(/\bdark\b/);
    await expectGridOrder(coverGrid(visitor, name), ['Dummy', 'Kind of Blue', 'Blue']);
    await checkScreen(visitor, 'shared-crate');
  } finally {
    await darkContext.close();
  }
});
