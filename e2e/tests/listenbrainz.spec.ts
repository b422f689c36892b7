/**
 * Journey: spins on ListenBrainz (issue 23; EXTENSIONS.md §8; API.md "ListenBrainz"):
 * connect with a token on the settings screen, log a spin of two sides of a four-sided LP
 * (side chips, hours and minutes filled from the sides, a "Started at" time), see "Sent to
 * ListenBrainz · 6 listens" in the spin's details once the fake ListenBrainz has them (one
 * listen per track of the two sides, in order, from the start time), then disconnect. Both
 * themes, axe on every screen.
 */
import { checkScreen, expect, signIn, test, fakeBaseUrl } from '@/support/fixtures.js';
import { LISTENBRAINZ_URL_ENV } from '@/support/locations.js';
import { navButton, openNavMenu } from '@/support/ui.js';

/** The fake ListenBrainz global setup started (its control routes are under /__fake). */
function listenBrainzUrl(): string {
  const url = process.env[LISTENBRAINZ_URL_ENV];
  if (!url) throw new Error(`${LISTENBRAINZ_URL_ENV} is not set: run the suite with playwright test.`);
  return url;
}

interface StoredListen {
  user_name: string;
  listened_at: number;
  track_metadata: { track_name: string; additional_info?: { tracknumber?: string } };
}

/** The listens the fake ListenBrainz stored for `userName`. */
async function storedListens(userName: string): Promise<StoredListen[]> {
  const response = await fetch(`${listenBrainzUrl()}/__fake/listens`);
  const all = (await response.json()) as StoredListen[];
  return all.filter((listen) => listen.user_name === userName);
}

test('listenbrainz: connect, log two sides of an LP, see it sent as listens, disconnect', async ({
  page,
  seed,
}, testInfo) => {
  const me = await seed.user('scrobbler');
  // The fake MusicBrainz's four-sided LP (A–D, three tracks each; C2 has no length), found
  // through its Discogs release as a Discogs import would.
  const url = await fetch(
    `${fakeBaseUrl()}/ws/2/url?resource=${encodeURIComponent('https://www.discogs.com/release/7000002')}&inc=release-rels&fmt=json`,
  );
  const relation = (await url.json()) as { relations: Array<{ release: { id: string } }> };
  const releaseId = relation.relations[0]!.release.id;
  const moodId = await me.moodId('Mellow');
  const added = await me.request.post('/api/record/add', {
    data: { artist: 'Orbit Sessions', title: 'Long Player', mood: moodId, mb_release_id: releaseId },
  });
  expect(added.status()).toBe(201);
  await me.addRecord({ artist: 'Miles Davis', title: 'Kind of Blue' });

  // A token the fake ListenBrainz knows, for a ListenBrainz user of this test's own.
  const lbUser = `lb_${me.user.username}`.slice(0, 60);
  const token = `token-${testInfo.project.name}-${me.user.id}`;
  const made = await fetch(`${listenBrainzUrl()}/__fake/users`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token, user_name: lbUser }),
  });
  expect(made.status).toBe(204);

  // Connect on the settings screen, from the signed-in menu.
  await signIn(page, me.user);
  await openNavMenu(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'ListenBrainz' }).click();
  await expect(page.getByRole('heading', { name: 'ListenBrainz', level: 1 })).toBeVisible();
  const tokenField = page.getByLabel('ListenBrainz user token');
  await expect(tokenField).toBeVisible();
  await checkScreen(page, 'listenbrainz-settings');
  await tokenField.fill(token);
  await page.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByText(`Connected as ${lbUser}`)).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Send my spins automatically' })).toBeChecked();
  await checkScreen(page, 'listenbrainz-connected');

  // Add a spin: a past date, the LP's sides B and C only, a start time.
  await page.goto('/spins/add');
  const dateField = page.getByRole('textbox', { name: 'Pick Date' });
  await dateField.fill('01/05/2026');
  await dateField.press('Enter');
  await expect(dateField).toHaveValue('01/05/2026');
  await page.getByRole('textbox', { name: 'Spin Details' }).fill('Both middle sides, late');
  const records = page.getByRole('combobox', { name: 'Select Spun Records' });
  await records.click();
  await page.getByRole('option', { name: 'Long Player by Orbit Sessions' }).click();
  await page.keyboard.press('Escape');
  const chips = page.getByRole('group', { name: 'Sides of Long Player' });
  const side = (letter: string) => chips.getByRole('button', { name: `Side ${letter}`, exact: true });
  await expect(chips.getByRole('button')).toHaveText(['Side A', 'Side B', 'Side C', 'Side D']);
  for (const letter of ['A', 'B', 'C', 'D'])
    await expect(side(letter)).toHaveAttribute('aria-pressed', 'true');
  const hours = page.getByRole('spinbutton', { name: 'Hours' });
  const minutes = page.getByRole('spinbutton', { name: 'Minutes' });
  // All four sides: 16:44 + 18:05 + 10:47 (C2 counts 60 s) + 14:27 = 60:03.
  await expect(hours).toHaveValue('1');
  await expect(minutes).toHaveValue('0');
  await checkScreen(page, 'add-spin-sides');
  // Side A off with the keyboard, side D off with a click: B and C stay (28:52 → 29 minutes).
  await side('A').focus();
  await page.keyboard.press('Space');
  await side('D').click();
  await expect(side('A')).toHaveAttribute('aria-pressed', 'false');
  await expect(side('D')).toHaveAttribute('aria-pressed', 'false');
  await expect(hours).toHaveValue('0');
  await expect(minutes).toHaveValue('29');
  const startedAt = page.getByRole('textbox', { name: 'Started at' });
  await startedAt.fill('8:30 PM');
  await startedAt.press('Escape');
  await expect(startedAt).toHaveValue('8:30 PM');
  await page.getByRole('button', { name: 'ADD SPIN' }).click();
  await expect(page).toHaveURL(/\/spins$/);

  // The spin's details say so once the fake ListenBrainz has the listens.
  // The screen lists the spin as soon as it is sent; wait until the server has stored it.
  await expect.poll(async () => (await me.spins()).length, { message: 'the spin was stored' }).toBe(1);
  const [spin] = await me.spins();
  await page.getByRole('list', { name: 'Spins' }).getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/spins/details/${spin!.id}$`));
  await expect(page.getByText('Sent to ListenBrainz · 6 listens')).toBeVisible({ timeout: 60_000 });
  await checkScreen(page, 'spin-sent-to-listenbrainz');
  const listens = await storedListens(lbUser);
  expect(listens.map((l) => l.track_metadata.additional_info?.tracknumber)).toEqual([
    'B1',
    'B2',
    'B3',
    'C1',
    'C2',
    'C3',
  ]);
  expect(listens.map((l) => l.track_metadata.track_name)).toEqual([
    'Orbit',
    'Weightless',
    'Dark Side',
    'Signal',
    'Interlude (untimed)',
    'Re-entry',
  ]);
  // 8:30 PM on 01/05/2026 in the browser's zone (America/Los_Angeles, PST: UTC−8).
  expect(listens[0]!.listened_at).toBe(Date.UTC(2026, 0, 6, 4, 30) / 1000);

  // The dark theme: the details, the add-spin chips and the settings.
  await navButton(page, 'DARK MODE');
  await expect(page.locator('body')).toHaveClass(/\bdark\b/);
  await expect(page.getByText('Sent to ListenBrainz · 6 listens')).toBeVisible();
  await checkScreen(page, 'spin-sent-to-listenbrainz');
  await page.goto('/spins/add');
  await records.click();
  await page.getByRole('option', { name: 'Long Player by Orbit Sessions' }).click();
  await page.keyboard.press('Escape');
  await expect(side('A')).toHaveAttribute('aria-pressed', 'true');
  await checkScreen(page, 'add-spin-sides');

  // Disconnect: the token form comes back, and nothing more is sent.
  await page.goto('/settings/listenbrainz');
  await expect(page.getByText(`Connected as ${lbUser}`)).toBeVisible();
  await checkScreen(page, 'listenbrainz-connected');
  await page.getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByLabel('ListenBrainz user token')).toBeVisible();
  await expect(page.getByText(`Connected as ${lbUser}`)).toHaveCount(0);
  await checkScreen(page, 'listenbrainz-settings');
  const account = await me.request.get('/api/user/listenbrainz');
  expect(await account.json()).toMatchObject({ connected: false });
});
