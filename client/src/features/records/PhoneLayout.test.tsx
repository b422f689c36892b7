/**
 * The crates on a phone, below 576 px (EXTENSIONS.md §11): the sort radios become one
 * "Sort" select with the same options, labels and URL, and the export links go into a
 * "More" menu beside Add record and Import.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeRecord } from '@/test/records';
import { LOADING_SHOWN_KEY } from '@/lib/components/LoadingScreen';
import { renderApp, signedIn } from '@/test/render';
import { server } from '@/test/server';
import { fakePagedList, trackRequests } from './testing';

trackRequests();

/** A phone's screen: only the phone query matches. */
function onPhone() {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: query === '(max-width: 575.98px)',
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

const SORT_LABELS = [
  'Newest Records',
  'Oldest Records',
  'Artist [A-Z]',
  'Artist [Z-A]',
  'Album [A-Z]',
  'Album [Z-A]',
  'Most Played',
  'Least Recently Played',
  // EXTENSIONS.md §5: "Top Rated" and "Most Expensive".
  'Top Rated',
  'Most Expensive',
];

describe('the crate on a phone', () => {
  beforeEach(() => {
    sessionStorage.setItem(LOADING_SHOWN_KEY, '1');
    onPhone();
  });
  afterEach(() => vi.restoreAllMocks());

  it('sorts with one "Sort" select (same options, labels and URL) and keeps the exports in a "More" menu', async () => {
    const user = userEvent.setup();
    server.use(
      ...fakePagedList('/api/record', () => [
        makeRecord({ id: 1, title: 'Blue', artist: 'Joni Mitchell' }),
        makeRecord({ id: 2, title: 'Aja', artist: 'Steely Dan' }),
      ]),
    );
    renderApp({ route: '/user/profile', state: signedIn() });
    const sort = await screen.findByRole('combobox', { name: 'Sort' });
    expect(
      within(sort)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(SORT_LABELS);
    expect(sort).toHaveDisplayValue('Newest Records');
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();

    await user.selectOptions(sort, 'Oldest Records');
    await waitFor(() => expect(screen.getByTestId('location-query')).toHaveTextContent('?sort=oldest'));
    expect(sort).toHaveDisplayValue('Oldest Records');

    // Add record and Import stay buttons; the exports are behind "More".
    expect(screen.getByRole('link', { name: 'Add record' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Import from Discogs' })).toBeVisible();
    const more = screen.getByText('More');
    const menu = more.closest('details')!;
    expect(menu).not.toHaveAttribute('open');
    await user.click(more);
    expect(menu).toHaveAttribute('open');
    expect(within(menu).getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/record/export?format=csv',
    );
    expect(within(menu).getByRole('link', { name: 'Export JSON' })).toHaveAttribute(
      'href',
      '/api/record/export?format=json',
    );
  });
});
