/**
 * The stats page (EXTENSIONS.md §3): a user with records and spins opens /stats from the
 * nav and sees the totals, the 365-day heatmap (scrolling in its own box, ending at
 * today), the most played records and every chart's table, in both themes; the chart
 * code is fetched only when /stats opens.
 */
import type { Request } from '@playwright/test';
import { checkScreen, expect, signIn, test } from '@/support/fixtures.js';
import { daysAgo, navButton, navLink } from '@/support/ui.js';

test('stats: totals, heatmap, most played and chart tables, loaded only on /stats', async ({
  page,
  seed,
}) => {
  const me = await seed.user('stats');
  const blue = await me.addRecord({ artist: 'Miles Davis', title: 'Kind of Blue', mood: 'Mellow' });
  const rumours = await me.addRecord({ artist: 'Fleetwood Mac', title: 'Rumours', mood: 'Nostalgic' });
  await me.addRecord({ artist: 'Daft Punk', title: 'Discovery', mood: 'Energetic' });
  // Three days in a row up to yesterday (today in the browser's zone, which may be a day
  // behind UTC: then the run ends today; either way the current streak is 3 days), and
  // one spin weeks earlier. Kind of Blue: 4 plays, Rumours: 2, Discovery: never.
  await me.addSpin({
    listenedAt: daysAgo(1).iso,
    timeSpent: '1:00',
    details: 'Late',
    records: [blue, rumours],
  });
  await me.addSpin({ listenedAt: daysAgo(2).iso, timeSpent: '0:30', details: 'Short', records: [blue] });
  await me.addSpin({ listenedAt: daysAgo(3).iso, timeSpent: '0:45', details: 'Coffee', records: [blue] });
  await me.addSpin({
    listenedAt: daysAgo(40).iso,
    timeSpent: '0:15',
    details: 'Old',
    records: [blue, rumours],
  });

  // Every script the browser fetches, in order, with the page it was on.
  const scripts: Array<{ url: string; on: string }> = [];
  page.on('request', (request: Request) => {
    if (request.resourceType() === 'script')
      scripts.push({ url: request.url(), on: new URL(page.url()).pathname });
  });

  // The landing screen and the collection do not fetch the chart code.
  await page.goto('/home');
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await signIn(page, me.user, '/user/profile');
  await expect(page.getByRole('heading', { name: `${me.user.username}'s crate` })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Kind of Blue' }).first()).toBeVisible();
  const beforeStats = scripts.length;
  expect(beforeStats).toBeGreaterThan(0);
  expect(scripts.filter((s) => /StatsPage|recharts/i.test(s.url))).toEqual([]);
  const fetchedByDocument = () =>
    page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
  expect((await fetchedByDocument()).filter((url) => /StatsPage|recharts/i.test(url))).toEqual([]);

  // Open /stats from the nav.
  await navLink(page, 'Stats');
  await expect(page).toHaveURL(/\/stats$/);
  await expect(page.getByRole('heading', { name: 'stats', level: 1 })).toBeVisible();
  // The chunk may come through the service worker, once it has installed meanwhile: its
  // request event can then reach the test after the screen shows, so this waits for it, and
  // also reads what the document itself fetched (Resource Timing: served by the worker or not).
  await expect
    .poll(
      async () =>
        [...scripts.slice(beforeStats).map((s) => s.url), ...(await fetchedByDocument())].filter((url) =>
          /StatsPage/.test(url),
        ).length,
      { message: 'the stats chunk is fetched when /stats opens' },
    )
    .toBeGreaterThan(0);

  // Totals: 3 records, 4 spins, 2.5 hours (150 minutes), streaks, 1 never played.
  const totals = page.getByRole('region', { name: 'Totals' });
  const total = (term: string) => totals.locator(`dt:text-is("${term}") + dd`);
  await expect(total('Records')).toHaveText('3');
  await expect(total('Spins')).toHaveText('4');
  await expect(total('Hours listened')).toHaveText('2.5');
  await expect(total('Current streak')).toHaveText('3 days');
  await expect(total('Longest streak')).toHaveText('3 days');
  const never = totals.getByRole('link', { name: '1 record' });
  await expect(never).toHaveAttribute('href', '/user/profile?sort=least_recently_played');

  // The heatmap: 365 named cells, ending today; its own box scrolls, the page does not.
  const heatmap = page.getByRole('region', { name: 'Spins per day, last 365 days' });
  await expect(heatmap.getByRole('img')).toHaveCount(365);
  // EXTENSIONS.md §11: "Numbers in texts agree with their nouns".
  await expect(heatmap.getByRole('img', { name: `${daysAgo(40).long}: 1 spin`, exact: true })).toHaveCount(1);
  const lastCell = await heatmap.getByRole('img').last().getAttribute('aria-label');
  const today = await page.evaluate(() => {
    const d = new Date();
    return `${String(d.getMonth() + 1).padStart(2, '0')}/${String(d.getDate()).padStart(2, '0')}/${d.getFullYear()}`;
  });
  // "1 spin" or "{n} spins" (EXTENSIONS.md §11), whichever today's count is.
  expect(lastCell).toMatch(new RegExp(`^${today.replace(/\//g, '\\/')}: (1 spin|(0|[2-9]|\\d{2,}) spins)$`));
  const scroll = await heatmap.evaluate((box) => ({
    left: box.scrollLeft,
    width: box.scrollWidth,
    client: box.clientWidth,
  }));
  expect(scroll.left + scroll.client, 'the heatmap opens at its end (today)').toBeGreaterThanOrEqual(
    scroll.width - 1,
  );
  const page_ = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(page_.scroll, 'nothing scrolls sideways').toBeLessThanOrEqual(page_.client);

  // Most played: Kind of Blue (4 plays), then Rumours (2); Discovery never played is not there.
  const top = page.getByRole('region', { name: 'Most played' }).getByRole('listitem');
  await expect(top).toHaveCount(2);
  await expect(top.nth(0)).toContainText('Kind of Blue');
  await expect(top.nth(0)).toContainText('Miles Davis');
  await expect(top.nth(0)).toContainText('4 plays');
  await expect(top.nth(1)).toContainText('Rumours');
  await expect(top.nth(1)).toContainText('2 plays');

  // Every chart's numbers as a table.
  const moods = page.getByRole('table', { name: /By mood/ });
  await expect(moods.getByRole('row', { name: 'Mellow 4 1' })).toBeVisible();
  await expect(moods.getByRole('row', { name: 'Nostalgic 2 1' })).toBeVisible();
  await expect(moods.getByRole('row', { name: 'Energetic 0 1' })).toBeVisible();
  await expect(page.getByRole('table', { name: /By tag/ })).toBeVisible();
  await expect(page.getByRole('table', { name: /By decade/ })).toBeVisible();
  await checkScreen(page, 'stats');

  // Dark theme.
  await navButton(page, 'DARK MODE');
  await expect(page.locator('body')).toHaveClass(/\bdark\b/);
  await expect(page.getByRole('table', { name: /By mood/ })).toBeVisible();
  await checkScreen(page, 'stats');

  // A top record opens its details.
  await top.nth(0).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/user/details/${blue.id}$`));
  await expect(page.getByText('Played 4 times')).toBeVisible();
});

test('stats: no spins yet invites a first one', async ({ page, seed }) => {
  const me = await seed.user('statsnew');
  await me.addRecord({ artist: 'Can', title: 'Tago Mago', mood: 'Energetic' });
  await signIn(page, me.user, '/stats');
  await expect(page.getByText('Log a spin to see your listening here.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add a spin' })).toHaveAttribute('href', '/spins/add');
  // The crate's own totals still show: one record, never played.
  await expect(
    page.getByRole('region', { name: 'Totals' }).getByRole('link', { name: '1 record' }),
  ).toBeVisible();
  await checkScreen(page, 'stats-empty');
});
