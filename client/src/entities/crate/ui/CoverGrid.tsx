/**
 * A grid of record covers (PRODUCT.md §2 collection and friend collection): each cover
 * is a link to the record, with the album title as alt text and the title and artist
 * under it, one line each (EXTENSIONS.md §1). Built to stay quick with thousands of
 * records: memoised cells, lazy images (the first row eager) at the smallest size that
 * fills the card, with their size reserved (no layout jumps), and off-screen cells
 * skipped by the browser's layout.
 */
import {
  memo,
  useCallback,
  useEffect,
  useInsertionEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type MouseEvent,
  type Ref,
} from 'react';
import { useNavigate } from 'react-router';
import {
  VirtuosoGrid,
  type GridItemProps,
  type GridListProps,
  type GridStateSnapshot,
  type ListRange,
} from 'react-virtuoso';
import CoverImage from '@/lib/components/CoverImage';
import { afterPaint } from '@/lib/afterPaint';
import type { CrateRecord } from '@spincrate/contract';

/** What a card shows of a record: any crate's record, a shared crate's too (no `user_id`). */
export type GridRecord = Pick<CrateRecord, 'id' | 'title' | 'artist' | 'coverart' | 'cover'>;
import './CoverGrid.css';

/** Columns per breakpoint (Bootstrap row-cols): extra-small, medium, large. */
export interface GridColumns {
  xs: number;
  sm?: number;
  md: number;
  lg: number;
}

/**
 * Own collection: 2 on a phone (xs, below 576 px: EXTENSIONS.md §11 replaces PRODUCT.md
 * §9's 1) / 1 (sm) / 4 (md) / 6 (lg).
 */
export const OWN_COLLECTION_COLUMNS: GridColumns = { xs: 2, sm: 1, md: 4, lg: 6 };
/** Friend collection: 2 on a phone (EXTENSIONS.md §11) / 1 (sm) / 3 (md) / 6 (lg). */
export const FRIEND_COLLECTION_COLUMNS: GridColumns = { xs: 2, sm: 1, md: 3, lg: 6 };

/** Pixel size given to every cover image (square), so the browser reserves the space before it loads. */
const COVER_SIZE = 300;

const imgStyle: CSSProperties = { aspectRatio: '1 / 1', objectFit: 'cover' };

/**
 * The card's width for the browser's choice among a cover's sizes: the container's
 * width split in columns (Bootstrap's container maxima 720/960/1140/1320 px) or the
 * viewport below 576 px.
 */
function coverSizes(columns: GridColumns): string {
  return [
    `(min-width: 1400px) ${Math.ceil(1320 / columns.lg)}px`,
    `(min-width: 992px) ${Math.ceil(1140 / columns.lg)}px`,
    `(min-width: 768px) ${Math.ceil(720 / columns.md)}px`,
    `(min-width: 576px) ${Math.ceil(540 / (columns.sm ?? columns.xs))}px`,
    `${Math.ceil(100 / columns.xs)}vw`,
  ].join(', ');
}

interface CoverProps {
  record: GridRecord;
  href: string;
  /** Opens `href` in the app (the router's navigate). */
  go: (href: string) => void;
  /** True for the first row: loaded at once (the largest paint), others when near the viewport. */
  eager?: boolean;
  /** The image's `sizes` (coverSizes). */
  sizes?: string;
  /** Called when the card is clicked (the record opens). */
  onOpen?: () => void;
}

/**
 * Whether a click on a card's link is one the app handles itself (as React Router's Link
 * does): the main button, no modifier key (those open a new tab or window, the browser's way).
 */
function opensInApp(event: MouseEvent<HTMLAnchorElement>): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !event.metaKey &&
    !event.altKey &&
    !event.ctrlKey &&
    !event.shiftKey
  );
}

/**
 * One card: the cover linking to the record, the title and the artist under it. The link is a
 * plain anchor opened in the app on a plain click (and Enter), not a React Router Link each:
 * a Link's hooks were a fifth of a new list's render on a busy phone (issue 24: offline search
 * ≤ 100 ms).
 */
const Cover = memo(function Cover({ record, href, go, eager = false, sizes, onOpen }: CoverProps) {
  const artistId = `cover-artist-${record.id}`;
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    onOpen?.();
    if (!opensInApp(event)) return;
    event.preventDefault();
    go(href);
  };
  return (
    <a
      href={href}
      className="cover-card d-block rounded text-reset text-decoration-none"
      aria-describedby={artistId}
      onClick={open}
    >
      <CoverImage
        coverart={record.coverart}
        cover={record.cover}
        sizes={sizes}
        alt={record.title}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : undefined}
        decoding="async"
        width={COVER_SIZE}
        height={COVER_SIZE}
        className="img-fluid w-100 h-auto rounded shadow-sm"
        style={imgStyle}
      />
      {/* The link's name stays the album title (the image's alt text); the artist is its
          description, so a screen reader hears each once. */}
      <span className="cover-caption cover-caption-title" aria-hidden="true">
        {record.title}
      </span>
      <span className="cover-caption cover-caption-artist" id={artistId} aria-hidden="true">
        {record.artist}
      </span>
    </a>
  );
});

/** Pixels rendered above and below the viewport, so a fast scroll or a short crate shows no gap. */
const OVERSCAN_PX = 1500;
/**
 * Pixels rendered below the viewport in the first frame of a new list (a search, a sort, a
 * folder): none, only the cards on the screen are made before it shows; the rest
 * ({@link OVERSCAN_PX}) follow once it is painted (issue 24: offline search ≤ 100 ms on a busy
 * phone, where the cards below the screen were half of that frame's cards).
 */
const FIRST_FRAME_OVERSCAN = { top: OVERSCAN_PX, bottom: 0 };

/**
 * Cards made in the grid's very first render, before a card has been measured: without it the
 * grid makes one card, measures it and only then the others, a frame and a task later, so the
 * covers in sight are asked for late (issue 24: offline start to the first cover ≤ 1.5 s). Two
 * rows at the widest columns: a phone's screen of covers, a desktop's first rows.
 */
const FIRST_RENDER_ROWS = 2;

/** The next page is asked for when the rendered cards come this close to the last loaded one. */
const END_LOOKAHEAD = 12;

/** A card's key: its record's id (a card never shows another record's cover while that one loads). */
const recordKey = (_index: number, record: GridRecord) => record.id;

/** What the grid hands its list and items: the list's name, and whether newer records are on their way. */
interface ContextProp {
  context: { label: string };
}

/** Where a grid was scrolled to, kept per screen (module memory: survives a visit to a record). */
const savedStates = new Map<string, GridStateSnapshot>();

/** Where a kept place counts as reached: the restored scroll within this many pixels of it. */
const PLACE_REACHED_PX = 1;

/** What the user does to scroll the page themselves (the kept place is theirs from then on). */
const USER_SCROLL_EVENTS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * Makes the page's own scrolling instant while a grid goes back to its kept place
 * (EXTENSIONS.md §1 "restores the scroll position", §11 "Back still restores the place it
 * left"). Bootstrap sets `scroll-behavior: smooth` on the root, so the grid's jump to the
 * kept place was an animation through every row above it (over a second on a phone): a
 * tap, or a look, during it found the page rows above the place left. The root's own style
 * says `auto` from before the grid's first effects (the grid scrolls in its own layout
 * effects) until the place is reached, the user scrolls, or the grid goes; then the root's
 * style is as it was (a new sort's or search's scroll to the top stays smooth).
 * @param active - true when the grid restores a kept place (its first render only)
 * @returns a function ending the instant scrolling (called once the place is reached)
 */
export function useInstantRestore(active: boolean): () => void {
  const end = useRef<(() => void) | null>(null);
  useInsertionEffect(() => {
    if (!active) return undefined;
    const root = document.documentElement;
    const before = root.style.scrollBehavior;
    root.style.scrollBehavior = 'auto';
    const stop = () => {
      if (end.current !== stop) return;
      end.current = null;
      root.style.scrollBehavior = before;
      for (const type of USER_SCROLL_EVENTS) window.removeEventListener(type, stop, true);
    };
    for (const type of USER_SCROLL_EVENTS) window.addEventListener(type, stop, { capture: true, passive: true });
    end.current = stop;
    return stop;
    // Only the first render restores a place (`active` is read once).
  }, []);
  return useCallback(() => end.current?.(), []);
}

/** The list element: a Bootstrap row of columns, named for screen readers. */
function GridList({ ref, context, children, ...props }: GridListProps<HTMLUListElement> & ContextProp) {
  return (
    <ul {...props} ref={ref as Ref<HTMLUListElement>} aria-label={context.label}>
      {children}
    </ul>
  );
}

/** One cell: a Bootstrap column. */
function GridItem({ ref, context: _context, children, ...props }: GridItemProps & ContextProp) {
  return (
    <li {...props} ref={ref as unknown as Ref<HTMLLIElement>}>
      {children}
    </li>
  );
}

/** The grid's props (see CoverGrid). */
interface GridProps {
  records: readonly GridRecord[];
  /** The link of one record's card (method syntax: a screen's own record type may be passed). */
  hrefFor(record: GridRecord): string;
  columns: GridColumns;
  label: string;
  placeKey?: string;
  restorePlace?: boolean;
  onOpen?: () => void;
  onEndReached?: () => void;
}

/**
 * The cover grid (memoised: a screen's re-render, e.g. for its URL query, skips it when
 * its props are unchanged), virtualized (react-virtuoso's VirtuosoGrid on the page's own scroll):
 * only the cards near the viewport are in the DOM, so 20,000 records scroll like 20
 * (EXTENSIONS.md §1). The columns stay Bootstrap's `row-cols-*` per breakpoint.
 * @param records - the records, already sorted
 * @param hrefFor - the link of one record's cover
 * @param columns - columns per breakpoint
 * @param label - accessible name of the list
 * @param placeKey - when given, the scroll place is kept under this key
 * @param restorePlace - true when the screen shows again after one of its records was
 *   opened (Back): the grid starts at the kept place
 * @param onOpen - called when a card is clicked
 * @param onEndReached - called when the last loaded card comes near the viewport (next page)
 * @param busy - true while the records shown make way for a new sort or search (the
 *   previous cards stay, dimmed and `aria-busy`, until the new first page comes)
 */
export default memo(function CoverGrid({ busy = false, ...grid }: GridProps & { busy?: boolean }) {
  // The busy mark is on a wrapper: changing it leaves the grid and its cards untouched.
  return (
    <div className={busy ? 'cover-grid cover-grid-busy' : 'cover-grid'} aria-busy={busy}>
      <Grid {...grid} />
    </div>
  );
});

/** The virtualized grid itself (see CoverGrid). */
const Grid = memo(function Grid({
  records,
  hrefFor,
  columns,
  label,
  placeKey,
  restorePlace = false,
  onOpen,
  onEndReached,
}: GridProps) {
  const cols = [
    `row-cols-${columns.xs}`,
    columns.sm ? `row-cols-sm-${columns.sm}` : '',
    `row-cols-md-${columns.md}`,
    `row-cols-lg-${columns.lg}`,
  ]
    .filter(Boolean)
    .join(' ');
  const sizes = coverSizes(columns);
  const restore = useRef(placeKey && restorePlace ? savedStates.get(placeKey) : undefined);
  const restoring = (restore.current?.scrollTop ?? 0) > 0;
  const endInstant = useInstantRestore(restoring);
  const context = useMemo(() => ({ label }), [label]);
  const keep = useCallback(
    (state: GridStateSnapshot) => {
      const target = restore.current?.scrollTop;
      if (target !== undefined && Math.abs(state.scrollTop - target) <= PLACE_REACHED_PX) endInstant();
      if (placeKey) savedStates.set(placeKey, state);
    },
    [placeKey, endInstant],
  );
  // Every change of the rendered range near the end asks again (the screen's saga drops a
  // request for a page already on its way), so a request dropped once is not the last.
  const count = useRef(records.length);
  count.current = records.length;
  const nearEnd = useCallback(
    (range: ListRange) => {
      if (onEndReached && count.current > 0 && range.endIndex >= count.current - 1 - END_LOOKAHEAD)
        onEndReached();
    },
    [onEndReached],
  );
  // A new list replacing the one shown (its first record changed) is made with the smaller
  // overscan, widened once painted; the grid's first list, and a next page joining the list,
  // are made wide at once.
  const first = records[0]?.id;
  const [wideFor, setWideFor] = useState(first);
  const narrow = wideFor !== undefined && wideFor !== first;
  useEffect(() => {
    if (wideFor === first) return undefined;
    if (!narrow) {
      setWideFor(first);
      return undefined;
    }
    return afterPaint(() => setWideFor(first));
  }, [first, wideFor, narrow]);
  const overscan = narrow ? FIRST_FRAME_OVERSCAN : OVERSCAN_PX;
  const eagerCount = columns.lg;
  // The router's navigate, changing with the location, read when a card is opened: the cards
  // are not made again for a new URL query.
  const navigate = useNavigate();
  const navigateNow = useRef(navigate);
  useEffect(() => {
    navigateNow.current = navigate;
  }, [navigate]);
  const go = useCallback((href: string) => void navigateNow.current(href), []);
  const itemContent = useCallback(
    (index: number, record: GridRecord) => (
      <Cover
        record={record}
        href={hrefFor(record)}
        go={go}
        eager={index < eagerCount}
        sizes={sizes}
        onOpen={onOpen}
      />
    ),
    [hrefFor, go, eagerCount, sizes, onOpen],
  );
  return (
    <VirtuosoGrid
      useWindowScroll
      data={records as GridRecord[]}
      context={context}
      components={{ List: GridList, Item: GridItem }}
      listClassName={`row ${cols} g-3 list-unstyled`}
      itemClassName="col"
      increaseViewportBy={overscan}
      initialItemCount={Math.min(records.length, FIRST_RENDER_ROWS * columns.lg)}
      computeItemKey={recordKey}
      restoreStateFrom={restore.current}
      stateChanged={keep}
      endReached={onEndReached}
      rangeChanged={nearEnd}
      itemContent={itemContent}
    />
  );
});
