/**
 * Small things that make it feel right (EXTENSIONS.md §11, issue 26 items 2, 3 and 9):
 * a screen opened from a scrolled crate starts at the top and Back restores the place; with
 * the server stopped, a search keeps the grid and a banner says so, and everything carries
 * on once it is back; the phone layout of the crate (2 columns, the "Sort" select, "More"),
 * the flip cards' frame and caption, the dark date picker and the chat modal's focus, in
 * both themes.
 */
import type { Page } from '@playwright/test';
import { checkScreen, expect, signIn, test, type UserApi } from '@/support/fixtures.js';
import { coverGrid, daysAgo, isPhone, navButton, navLink, sortBy } from '@/support/ui.js';
import { Relay } from '@/support/relay.js';

const BANNER = "Can't reach Spincrate — retrying…";

const HEADER =
  'Catalog#,Artist,Title,Label,Format,Rating,Released,release_id,CollectionFolder,Date Added,Collection Media Condition,Collection Sleeve Condition,Collection Notes';
const pad = (n: number) => String(n).padStart(3, '0');

/** A Discogs export of `count` records, record n added on day n. */
function crateCsv(count: number): string {
  const rows = Array.from({ length: count }, (_, i) => {
    const n = i + 1;
    const day = new Date(Date.UTC(2021, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
    return `CAT-${n},Artist ${pad(n)},Album ${pad(n)},Label,LP,,2001,${n},Uncategorized,${day} 12:00:00,,,`;
  });
  return [HEADER, ...rows].join('\n');
}

/** Imports `count` records and waits until the import (and its cover look-ups) is done. */
async function importCrate(user: UserApi, count: number): Promise<void> {
  const response = await user.request.post('/api/record/import', {
    data: { csv: crateCsv(count), mood: await user.moodId('Mellow') },
  });
  expect(response.status()).toBe(202);
  const { id } = (await response.json()) as { id: number };
  await expect
    .poll(
      async () =>
        ((await (await user.request.get(`/api/record/import/${id}`)).json()) as { status: string }).status,
      { message: 'import done', timeout: 120_000 },
    )
    .toBe('done');
}

/** The first cover link whose card is wholly inside the viewport, below the top 100 px. */
async function coverInView(page: Page): Promise<string> {
  const title = await page.evaluate(() => {
    for (const link of document.querySelectorAll<HTMLAnchorElement>('a.cover-card')) {
      const box = link.getBoundingClientRect();
      if (box.top > 100 && box.bottom < window.innerHeight) return link.querySelector('img')?.alt ?? null;
    }
    return null;
  });
  expect(title, 'a cover in sight').not.toBeNull();
  return title!;
}

test('a record opened from a crate scrolled 3 screens down starts at the top; Back restores the place', async ({
  page,
  seed,
}) => {
  const me = await seed.user('scroller');
  await importCrate(me, 120);
  await signIn(page, me.user);
  const grid = coverGrid(page, me.user.username);
  await expect(grid.getByRole('img').first()).toBeVisible();

  // Three screens down (the grid fills in as it goes).
  const height = await page.evaluate(() => window.innerHeight);
  for (let screen = 1; screen <= 3; screen += 1) {
    await page.mouse.wheel(0, height);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThanOrEqual(screen * height - 10);
  }
  const title = await coverInView(page);
  const scrolled = await page.evaluate(() => window.scrollY);
  await grid.getByRole('link', { name: title, exact: true }).click();

  // The details start at the top: the bar, the heading and Back are in sight.
  const heading = page.getByRole('heading', { level: 1, name: title });
  await expect(heading).toBeInViewport();
  await expect(page.getByRole('link', { name: 'Back', exact: true })).toBeInViewport();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await checkScreen(page, 'details-from-scrolled-crate');

  // Back: the crate at the place it was left, the opened card in sight.
  await page.getByRole('link', { name: 'Back', exact: true }).click();
  await expect(grid.getByRole('link', { name: title, exact: true })).toBeInViewport();
  expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThan(height);
});

test("with the server stopped a search keeps the grid and says it can't reach Spincrate; all carries on once it is back", async ({
  page,
  seed,
  baseURL,
}) => {
  const me = await seed.user('offline');
  for (const title of ['Blue', 'Hejira', 'Court and Spark'])
    await me.addRecord({ artist: 'Joni Mitchell', title });
  const relay = new Relay(new URL(baseURL!));
  await relay.start();
  try {
    await signIn(page, me.user, `${relay.url}/user/profile`);
    const grid = coverGrid(page, me.user.username);
    await expect(grid.getByRole('img')).toHaveCount(3);
    await expect(page.getByText('3 records')).toBeVisible();
    const banner = page.getByText(BANNER);
    await expect(banner).toHaveCount(0);

    // The server gone: a search.
    await relay.stop();
    await page.getByRole('searchbox', { name: 'Search records' }).fill('Blue');
    await page.getByRole('button', { name: 'SEARCH' }).click();
    await expect(banner).toBeVisible();
    await expect(grid.getByRole('img')).toHaveCount(3);
    await expect(page.getByText('3 records')).toBeVisible();
    await checkScreen(page, 'server-gone');

    // Back: the banner goes and the search runs.
    await relay.start();
    await expect(banner).toHaveCount(0, { timeout: 30_000 });
    await expect(grid.getByRole('img')).toHaveCount(1);
    await expect(grid.getByRole('img', { name: 'Blue' })).toBeVisible();

    // Gone again: a screen whose code is not loaded yet does not reload into the browser's
    // error page; its code is tried again once the server is back, and it shows.
    await relay.stop();
    await navLink(page, 'Stats');
    await expect(banner).toBeVisible();
    expect(page.url().startsWith(relay.url)).toBe(true);
    await relay.start();
    await expect(banner).toHaveCount(0, { timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1, name: /stats/i })).toBeVisible();
  } finally {
    await relay.stop();
  }
});

test('looks: 2 columns and one Sort select on a phone, framed flip cards, the dark date picker, the chat keeps the focus', async ({
  page,
  seed,
}) => {
  test.setTimeout(480_000);
  const friend = await seed.user('lookfrnd');
  const white = await friend.addRecord({ artist: 'The Beatles', title: 'The Beatles' });
  await friend.addSpin({
    listenedAt: daysAgo(2).iso,
    timeSpent: '1:33',
    details: 'Side four',
    records: [white],
  });
  const me = await seed.user('looks');
  await importCrate(me, 12);
  await me.addFriend(friend.user);
  await signIn(page, me.user);
  const phone = await isPhone(page);

  for (const theme of ['light', 'dark'] as const) {
    if (theme === 'dark') {
      await navButton(page, 'DARK MODE');
      await expect(page.locator('body')).toHaveClass(/\bdark\b/);
    }
    await page.goto('/user/profile');
    const grid = coverGrid(page, me.user.username);
    // The grid renders the cards near the viewport only: the first rows are enough here.
    await expect(grid.getByRole('img').nth(3)).toBeVisible();
    if (phone) {
      // Two cards a row, and the first screen (375×812) shows covers.
      const lefts = await grid
        .getByRole('listitem')
        .evaluateAll((items) => [
          ...new Set(items.slice(0, 4).map((i) => Math.round(i.getBoundingClientRect().left))),
        ]);
      expect(lefts).toHaveLength(2);
      await expect(grid.getByRole('img').first()).toBeInViewport();
      await expect(page.getByRole('radio')).toHaveCount(0);
      await sortBy(page, 'Album [Z-A]');
      await expect(page).toHaveURL(/sort=title_desc/);
      await page.getByText('More', { exact: true }).click();
      await expect(page.getByRole('link', { name: 'Export JSON' })).toBeVisible();
    } else {
      await expect(page.getByRole('link', { name: 'Export CSV' })).toBeVisible();
    }
    await checkScreen(page, 'feel-collection');

    // Flip cards: a frame and the caption (title, artist) under each.
    await page.goto('/social/recentlySpun');
    const card = page.getByRole('button', { name: 'The Beatles', exact: true });
    await expect(card).toBeVisible();
    await expect(card).toHaveAccessibleDescription('The Beatles');
    const border = await card
      .locator('.flip-card-front')
      .evaluate((face) => getComputedStyle(face).borderTopWidth);
    expect(border).toBe('1px');
    await checkScreen(page, 'feel-latest-listens');

    // The date picker follows the theme.
    await page.goto('/spins/add');
    await page.getByRole('textbox', { name: 'Pick Date' }).click();
    const calendar = page.locator('.react-datepicker');
    await expect(calendar).toBeVisible();
    const background = await calendar.evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(background).toBe(theme === 'dark' ? 'rgb(30, 30, 30)' : 'rgb(255, 255, 255)');
    await checkScreen(page, 'feel-date-picker');
    await page.keyboard.press('Escape');
  }

  // The chat modal: Tab goes round inside it, never to the page behind.
  await page.goto('/user/profile');
  await page.getByRole('contentinfo').getByRole('button', { name: 'Crate Digger' }).click();
  const chat = page.getByRole('dialog', { name: 'Chat with Crate Digger' });
  await expect(chat).toBeVisible();
  await chat.getByRole('button', { name: 'Close' }).focus();
  for (let i = 0; i < 8; i += 1) {
    await page.keyboard.press('Tab');
    expect(
      await page.evaluate(() => Boolean(document.activeElement?.closest('.modal'))),
      `focus inside the chat modal after ${i + 1} Tab`,
    ).toBe(true);
  }
  for (let i = 0; i < 4; i += 1) {
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('.modal')))).toBe(true);
  }
});
