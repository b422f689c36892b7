/**
 * What the journeys do and look at on Spincrate's screens, in the user's terms:
 * the navigation bar (collapsed on a phone), the popups (sweetalert2 dialogs), the
 * cover grids and images.
 */
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures.js';

/** Bootstrap's lg breakpoint, from which the navigation bar is expanded (Nav.tsx `expand="lg"`). */
const NAV_EXPAND_WIDTH = 992;

/**
 * Opens the collapsed navigation menu on narrow screens (below Bootstrap's lg); no-op when expanded.
 *
 * The menu's classes tell its state: `collapse` (shut), `collapse show` (open) or
 * `collapsing` while it animates either way (e.g. still shutting after the last link was
 * chosen). `collapsing` says nothing about the direction, so the helper first waits for
 * the animation to settle, then acts on the state it settled in, then waits for the open
 * menu to settle too.
 */
export async function openNavMenu(page: Page): Promise<void> {
  // Whether the menu collapses is the viewport's business, not the moment's: asking the
  // toggle's visibility would say "desktop" while the signed-in bar is still loading.
  if ((page.viewportSize()?.width ?? Infinity) >= NAV_EXPAND_WIDTH) return;
  const toggle = page.getByRole('button', { name: 'Toggle navigation' });
  await expect(toggle).toBeVisible();
  const menu = page.locator(`#${await toggle.getAttribute('aria-controls')}`);
  await expect(menu).not.toHaveClass(/\bcollapsing\b/);
  if (!/\bshow\b/.test((await menu.getAttribute('class')) ?? '')) await toggle.click();
  await expect(menu).toHaveClass(/\bshow\b/);
  await expect(menu).not.toHaveClass(/\bcollapsing\b/);
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('button', { name: 'LOG OUT' })).toBeVisible();
}

/** Clicks a link of the navigation bar (Profile, Wants, Social, Spins, Blind Bag, Stats), opening the menu first on a phone. */
export async function navLink(
  page: Page,
  name: 'Profile' | 'Wants' | 'Social' | 'Spins' | 'Blind Bag' | 'Stats',
): Promise<void> {
  await openNavMenu(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click();
}

/** Clicks a button of the navigation bar (the theme toggle or LOG OUT), opening the menu first on a phone. */
export async function navButton(page: Page, name: 'DARK MODE' | 'LIGHT MODE' | 'LOG OUT'): Promise<void> {
  await openNavMenu(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name, exact: true }).click();
}

/** A popup (sweetalert2 dialog) with this title, or any popup showing `text`. */
export function popup(page: Page, match: { title?: string; text?: string | RegExp }): Locator {
  let dialog = match.title
    ? page.getByRole('dialog', { name: match.title, exact: true })
    : page.locator('.swal2-popup[role="dialog"]');
  if (match.text) dialog = dialog.filter({ hasText: match.text });
  return dialog;
}

/**
 * Expects the popup `title` with `text` to be showing, and returns it.
 * @param match.title - the popup's title, e.g. "Attention!"
 * @param match.text - its text
 */
export async function expectPopup(
  page: Page,
  match: { title?: string; text: string | RegExp },
): Promise<Locator> {
  const dialog = popup(page, match);
  await expect(dialog).toBeVisible();
  if (match.title) await expect(dialog.getByRole('heading', { name: match.title })).toBeVisible();
  await expect(dialog.getByText(match.text, { exact: typeof match.text === 'string' })).toBeVisible();
  return dialog;
}

/** Confirms the "Attention!" warning of PRODUCT.md §8 with `text` and waits for it to close. */
export async function dismissAttention(page: Page, text: string): Promise<void> {
  const dialog = await expectPopup(page, { title: 'Attention!', text });
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
}

/**
 * Answers the "Are you sure?" confirmation showing `text` with its red "Yes, delete it!"
 * button, after checking that it opened with the focus on Cancel.
 * @returns once the confirmation has closed
 */
export async function confirmDeletion(page: Page, text: string): Promise<void> {
  const dialog = await expectPopup(page, { title: 'Are you sure?', text });
  const yes = dialog.getByRole('button', { name: 'Yes, delete it!' });
  await expect(yes).toBeVisible();
  // PRODUCT.md §8: the confirm button is red.
  await expect(yes).toHaveCSS('background-color', 'rgb(221, 51, 51)');
  // The focus starts on Cancel, so a stray Enter does not delete.
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await yes.click();
  await expect(popup(page, { title: 'Are you sure?' })).toBeHidden();
}

/** Expects the "Deleted!" success notice with `text`, then closes it with OK. */
export async function acknowledgeDeleted(page: Page, text: string): Promise<void> {
  const dialog = await expectPopup(page, { title: 'Deleted!', text });
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
}

/** The cover grid of a collection (its list is labelled "{username}'s records"). */
export function coverGrid(page: Page, owner: string): Locator {
  return page.getByRole('list', { name: `${owner}'s records` });
}

/** The album titles of a cover grid in the order shown (the covers' alt texts). */
async function gridTitles(grid: Locator): Promise<string[]> {
  return grid.getByRole('img').evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).alt));
}

/** Expects the grid to show exactly these titles in this order. */
export async function expectGridOrder(grid: Locator, titles: string[]): Promise<void> {
  await expect.poll(() => gridTitles(grid), { message: 'covers in the grid, in order' }).toEqual(titles);
}

/**
 * Expects a text field's whole placeholder to fit in its box (measured with the field's own
 * font), so a phone shows the words the spec gives it rather than a cut-off part.
 */
export async function expectPlaceholderFits(field: Locator): Promise<void> {
  const fits = await field.evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = style.font;
    const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return context.measureText(input.placeholder).width <= room;
  });
  expect(fits, `the placeholder "${await field.getAttribute('placeholder')}" fits its field`).toBe(true);
}

/** Scrolls the image into view (covers load lazily) and expects it to have loaded and to be visible. */
export async function expectImageLoaded(image: Locator): Promise<void> {
  await image.scrollIntoViewIfNeeded();
  await expect(image).toBeVisible();
  await expect
    .poll(
      () =>
        image.evaluate(
          (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
        ),
      {
        message: `image ${String(image)} has loaded`,
      },
    )
    .toBe(true);
}

/**
 * Picks a sort option: the collection's radio group, or on a phone (below 576 px) its
 * "Sort" select (EXTENSIONS.md §11); then expects it chosen.
 */
export async function sortBy(page: Page, label: string): Promise<void> {
  const select = page.getByRole('combobox', { name: 'Sort', exact: true });
  if (await isPhone(page)) {
    await select.selectOption({ label });
  } else {
    await page.getByRole('radio', { name: label, exact: true }).check();
  }
  await expectSorted(page, label);
}

/** Expects the sort option `label` to be the chosen one (radio checked, or the phone's select showing it). */
export async function expectSorted(page: Page, label: string): Promise<void> {
  if (await isPhone(page)) {
    const select = page.getByRole('combobox', { name: 'Sort', exact: true });
    await expect(select.locator('option:checked')).toHaveText(label);
  } else {
    await expect(page.getByRole('radio', { name: label, exact: true })).toBeChecked();
  }
}

/** True when the page is as narrow as a phone (below Bootstrap's 576 px `sm`). */
export async function isPhone(page: Page): Promise<boolean> {
  return (page.viewportSize()?.width ?? 1280) < 576;
}

/**
 * A date as a user in `timeZone` reads it in the galleries (M/DD/YY, PRODUCT.md §9).
 * @param iso - an ISO timestamp (date_added)
 */
export function shortDateIn(iso: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: '2-digit',
    month: 'numeric',
    day: '2-digit',
  }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('month')}/${part('day')}/${part('year')}`;
}

/** The time zone the browser runs in (playwright.config.ts `timezoneId`). */
export async function browserTimeZone(page: Page): Promise<string> {
  return page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
}

/** A calendar date `days` before today (UTC), in the formats the API and the screens use. */
export interface CalendarDate {
  /** YYYY-MM-DD, as the API takes and returns `listened_at`. */
  iso: string;
  /** MM/DD/YYYY, as the spins list and details show it. */
  long: string;
  /** M/DD/YY, as the galleries show it. */
  short: string;
}

/**
 * The calendar date `days` days ago, so seeded spins are always in the past (API.md:
 * listenedAt up to tomorrow) whatever the machine's clock says.
 */
export function daysAgo(days: number): CalendarDate {
  const date = new Date(Date.now() - days * 86_400_000);
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth() + 1;
  const d = String(date.getUTCDate()).padStart(2, '0');
  return {
    iso: `${y}-${String(m).padStart(2, '0')}-${d}`,
    long: `${String(m).padStart(2, '0')}/${d}/${y}`,
    short: `${m}/${d}/${String(y).slice(-2)}`,
  };
}

/** Makes the crate's export links reachable: on a phone they are in the "More" menu (EXTENSIONS.md §11). */
export async function showExports(page: Page): Promise<void> {
  if (!(await isPhone(page))) return;
  await page.getByText('More', { exact: true }).click();
  await expect(page.getByRole('link', { name: 'Export CSV' })).toBeVisible();
}
