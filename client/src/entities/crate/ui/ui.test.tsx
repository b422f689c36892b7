import { fireEvent, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import Swal from 'sweetalert2';
import { VirtuosoGridMockContext } from 'react-virtuoso';
import CoverGrid, {
  FRIEND_COLLECTION_COLUMNS,
  OWN_COLLECTION_COLUMNS,
  useInstantRestore,
  type GridRecord,
} from './CoverGrid';
import { makeRecord } from '@/test/records';
import SortSearchBar from './SortSearchBar';

afterEach(() => {
  Swal.close();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('useInstantRestore', () => {
  const root = document.documentElement;
  afterEach(() => {
    root.style.scrollBehavior = '';
  });

  it('makes the page scroll at once while a kept place is restored, then gives the root its own style back', () => {
    // Bootstrap's smooth scrolling made the jump back to the kept place an animation (EXTENSIONS.md §1, §11).
    root.style.scrollBehavior = 'smooth';
    const { result, unmount } = renderHook(() => useInstantRestore(true));
    expect(root.style.scrollBehavior).toBe('auto');
    result.current();
    expect(root.style.scrollBehavior).toBe('smooth');
    // Once only: a later end, or the grid going, leaves the root alone.
    root.style.scrollBehavior = 'auto';
    result.current();
    unmount();
    expect(root.style.scrollBehavior).toBe('auto');
  });

  it('ends when the user scrolls or the grid goes, and does nothing without a place to restore', () => {
    const scrolled = renderHook(() => useInstantRestore(true));
    expect(root.style.scrollBehavior).toBe('auto');
    fireEvent.wheel(window);
    expect(root.style.scrollBehavior).toBe('');
    scrolled.unmount();

    const gone = renderHook(() => useInstantRestore(true));
    expect(root.style.scrollBehavior).toBe('auto');
    gone.unmount();
    expect(root.style.scrollBehavior).toBe('');

    const fresh = renderHook(() => useInstantRestore(false));
    expect(root.style.scrollBehavior).toBe('');
    fresh.result.current();
    fresh.unmount();
    expect(root.style.scrollBehavior).toBe('');
  });
});

describe('CoverGrid', () => {
  const records = [makeRecord({ id: 1, title: 'Blue' }), makeRecord({ id: 2, title: 'Hounds of Love' })];
  // jsdom lays nothing out: the virtualized grid gets fixed sizes (6 cards a row here).
  const sizes = { viewportHeight: 2000, viewportWidth: 600, itemHeight: 100, itemWidth: 100 };
  /**
   * A grid of `shown` labelled "covers", each card linking to `/x/{id}`: with react-virtuoso's
   * mock sizes (`measured`, default {@link sizes}), or none (`null`: no card measured yet).
   */
  const grid = (
    shown: GridRecord[],
    { measured = sizes as typeof sizes | null, columns = OWN_COLLECTION_COLUMNS } = {},
  ) => {
    const cover = (
      <MemoryRouter>
        <CoverGrid records={shown} hrefFor={(r) => `/x/${r.id}`} columns={columns} label="covers" />
      </MemoryRouter>
    );
    return measured ? (
      <VirtuosoGridMockContext.Provider value={measured}>{cover}</VirtuosoGridMockContext.Provider>
    ) : (
      cover
    );
  };

  it('renders one link per record with the album title as alt text, sized, the first row loaded at once', () => {
    const many = Array.from({ length: 8 }, (_, i) => makeRecord({ id: i + 1, title: `Album ${i + 1}` }));
    render(grid(many));
    const list = screen.getByRole('list', { name: 'covers' });
    // EXTENSIONS.md §11: 2 columns on a phone (below 576 px), PRODUCT.md's 1 / 4 / 6 above.
    expect(list).toHaveClass('row-cols-2', 'row-cols-sm-1', 'row-cols-md-4', 'row-cols-lg-6');
    const links = within(list).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual(many.map((r) => `/x/${r.id}`));
    const first = within(links[0]!).getByRole('img', { name: 'Album 1' });
    expect(first).toHaveAttribute('loading', 'eager');
    const seventh = within(links[6]!).getByRole('img', { name: 'Album 7' });
    expect(seventh).toHaveAttribute('loading', 'lazy');
    for (const img of [first, seventh]) {
      expect(img).toHaveAttribute('width', '300');
      expect(img).toHaveAttribute('height', '300');
      expect(img).toHaveAttribute('decoding', 'async');
    }
  });

  it('makes the first two rows of cards in its very first render, before any card is measured', () => {
    // No sizes given: as in a browser's first frame, no card has been measured yet.
    const unmeasured = (count: number) =>
      grid(
        Array.from({ length: count }, (_, i) => makeRecord({ id: i + 1, title: `Album ${i + 1}` })),
        { measured: null },
      );
    const { unmount } = render(unmeasured(300));
    const links = within(screen.getByRole('list', { name: 'covers' })).getAllByRole('link');
    // Two rows of the widest columns (6 on a large screen): a phone's whole screen of covers,
    // each asking for its image at once, instead of one card first.
    expect(links.map((l) => l.getAttribute('href'))).toEqual(
      Array.from({ length: 12 }, (_, i) => `/x/${i + 1}`),
    );
    unmount();
    // A crate shorter than that shows each of its records once.
    render(unmeasured(5));
    expect(within(screen.getByRole('list', { name: 'covers' })).getAllByRole('link')).toHaveLength(5);
  });

  it('makes a new list’s first frame with the screen’s cards only, the rest once it is painted', async () => {
    const crate = (from: number) =>
      Array.from({ length: 300 }, (_, i) => makeRecord({ id: from + i, title: `Album ${from + i}` }));
    // 6 cards a row, 3 rows on the screen.
    const screenSizes = { viewportHeight: 300, viewportWidth: 600, itemHeight: 100, itemWidth: 100 };
    const onScreen = (shown: ReturnType<typeof crate>) => grid(shown, { measured: screenSizes });
    const cards = () => within(screen.getByRole('list', { name: 'covers' })).getAllByRole('link').length;
    // The grid's first list (none shown before) is made wide at once.
    const { rerender } = render(onScreen([]));
    rerender(onScreen(crate(1)));
    const wide = cards();
    // A search's results: another first record.
    rerender(onScreen(crate(1001)));
    const firstFrame = cards();
    expect(firstFrame).toBeGreaterThanOrEqual(18);
    // The screen's cards, and at most the row cut by its lower edge: none made below it.
    expect(firstFrame).toBeLessThanOrEqual(24);
    expect(firstFrame).toBeLessThan(wide);
    expect(within(screen.getByRole('list', { name: 'covers' })).getAllByRole('link')[0]).toHaveAttribute(
      'href',
      '/x/1001',
    );
    // Widened once painted, as wide as the first list.
    await waitFor(() => expect(cards()).toBe(wide));
    // A next page joining the list keeps every card.
    rerender(onScreen([...crate(1001), ...crate(2001)]));
    expect(cards()).toBe(wide);
  });

  it("shows Spincrate's own thumbnails when a record has cover, its coverart while cover is null, the first row at high priority", () => {
    const key = 'abcdef0123456789abcdef0123456789';
    const withCover = makeRecord({
      id: 1,
      title: 'Ours',
      coverart: 'https://coverartarchive.org/release-group/abc/front-500',
      cover: { small: `/covers/${key}-250.webp`, large: `/covers/${key}-500.webp` },
    });
    const without = makeRecord({ id: 2, title: 'Theirs', coverart: 'https://example.test/theirs.jpg' });
    render(grid([withCover, without]));
    const ours = screen.getByRole('img', { name: 'Ours' });
    expect(ours).toHaveAttribute('src', `/covers/${key}-250.webp`);
    expect(ours).toHaveAttribute('srcset', `/covers/${key}-250.webp 250w, /covers/${key}-500.webp 500w`);
    expect(ours).toHaveAttribute('fetchpriority', 'high');
    expect(screen.getByRole('img', { name: 'Theirs' })).toHaveAttribute(
      'src',
      'https://example.test/theirs.jpg',
    );
  });

  it('opens a record in the app on a click or Enter, and leaves a modified click to the browser', async () => {
    /** The path shown, as the app's router has it. */
    function Where() {
      return <p>at {useLocation().pathname}</p>;
    }
    const opened = vi.fn();
    const user = userEvent.setup();
    render(
      <VirtuosoGridMockContext.Provider value={sizes}>
        <MemoryRouter initialEntries={['/crate']}>
          <Routes>
            <Route
              path="/crate"
              element={
                <CoverGrid
                  records={records}
                  hrefFor={(r) => `/x/${r.id}`}
                  columns={OWN_COLLECTION_COLUMNS}
                  label="covers"
                  onOpen={opened}
                />
              }
            />
            <Route path="*" element={<Where />} />
          </Routes>
        </MemoryRouter>
      </VirtuosoGridMockContext.Provider>,
    );
    // A click with Ctrl (a new tab, the browser's own way) is not taken by the app.
    const modified = new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true });
    screen.getByRole('link', { name: 'Hounds of Love' }).dispatchEvent(modified);
    expect(modified.defaultPrevented).toBe(false);
    expect(screen.getByRole('list', { name: 'covers' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Hounds of Love' }));
    expect(await screen.findByText('at /x/2')).toBeInTheDocument();
    expect(opened).toHaveBeenCalledTimes(2);
  });

  it('opens a record from the keyboard', async () => {
    const user = userEvent.setup();
    render(
      <VirtuosoGridMockContext.Provider value={sizes}>
        <MemoryRouter initialEntries={['/crate']}>
          <Routes>
            <Route
              path="/crate"
              element={
                <CoverGrid
                  records={records}
                  hrefFor={(r) => `/x/${r.id}`}
                  columns={OWN_COLLECTION_COLUMNS}
                  label="covers"
                />
              }
            />
            <Route path="/x/:id" element={<p>record page</p>} />
          </Routes>
        </MemoryRouter>
      </VirtuosoGridMockContext.Provider>,
    );
    screen.getByRole('link', { name: 'Blue' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('record page')).toBeInTheDocument();
  });

  it('shows the title and the artist under each cover (EXTENSIONS.md §1)', () => {
    render(grid([makeRecord({ id: 5, title: 'Hounds of Love', artist: 'Kate Bush' })]));
    // The link is named by the title and described by the artist (each heard once).
    const link = screen.getByRole('link', { name: 'Hounds of Love' });
    expect(link).toHaveAccessibleDescription('Kate Bush');
    expect(within(link).getByText('Kate Bush')).toBeVisible();
    expect(within(link).getByText('Hounds of Love')).toBeVisible();
  });

  it('uses 2 (phone, EXTENSIONS.md §11) / 1 / 3 / 6 columns for a friend collection', () => {
    render(grid(records, { columns: FRIEND_COLLECTION_COLUMNS }));
    expect(screen.getByRole('list', { name: 'covers' })).toHaveClass(
      'row-cols-2',
      'row-cols-sm-1',
      'row-cols-md-3',
      'row-cols-lg-6',
    );
  });
});

describe('SortSearchBar', () => {
  it('calls back with the trimmed text and for CLEAR; emptying the box after a search also reloads', async () => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const onSearch = vi.fn();
    const onClear = vi.fn();
    const onSortChange = vi.fn();
    const user = userEvent.setup();
    render(<SortSearchBar sort="newest" onSortChange={onSortChange} onSearch={onSearch} onClear={onClear} />);
    await user.click(screen.getByRole('radio', { name: 'Album [Z-A]' }));
    expect(onSortChange).toHaveBeenCalledWith('title_desc');

    const box = screen.getByRole('searchbox', { name: 'Search records' });
    await user.type(box, '  jazz {Enter}');
    expect(onSearch).toHaveBeenCalledWith('jazz');
    await user.click(screen.getByRole('button', { name: 'CLEAR' }));
    expect(onClear).toHaveBeenCalledTimes(1);
    expect(box).toHaveValue('');

    await user.type(box, 'x{Enter}');
    await user.clear(box);
    expect(onClear).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('button', { name: /SEARCH|CLEAR/ })).not.toBeInTheDocument();
  });
});
