/**
 * A shared crate, /s/{token} (EXTENSIONS.md §7; API.md "Share links"): a public page, with
 * no navigation of a signed-in user, showing the owner's name and their crate as a friend
 * sees it — the cover grid with sort, search, the folder filter, captions and virtual
 * paging (EXTENSIONS.md §1), each cover opening the record read-only — and the spins or
 * wants tab when the link's scope has them. Sort, search, folder and tab live in the URL
 * query. A revoked or unknown link says "This link doesn't work any more." The page asks
 * robots not to index it and sends no referrer (the server's page carries the same).
 */
import { showFallbackCover } from '@/lib/covers';
import CoverImage from '@/lib/components/CoverImage';
import { useCallback, useEffect, useRef, useState } from 'react';
import Container from 'react-bootstrap/Container';
import BsNav from 'react-bootstrap/Nav';
import { Link, useParams, useSearchParams } from 'react-router';
import {
  DEFAULT_RECORD_SORT,
  recordSortOf,
  searchActive,
  type FolderCount,
  type PublicShare,
  type PublicWant,
  type RecordSort,
  type SpinListItem,
} from '@spincrate/contract';
import { errorStatus } from '@/lib/api';
import CoverGrid, { FRIEND_COLLECTION_COLUMNS, type GridRecord } from '@/entities/crate/ui/CoverGrid';
import SortSearchBar from '@/entities/crate/ui/SortSearchBar';
import FolderSelect from '@/entities/crate/ui/FolderSelect';
import { useFolderParam } from '@/entities/crate/folders';
import { formatLongDate } from '@/lib/dates';
import { SORT_OPTIONS } from '@/entities/crate/sort';
import { markRecordOpened, useListHandlers, useListQuery, useReturning } from '@/entities/crate/listView';
import { paths } from '@/lib/paths';
import { countOf } from '@/lib/plural';
import {
  getShare,
  getSharedFolders,
  getSharedRecords,
  getSharedSpins,
  getSharedWants,
  type SharedPage,
  type SharedQuery,
} from './share.api';

/** What a revoked, unknown or mistyped link shows (EXTENSIONS.md §7). */
const LINK_GONE_TEXT = "This link doesn't work any more.";

/** The robots and referrer tags of a shared page (React puts them into the document's head). */
export function SharedPageMeta() {
  return (
    <>
      <meta name="robots" content="noindex" />
      <meta name="referrer" content="no-referrer" />
    </>
  );
}

/** The message of a link that does not open. */
export function LinkGone() {
  return (
    <Container className="py-5 text-center">
      <SharedPageMeta />
      <h1 className="h3">Shared crate</h1>
      <p role="alert" className="lead">
        {LINK_GONE_TEXT}
      </p>
      <Link to={paths.home}>Go to Spincrate</Link>
    </Container>
  );
}

/** The key under which the grid's query is kept while a record is open. */
export const sharedPlaceKey = (token: string) => `shared:${token}`;

/**
 * The sorts a shared crate offers: every sort of the crate but "Most Expensive" — a shared
 * crate's records carry no price (API.md "Share links": as a friend sees them), so the
 * server cannot sort by it and answers newest first.
 */
const SHARED_SORT_OPTIONS = SORT_OPTIONS.filter((option) => option.sort !== 'price_desc');

/**
 * The sort a shared crate shows for the URL's `sort`: one it offers, else what the server
 * answers instead ("Most Expensive" sorts newest first there).
 * @param sort - the URL query's `sort` (already read with the contract's `recordSortOf`)
 */
function sharedSortOf(sort: RecordSort): RecordSort {
  return SHARED_SORT_OPTIONS.some((option) => option.sort === sort) ? sort : DEFAULT_RECORD_SORT;
}

/** What the crate tab showed when one of its records was opened: Back shows it again. */
interface KeptCrate {
  share: PublicShare;
  query: SharedQuery;
  page: SharedPage<GridRecord>;
  folders: FolderCount[];
}

/**
 * The shared crates left by opening one of their records, by place key (module memory, like
 * the grid's scroll place: EXTENSIONS.md §1 "Opening a record and coming back restores the
 * scroll position and the loaded pages").
 */
const keptCrates = new Map<string, KeptCrate>();

/** Whether two queries of the grid are the same list. */
const sameQuery = (a: SharedQuery, b: SharedQuery) =>
  a.sort === b.sort && a.search === b.search && a.folder === b.folder;

/** The list a URL query names: its sort (one a shared crate offers), search and folder. */
const queryOf = (params: URLSearchParams): SharedQuery => ({
  sort: sharedSortOf(recordSortOf(params.get('sort'))),
  search: params.get('search')?.trim() ?? '',
  folder: params.get('folder') ?? '',
});

/** An empty page, before the first one comes. */
const NO_PAGE: SharedPage<GridRecord> = { items: [], total: null, next: null };

/** The crate tab: sort, search, folder filter and the virtual grid. */
function SharedCrate({
  token,
  share,
  kept,
  onGone,
}: {
  token: string;
  share: PublicShare;
  /** The pages and folders shown when a record was opened from this list (Back), if any. */
  kept: KeptCrate | undefined;
  onGone: () => void;
}) {
  const [folder, setFolder] = useFolderParam();
  const [folders, setFolders] = useState<FolderCount[]>(kept?.folders ?? []);
  const [page, setPage] = useState<SharedPage<GridRecord>>(kept?.page ?? NO_PAGE);
  const [pending, setPending] = useState(!kept);
  const listQuery = useListQuery(!pending);
  const sort = sharedSortOf(listQuery.sort);
  const { search, setSort } = listQuery;
  // Only the answer of the latest request is shown (a sort changed twice quickly).
  const latest = useRef(0);
  const loadingMore = useRef(false);
  // The `next` URL of the page last asked for.
  const lastNext = useRef<string | null>(null);
  // What a record opened now keeps for Back (read when a card is clicked).
  const shown = useRef({ page, pending, folders });
  shown.current = { page, pending, folders };

  const fail = useCallback(
    (err: unknown) => {
      if (errorStatus(err) === 404) onGone();
    },
    [onGone],
  );

  const load = useCallback(
    (inSort: RecordSort, text: string, inFolder: string) => {
      const ask = (latest.current += 1);
      setPending(true);
      getSharedRecords(token, { sort: inSort, search: text, folder: inFolder }).then(
        (first) => {
          if (ask !== latest.current) return;
          setPage(first);
          setPending(false);
        },
        (err: unknown) => {
          if (ask !== latest.current) return;
          setPending(false);
          fail(err);
        },
      );
    },
    [token, fail],
  );

  useEffect(() => {
    // A sort the page does not offer becomes the one shown (the URL follows).
    if (listQuery.sort !== sort) setSort(sort);
    // Back from a record shows the pages kept (and the grid its place): nothing to load.
    if (kept) return;
    load(sort, search, folder);
    getSharedFolders(token).then(setFolders, fail);
    // Only on arrival: later sorts, searches and folders are loaded by their handlers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);

  const onEndReached = useCallback(() => {
    // The grid may call again before it has this page's new `next`: a page is asked for once.
    if (!page.next || loadingMore.current || page.next === lastNext.current) return;
    loadingMore.current = true;
    lastNext.current = page.next;
    const ask = latest.current;
    getSharedRecords(token, { next: page.next }).then(
      (more) => {
        loadingMore.current = false;
        if (ask !== latest.current) return;
        setPage((current) => ({
          items: [...current.items, ...more.items],
          total: more.total,
          next: more.next,
        }));
      },
      (err: unknown) => {
        loadingMore.current = false;
        lastNext.current = null;
        fail(err);
      },
    );
  }, [page.next, token, fail]);

  const { onSortChange, onSearch, onClear, onFolderChange } = useListHandlers(
    load,
    { ...listQuery, sort },
    folder,
    setFolder,
  );

  const placeKey = sharedPlaceKey(token);
  const hrefFor = useCallback((record: GridRecord) => paths.sharedRecord(token, record.id), [token]);
  const onOpen = useCallback(() => {
    const now = shown.current;
    // A list still on its way is not kept: Back then loads it.
    if (now.pending) keptCrates.delete(placeKey);
    else
      keptCrates.set(placeKey, {
        share,
        query: { sort, search, folder },
        page: now.page,
        folders: now.folders,
      });
    markRecordOpened(placeKey);
  }, [placeKey, share, sort, search, folder]);
  const filtered = searchActive({ search, folder });

  return (
    <>
      <SortSearchBar
        sort={sort}
        options={SHARED_SORT_OPTIONS}
        onSortChange={onSortChange}
        onSearch={onSearch}
        onClear={onClear}
        initialSearch={search}
        count={page.total ?? undefined}
      />
      <FolderSelect folders={folders} value={folder} onChange={onFolderChange} />
      {!pending && page.total === 0 && (
        <p role="status">{filtered ? 'No records match your search.' : 'This crate is empty.'}</p>
      )}
      <CoverGrid
        records={page.items}
        hrefFor={hrefFor}
        columns={FRIEND_COLLECTION_COLUMNS}
        label={`${share.username}'s records`}
        placeKey={placeKey}
        restorePlace={kept !== undefined}
        onOpen={onOpen}
        onEndReached={onEndReached}
        busy={pending}
      />
    </>
  );
}

/** The spins tab (scope crate+spins): newest first, a page at a time. */
function SharedSpins({ token, onGone }: { token: string; onGone: () => void }) {
  const [page, setPage] = useState<SharedPage<SpinListItem> | undefined>(undefined);
  const [more, setMore] = useState(false);
  useEffect(() => {
    getSharedSpins(token).then(setPage, (err: unknown) => {
      if (errorStatus(err) === 404) onGone();
    });
  }, [token, onGone]);
  const loadMore = () => {
    if (!page?.next) return;
    setMore(true);
    getSharedSpins(token, page.next).then(
      (next) => {
        setMore(false);
        setPage({ items: [...page.items, ...next.items], total: next.total, next: next.next });
      },
      () => setMore(false),
    );
  };
  if (!page) return <p role="status">Loading...</p>;
  if (page.items.length === 0) return <p role="status">No spins yet.</p>;
  return (
    <>
      <p>{countOf(page.total ?? page.items.length, 'spin')}</p>
      <ul className="list-unstyled" aria-label="Spins">
        {page.items.map((spin) => (
          <li key={spin.id} className="border rounded p-3 mb-2">
            <p className="fw-semibold mb-1">
              {formatLongDate(spin.listened_at)} · {spin.time_spent}
            </p>
            <p className="mb-1 text-break">{spin.spin_details}</p>
            <p className="mb-0 small text-body-secondary text-break">
              {spin.records.map((r) => `${r.title} by ${r.artist}`).join(', ') || 'No records left'}
            </p>
          </li>
        ))}
      </ul>
      {page.next && (
        <button type="button" className="btn btn-outline-secondary" onClick={loadMore} disabled={more}>
          More spins
        </button>
      )}
    </>
  );
}

/** The wants tab (scope crate+wants). */
function SharedWants({ token, onGone }: { token: string; onGone: () => void }) {
  const [wants, setWants] = useState<PublicWant[] | undefined>(undefined);
  useEffect(() => {
    getSharedWants(token).then(setWants, (err: unknown) => {
      if (errorStatus(err) === 404) onGone();
    });
  }, [token, onGone]);
  if (!wants) return <p role="status">Loading...</p>;
  if (wants.length === 0) return <p role="status">No wants yet.</p>;
  return (
    <ul className="list-unstyled" aria-label="Wants">
      {wants.map((want) => (
        <li key={want.id} className="d-flex gap-3 align-items-center border rounded p-2 mb-2">
          <CoverImage
            coverart={want.coverart}
            cover={want.cover}
            alt={want.title}
            onError={showFallbackCover}
            width={64}
            height={64}
            loading="lazy"
            className="rounded"
          />
          <div className="text-break">
            <p className="fw-semibold mb-0">{want.title}</p>
            <p className="mb-0">
              {want.artist}
              {want.year ? ` · ${want.year}` : ''}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Which tab a scope offers beside the crate. */
function extraTab(scope: PublicShare['scope']): 'spins' | 'wants' | undefined {
  if (scope === 'crate+spins') return 'spins';
  if (scope === 'crate+wants') return 'wants';
  return undefined;
}

/**
 * The shared crate screen (one per token: another link's page starts afresh). Back from a
 * record of its crate shows the crate as it was left — owner, loaded pages, folders and the
 * grid's scroll place (EXTENSIONS.md §1, §7, §11) — and checks the link is still live.
 */
export default function SharedCratePage() {
  const token = useParams().token ?? '';
  return <SharedCrateScreen key={token} token={token} />;
}

/** The shared crate screen of one token. */
function SharedCrateScreen({ token }: { token: string }) {
  const [params] = useSearchParams();
  const placeKey = sharedPlaceKey(token);
  const { returning, leavingToRecord } = useReturning(placeKey);
  // Back from one of its records: what the crate showed then.
  const [kept] = useState(() => (returning ? keptCrates.get(placeKey) : undefined));
  // Its list, if the URL's query is still that list's (sort, search, folder).
  const [keptList] = useState(() => (kept && sameQuery(kept.query, queryOf(params)) ? kept : undefined));
  const [share, setShare] = useState<PublicShare | undefined>(kept?.share);
  const [gone, setGone] = useState(false);
  const onGone = useCallback(() => setGone(true), []);

  useEffect(() => {
    getShare(token).then(setShare, () => setGone(true));
  }, [token]);
  // Leaving except to one of its records: nothing is kept.
  useEffect(
    () => () => {
      if (!leavingToRecord()) keptCrates.delete(placeKey);
    },
    [placeKey, leavingToRecord],
  );

  if (gone) return <LinkGone />;
  if (!share) {
    return (
      <Container className="py-4">
        <SharedPageMeta />
        <p role="status">Loading...</p>
      </Container>
    );
  }

  const extra = extraTab(share.scope);
  const view = extra && params.get('view') === extra ? extra : 'crate';
  const tabQuery = (tab: string) => {
    const out = new URLSearchParams(params);
    if (tab === 'crate') out.delete('view');
    else out.set('view', tab);
    const text = out.toString();
    return `${paths.sharedCrate(token)}${text ? `?${text}` : ''}`;
  };

  return (
    <Container className="py-4">
      <SharedPageMeta />
      <h1 className="text-break">{`${share.username}'s crate`}</h1>
      <p className="text-body-secondary">
        Shared with a link: {countOf(share.records, 'record')}, read-only.
      </p>
      {extra && (
        <BsNav variant="tabs" className="mb-3" as="ul" aria-label="Shared crate">
          <BsNav.Item as="li">
            <BsNav.Link
              as={Link}
              to={tabQuery('crate')}
              active={view === 'crate'}
              aria-current={view === 'crate' ? 'page' : undefined}
            >
              Crate
            </BsNav.Link>
          </BsNav.Item>
          <BsNav.Item as="li">
            <BsNav.Link
              as={Link}
              to={tabQuery(extra)}
              active={view === extra}
              aria-current={view === extra ? 'page' : undefined}
            >
              {extra === 'spins' ? 'Spins' : 'Wants'}
            </BsNav.Link>
          </BsNav.Item>
        </BsNav>
      )}
      {view === 'crate' && <SharedCrate token={token} share={share} kept={keptList} onGone={onGone} />}
      {view === 'spins' && <SharedSpins token={token} onGone={onGone} />}
      {view === 'wants' && <SharedWants token={token} onGone={onGone} />}
    </Container>
  );
}
