/**
 * Journey 4, spins (PRODUCT.md §2 spins list, add spin, spin details; §5 add spin; §8;
 * §9 formats and timings): a spin logged with the date picker and the searchable record
 * picker (1 s delay), its card (MM/DD/YYYY), its details (carousel, LENGTH of SPIN,
 * ALBUMS), and its deletion with confirmation. EXTENSIONS.md §11: a date typed beyond
 * tomorrow stays in its field, marked invalid with its message, on a phone and in the dark
 * theme, and nothing is sent until it is corrected.
 */
import { checkScreen, expect, signIn, test } from '@/support/fixtures.js';
import {
  confirmDeletion,
  dismissAttention,
  expectImageLoaded,
  expectPopup,
  navButton,
  popup,
} from '@/support/ui.js';

/** Today's year, month (1–12) and day in `timeZone`. */
function todayIn(timeZone: string): { year: number; month: number; day: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(new Date());
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}

/** The day `days` after today in `timeZone`, as the date picker shows it (MM/DD/YYYY). */
function daysAheadIn(timeZone: string, days: number): string {
  const today = todayIn(timeZone);
  const date = new Date(Date.UTC(today.year, today.month - 1, today.day + days));
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(date.getUTCMonth() + 1)}/${two(date.getUTCDate())}/${date.getUTCFullYear()}`;
}

/** How react-datepicker names a day (date-fns "PPPP" in English), e.g. "Sunday, February 15th, 2026". */
function longDayName(year: number, month: number, day: number): string {
  const date = new Date(Date.UTC(year, month - 1, day));
  const weekday = date.toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' });
  const monthName = date.toLocaleDateString('en-US', { month: 'long', timeZone: 'UTC' });
  const suffix =
    day % 10 === 1 && day !== 11
      ? 'st'
      : day % 10 === 2 && day !== 12
        ? 'nd'
        : day % 10 === 3 && day !== 13
          ? 'rd'
          : 'th';
  return `${weekday}, ${monthName} ${day}${suffix}, ${year}`;
}

test('spins: log one with the date and record pickers, read its details, delete it', async ({
  page,
  seed,
}, testInfo) => {
  const me = await seed.user('spinner');
  await me.addRecord({ artist: 'Miles Davis', title: 'Kind of Blue', mood: 'Mellow' });
  await me.addRecord({ artist: 'John Coltrane', title: 'Blue Train', mood: 'Groovy' });
  await me.addRecord({ artist: 'Fleetwood Mac', title: 'Rumours', mood: 'Nostalgic' });
  await signIn(page, me.user, '/spins');

  await expect(page.getByRole('heading', { name: 'spins', level: 1 })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Spins' }).getByRole('listitem')).toHaveCount(0);
  await page.getByRole('button', { name: 'Add Spin' }).click();
  await expect(page).toHaveURL(/\/spins\/add$/);

  // Every field is required.
  const dateField = page.getByRole('textbox', { name: 'Pick Date' });
  const hours = page.getByRole('spinbutton', { name: 'Hours' });
  const minutes = page.getByRole('spinbutton', { name: 'Minutes' });
  const details = page.getByRole('textbox', { name: 'Spin Details' });
  const records = page.getByRole('combobox', { name: 'Select Spun Records' });
  await expect(hours).toHaveAttribute('min', '0');
  await expect(minutes).toHaveAttribute('min', '0');
  await expect(minutes).toHaveAttribute('max', '59');
  await checkScreen(page, 'add-spin');
  await page.getByRole('button', { name: 'ADD SPIN' }).click();
  await dismissAttention(page, 'Please fill form before submit');

  // The date picker: English, weeks from Sunday, closes on its own after a pick.
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const today = todayIn(zone);
  const month = today.month === 1 ? 12 : today.month - 1;
  const year = today.month === 1 ? today.year - 1 : today.year;
  await dateField.click();
  const calendar = page.locator('.react-datepicker');
  await expect(calendar).toBeVisible();
  await expect(calendar.getByRole('columnheader').first()).toHaveAccessibleName('Sunday');
  await checkScreen(page, 'add-spin-date-picker');
  await calendar.getByRole('button', { name: 'Previous Month' }).click();
  await calendar.getByRole('gridcell', { name: `Choose ${longDayName(year, month, 15)}` }).click();
  await expect(calendar).toBeHidden();
  // The picker gives the focus back to its field (react-datepicker does it a moment after the
  // pick): wait for that, so the next field's typing is not cut off by it on a busy machine.
  await expect(dateField).toBeFocused();
  const picked = `${String(month).padStart(2, '0')}/15/${year}`;
  await expect(dateField).toHaveValue(picked);

  await hours.fill('1');
  await minutes.fill('5');
  await details.fill('Sunday morning, coffee and jazz');

  // The record picker searches titles and answers after one second.
  await records.click();
  const started = Date.now();
  await records.fill('blue');
  const kindOption = page.getByRole('option', { name: 'Kind of Blue by Miles Davis' });
  await expect(page.getByText('Loading...')).toBeVisible();
  await expect(kindOption).toBeVisible();
  expect(Date.now() - started, 'the search answered after its 1 s delay').toBeGreaterThanOrEqual(950);
  await expect(page.getByRole('option')).toHaveText([
    'Blue Train by John Coltrane',
    'Kind of Blue by Miles Davis',
  ]);
  await checkScreen(page, 'add-spin-record-picker');
  await kindOption.click();
  await records.fill('rum');
  await page.getByRole('option', { name: 'Rumours by Fleetwood Mac' }).click();
  const chosen = page.locator('.spin-records__multi-value__label');
  await expect(chosen).toHaveText(['Kind of Blue', 'Rumours']);
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'ADD SPIN' }).click();
  await expect(page).toHaveURL(/\/spins$/);

  // The card: record icon, the date as MM/DD/YYYY, the details.
  const cards = page.getByRole('list', { name: 'Spins' }).getByRole('link');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(picked);
  await expect(cards.first()).toContainText('Sunday morning, coffee and jazz');
  await expect(cards.first().locator('img')).toHaveAttribute('src', '/record-light.svg');
  await checkScreen(page, 'spins');
  const [spin] = await me.spins();
  expect(spin, 'the spin was stored').toBeDefined();
  expect(spin!.time_spent).toBe('1:05');

  // Details: carousel, LISTENED on, LENGTH of SPIN, DETAILS, ALBUMS.
  await cards.first().click();
  await expect(page).toHaveURL(new RegExp(`/spins/details/${spin!.id}$`));
  await expect(page.getByRole('heading', { name: 'spin details' })).toBeVisible();
  const value = (term: string) => page.locator(`dt:text-is("${term}") + dd`);
  await expect(value('LISTENED on')).toHaveText(picked);
  await expect(value('LENGTH of SPIN')).toHaveText('1:05');
  await expect(value('DETAILS')).toHaveText('Sunday morning, coffee and jazz');
  await expect(value('ALBUMS').getByRole('listitem')).toHaveText([
    'Kind of Blue by Miles Davis',
    'Rumours by Fleetwood Mac',
  ]);

  const carousel = page.locator('.carousel');
  await expect(carousel.locator('.carousel-item')).toHaveCount(2);
  await expect(
    carousel.locator('.carousel-control-prev, .carousel-control-next, .carousel-indicators'),
  ).toHaveCount(0);
  // Fades from 768 px wide (PRODUCT.md §9); slides on the phone.
  if (testInfo.project.name === 'desktop') await expect(carousel).toHaveClass(/carousel-fade/);
  else await expect(carousel).not.toHaveClass(/carousel-fade/);
  const active = carousel.locator('.carousel-item.active img');
  await expectImageLoaded(active);
  // The carousel pauses while the pointer rests on it (the click on the card left it there): move it away.
  await page.mouse.move(1, 1);
  const first = await active.getAttribute('alt');
  // The next cover comes after the 1.5 s interval.
  await expect.poll(() => active.getAttribute('alt'), { timeout: 6000 }).not.toBe(first);
  await checkScreen(page, 'spin-details');

  // Back, forth, then delete with confirmation.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/spins$/);
  await cards.first().click();
  await expect(value('LENGTH of SPIN')).toHaveText('1:05');
  await page.getByRole('button', { name: 'delete spin' }).click();
  await expectPopup(page, {
    title: 'Are you sure?',
    text: "This will permanently delete the spin. You won't be able to revert this!",
  });
  await checkScreen(page, 'delete-spin-confirm');
  await confirmDeletion(page, "This will permanently delete the spin. You won't be able to revert this!");
  await expect(page).toHaveURL(/\/spins$/);
  const deleted = await expectPopup(page, { title: 'Deleted!', text: 'Your spin has been deleted.' });
  await deleted.getByRole('button', { name: 'OK' }).click();
  await expect(cards).toHaveCount(0);
  expect(await me.spins()).toEqual([]);
});

test('spins: a date typed beyond tomorrow stays in its field, marked invalid, in both themes (EXTENSIONS.md §11)', async ({
  page,
  seed,
}) => {
  const me = await seed.user('farahead');
  await me.addRecord({ artist: 'Miles Davis', title: 'Kind of Blue', mood: 'Mellow' });
  await signIn(page, me.user, '/spins/add');
  const dateField = page.getByRole('textbox', { name: 'Pick Date' });
  await expect(dateField).toBeVisible();
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const farAhead = daysAheadIn(zone, 30);
  const tomorrow = daysAheadIn(zone, 1);
  const message = `${farAhead} is after tomorrow: a spin can be dated ${tomorrow} at the latest.`;

  await dateField.fill(farAhead);
  await dateField.press('Enter');
  await expect(page.locator('.react-datepicker')).toBeHidden();

  // Marked invalid as Bootstrap draws it (the border in the message's colour), and the page
  // still fits a 375 px phone.
  const expectRefused = async () => {
    await expect(dateField).toHaveValue(farAhead);
    await expect(dateField).toHaveAttribute('aria-invalid', 'true');
    await expect(dateField).toHaveClass(/\bis-invalid\b/);
    await expect(dateField).toHaveAccessibleDescription(message);
    const feedback = page.getByRole('alert').filter({ hasText: 'is after tomorrow' });
    await expect(feedback).toBeVisible();
    const border = await dateField.evaluate((input) => getComputedStyle(input).borderTopColor);
    expect(border).toBe(await feedback.evaluate((element) => getComputedStyle(element).color));
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, 'no sideways scrolling').toBeLessThanOrEqual(0);
  };
  await expectRefused();
  await checkScreen(page, 'add-spin-date-refused');

  // Every other field filled: ADD SPIN sends nothing and goes back to the date, the calendar
  // closed so its text and message stay in sight.
  await page.getByRole('spinbutton', { name: 'Hours' }).fill('1');
  await page.getByRole('spinbutton', { name: 'Minutes' }).fill('5');
  await page.getByRole('textbox', { name: 'Spin Details' }).fill('From the future');
  const records = page.getByRole('combobox', { name: 'Select Spun Records' });
  await records.click();
  await records.fill('kind');
  await page.getByRole('option', { name: 'Kind of Blue by Miles Davis' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'ADD SPIN' }).click();
  await expect(dateField).toBeFocused();
  await expect(page.locator('.react-datepicker')).toBeHidden();
  await expect(popup(page, {})).toHaveCount(0);
  await expect(page).toHaveURL(/\/spins\/add$/);
  await expectRefused();

  // The same in the dark theme.
  await navButton(page, 'DARK MODE');
  await expect(page.locator('body')).toHaveClass(/\bdark\b/);
  await expectRefused();
  await checkScreen(page, 'add-spin-date-refused');
  expect(await me.spins()).toEqual([]);

  // Tomorrow is allowed (API.md "Field rules"): the mark and the message go, and the spin is
  // logged with it.
  await dateField.fill(tomorrow);
  await dateField.press('Enter');
  await expect(dateField).toHaveValue(tomorrow);
  await expect(dateField).not.toHaveAttribute('aria-invalid');
  await expect(dateField).not.toHaveClass(/\bis-invalid\b/);
  await expect(page.getByText('is after tomorrow')).toHaveCount(0);
  await page.getByRole('button', { name: 'ADD SPIN' }).click();
  await expect(page).toHaveURL(/\/spins$/);
  await expect.poll(async () => (await me.spins()).length).toBe(1);
});
