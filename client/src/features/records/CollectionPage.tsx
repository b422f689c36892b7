/**
 * The user's own collection, /user/profile (PRODUCT.md §2 "Collection page"): heading,
 * add / import / export, sort and search, the cover grid, and the first-visit loading
 * screen. The records are cleared when leaving.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Container } from 'react-bootstrap';
import { Link } from 'react-router';
import { searchRecords } from './records.actions';
import { clearRecords, fetchRecords, selectRecords } from '../../lib/crate';
import CoverGrid, { OWN_COLLECTION_COLUMNS } from '../../lib/components/CoverGrid';
import LoadingScreen, { useFirstVisitLoading } from '../../lib/components/LoadingScreen';
import SortSearchBar from '../../lib/components/SortSearchBar';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { selectRecordsLoaded } from './records.slice';
import { selectCurrentUser } from '../../lib/session';
import { paths } from '../../lib/paths';
import { DEFAULT_SORT, sortRecords, type SortKey } from '../../lib/sort';
import type { CrateRecord } from '../../lib/types';

/** The download links of the crate (API.md GET /api/record/export). */
export const EXPORT_CSV_URL = '/api/record/export?format=csv';
export const EXPORT_JSON_URL = '/api/record/export?format=json';

const detailsHref = (record: CrateRecord) => paths.recordDetails(record.id);

/** The collection screen. */
export default function CollectionPage() {
  const dispatch = useAppDispatch();
  const username = useAppSelector((state) => selectCurrentUser(state)?.username ?? '');
  const records = useAppSelector(selectRecords);
  const loaded = useAppSelector(selectRecordsLoaded);
  const loading = useFirstVisitLoading();
  const [sort, setSort] = useState<SortKey>(DEFAULT_SORT);
  const [searched, setSearched] = useState(false);
  const sorted = useMemo(() => sortRecords(records, sort), [records, sort]);

  useEffect(() => {
    dispatch(fetchRecords());
    return () => {
      dispatch(clearRecords());
    };
  }, [dispatch]);

  const onSearch = useCallback(
    (text: string) => {
      setSearched(true);
      dispatch(searchRecords(text));
    },
    [dispatch],
  );
  const onClear = useCallback(() => {
    setSearched(false);
    dispatch(fetchRecords());
  }, [dispatch]);

  if (loading) return <LoadingScreen />;

  return (
    <Container className="py-4">
      <h1 className="text-break">{username}&apos;s crate</h1>
      <div className="d-flex flex-wrap gap-2 my-3">
        <Link to={paths.addRecord} className="btn btn-primary">
          Add record
        </Link>
        <Link to={paths.importRecords} className="btn btn-outline-primary">
          Import from Discogs
        </Link>
        <a href={EXPORT_CSV_URL} download className="btn btn-outline-secondary">
          Export CSV
        </a>
        <a href={EXPORT_JSON_URL} download className="btn btn-outline-secondary">
          Export JSON
        </a>
      </div>
      <SortSearchBar sort={sort} onSortChange={setSort} onSearch={onSearch} onClear={onClear} />
      {loaded && sorted.length === 0 && (
        <p role="status">
          {searched ? 'No records match your search.' : 'Your crate is empty. Add a record to get started.'}
        </p>
      )}
      <CoverGrid
        records={sorted}
        hrefFor={detailsHref}
        columns={OWN_COLLECTION_COLUMNS}
        label={`${username}'s records`}
      />
    </Container>
  );
}
