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
import { useCallback, useEffect, useRef, useState } from 'react';
import Container from 'react-bootstrap/Container';
import BsNav from 'react-bootstrap/Nav';
import { Link, useParams, useSearchParams } from 'react-router';
import {
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
import { markRecordOpened, useListHandlers, useListQuery } from '@/entities/crate/listView';
import { paths } from '@/lib/paths';
import { countOf } from '@/lib/plural';
import {
  getShare,
  getSharedFolders,
  getSharedRecords,
  getSharedSpins,
  getSharedWants,
  type SharedPage,
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

/** The crate tab: sort, search, folder filter and the virtual grid. */
function SharedCrate({ token, owner, onGone }: { token: string; owner: string; onGone: () => void }) {
  const [folder, setFolder] = useFolderParam();
  const [folders, setFolders] = useState<FolderCount[]>([]);
  const [page, setPage] = useState<SharedPage<GridRecord>>({ items: [], total: null, next: null });
  const [pending, setPending] = useState(true);
  const listQuery = useListQuery(!pending);
  const { sort, search } = listQuery;
  // Only the answer of the latest request is shown (a sort changed twice quickly).
  const latest = useRef(0);
  const loadingMore = useRef(false);

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
    load(sort, search, folder);
    getSharedFolders(token).then(setFolders, fail);
    // Only on arrival: later sorts, searches and folders are loaded by their handlers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);

  const onEndReached = useCallback(() => {
    if (!page.next || loadingMore.current) return;
    loadingMore.current = true;
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
        fail(err);
      },
    );
  }, [page.next, token, fail]);

  const { onSortChange, onSearch, onClear, onFolderChange } = useListHandlers(
    load,
    listQuery,
    folder,
    setFolder,
  );

  const hrefFor = useCallback((record: GridRecord) => paths.sharedRecord(token, record.id), [token]);
  const onOpen = useCallback(() => markRecordOpened(sharedPlaceKey(token)), [token]);
  const filtered = searchActive({ search, folder });

  return (
    <>
      <SortSearchBar
        sort={sort}
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
        label={`${owner}'s records`}
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
          <img
            src={want.coverart}
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

/** The shared crate screen. */
export default function SharedCratePage() {
  const token = useParams().token ?? '';
  const [params] = useSearchParams();
  const [share, setShare] = useState<PublicShare | undefined>(undefined);
  const [gone, setGone] = useState(false);
  const onGone = useCallback(() => setGone(true), []);

  useEffect(() => {
    setGone(false);
    getShare(token).then(setShare, () => setGone(true));
  }, [token]);

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
      {view === 'crate' && <SharedCrate token={token} owner={share.username} onGone={onGone} />}
      {view === 'spins' && <SharedSpins token={token} onGone={onGone} />}
      {view === 'wants' && <SharedWants token={token} onGone={onGone} />}
    </Container>
  );
}
