/**
 * The user's own collection, /user/profile (PRODUCT.md §2 "Collection page"): heading,
 * add / import / export (on a phone, export is in a "More" menu: EXTENSIONS.md §11), sort and search, the cover grid, and the first-visit loading
 * screen. The records come a page at a time from the server, sorted and searched there;
 * the grid asks for the next page as its end comes near. Sort and search live in the URL
 * query; the records are cleared when leaving, except to open one of them: Back then
 * shows the same loaded pages at the same place, after checking with the server that the
 * list is unchanged (EXTENSIONS.md §1).
 */
import { useEffect, useRef } from 'react';
import { Container } from 'react-bootstrap';
import { Link } from 'react-router';
import CoverGrid, { OWN_COLLECTION_COLUMNS } from '@/entities/crate/ui/CoverGrid';
import LoadingScreen, { useFirstVisitLoading } from '@/lib/components/LoadingScreen';
import SortSearchBar from '@/entities/crate/ui/SortSearchBar';
import FolderSelect from '@/entities/crate/ui/FolderSelect';
import { useFolderParam, useOwnFolders } from '@/entities/crate/folders';
import { useAppSelector } from '@/app/hooks';
import { PHONE_QUERY, useMediaQuery } from '@/lib/media';
import { selectCurrentUser } from '@/entities/session/session';
import { paths } from '@/lib/paths';
import type { CrateRecord } from '@spincrate/contract';
import OfflineChip from '@/lib/components/OfflineChip';
import { useCrateList } from './useCrateList';

/** The download links of the crate (API.md GET /api/record/export). */
const EXPORT_CSV_URL = '/api/record/export?format=csv';
const EXPORT_JSON_URL = '/api/record/export?format=json';

const detailsHref = (record: CrateRecord) => paths.recordDetails(record.id);

/**
 * The export links on a phone (EXTENSIONS.md §11): a "More" button beside Add record and
 * Import opens them, so the first screen has room for covers. Escape or a chosen link
 * closes it.
 */
function MoreMenu() {
  const menu = useRef<HTMLDetailsElement>(null);
  const close = () => {
    if (menu.current) menu.current.open = false;
  };
  useEffect(() => {
    const details = menu.current;
    if (!details) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !details.open) return;
      details.open = false;
      details.querySelector('summary')?.focus();
    };
    details.addEventListener('keydown', onKeyDown);
    return () => details.removeEventListener('keydown', onKeyDown);
  }, []);
  return (
    <details ref={menu} className="more-menu position-relative">
      <summary className="btn btn-outline-secondary">More</summary>
      <div className="more-menu-items dropdown-menu show">
        <a href={EXPORT_CSV_URL} download className="dropdown-item" onClick={close}>
          Export CSV
        </a>
        <a href={EXPORT_JSON_URL} download className="dropdown-item" onClick={close}>
          Export JSON
        </a>
      </div>
    </details>
  );
}

/** The collection screen. */
export default function CollectionPage() {
  const username = useAppSelector((state) => selectCurrentUser(state)?.username ?? '');
  const loading = useFirstVisitLoading();
  const phone = useMediaQuery(PHONE_QUERY);
  const [folder, setFolder] = useFolderParam();
  const folders = useOwnFolders();
  const {
    list,
    loaded,
    pending,
    sort,
    search,
    searched,
    placeKey,
    returning,
    openRecord,
    onEndReached,
    onSortChange,
    onSearch,
    onClear,
    onFolderChange,
  } = useCrateList('own', folder, setFolder);

  if (loading) return <LoadingScreen />;

  return (
    <Container className="py-4">
      <h1 className="text-break">{username}&apos;s crate</h1>
      <OfflineChip screen="records" />
      <div className="d-flex flex-wrap gap-2 my-3">
        <Link to={paths.addRecord} className="btn btn-primary">
          Add record
        </Link>
        <Link to={paths.importRecords} className="btn btn-outline-primary">
          Import from Discogs
        </Link>
        {phone ? (
          <MoreMenu />
        ) : (
          <>
            <a href={EXPORT_CSV_URL} download className="btn btn-outline-secondary">
              Export CSV
            </a>
            <a href={EXPORT_JSON_URL} download className="btn btn-outline-secondary">
              Export JSON
            </a>
          </>
        )}
      </div>
      <SortSearchBar
        sort={sort}
        onSortChange={onSortChange}
        onSearch={onSearch}
        onClear={onClear}
        initialSearch={search}
        count={list.total ?? undefined}
      />
      <FolderSelect folders={folders} value={folder} onChange={onFolderChange} />
      {loaded && list.total === 0 && (
        <p role="status">
          {searched ? 'No records match your search.' : 'Your crate is empty. Add a record to get started.'}
        </p>
      )}
      <CoverGrid
        records={list.items}
        hrefFor={detailsHref}
        columns={OWN_COLLECTION_COLUMNS}
        label={`${username}'s records`}
        placeKey={placeKey}
        restorePlace={returning}
        onOpen={openRecord}
        onEndReached={onEndReached}
        busy={pending}
      />
    </Container>
  );
}
