/**
 * One record, shared by the own record details and a friend's record (PRODUCT.md §2
 * "Record details"): 'Loading...' until the record is found (among the loaded pages, or
 * looked up by id for a link or a reload, EXTENSIONS.md §1), then
 * title, artist, mood, details, tags and cover art; edit and delete for the owner only.
 * EXTENSIONS.md §2: how often it was played, its year when known, and for the owner a
 * Spin it button that opens the add-spin screen with this record picked.
 */
import { showFallbackCover } from '@/lib/covers';
import OfflineChip from '@/lib/components/OfflineChip';
import { useEffect, useState } from 'react';
import { Button, Col, Container, Row } from 'react-bootstrap';
import { Link, useLocation, useNavigate } from 'react-router';
import { deleteRecord } from './records.actions';
import { fetchRecord, recordTitleHint, selectKnownRecord, selectRecordLookup } from '@/entities/crate/crate';
import { confirmDelete, deletedNotice } from '@/lib/alerts';
import { keptQuery } from '@/entities/crate/listView';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { selectCurrentUserId } from '@/entities/session/session';
import { paths } from '@/lib/paths';
import type { CrateRecord } from '@spincrate/contract';
import RecordFacts from '@/entities/crate/ui/RecordFacts';

/** PRODUCT.md §8 record deletion texts. */
const DELETE_RECORD_TEXT = 'The record will be gone forever!';
const RECORD_DELETED_TEXT = 'Your file has been deleted.';

// The read-only facts of a record are shared with the shared-crate page (entities/crate/ui/RecordFacts.tsx).
export { parseTags } from '@/entities/crate/ui/RecordFacts';

/**
 * Record details.
 * @param recordId - the record's id (from the route)
 * @param friendId - the friend's id when viewing a friend's record; absent for an own record
 */
export default function RecordDetailsView({ recordId, friendId }: { recordId: number; friendId?: number }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const inList = useAppSelector((state) => selectKnownRecord(state, recordId, friendId));
  // Keep showing the record once found: the screen the user came from clears the list
  // as it leaves (PRODUCT.md §4), which must not send this view back to 'Loading...'.
  const [kept, setKept] = useState<CrateRecord | undefined>(inList);
  if (inList && inList !== kept) setKept(inList);
  const record = inList ?? kept;
  const lookup = useAppSelector(selectRecordLookup);
  const userId = useAppSelector(selectCurrentUserId);
  const [requested, setRequested] = useState(false);
  const titleHint = recordTitleHint(useLocation().state);
  const validIds =
    Number.isInteger(recordId) && recordId > 0 && (friendId === undefined || Number.isInteger(friendId));

  // The loaded pages may not hold the record (a reload, a link): look it up once — also when
  // the view mounts again while its look-up is still under way (a screen's code arriving).
  const lookingUp =
    lookup.recordId === recordId && lookup.friendId === (friendId ?? null) && lookup.status === 'loading';
  useEffect(() => {
    if (record || requested || lookingUp || !validIds) return;
    setRequested(true);
    dispatch(fetchRecord({ recordId, friendId, title: titleHint }));
  }, [record, requested, lookingUp, validIds, recordId, friendId, titleHint, dispatch]);
  const answered =
    lookup.recordId === recordId &&
    lookup.friendId === (friendId ?? null) &&
    (lookup.status === 'succeeded' || lookup.status === 'failed');

  // Back returns to the list as it was: its sort and search (EXTENSIONS.md §1).
  const backTo =
    friendId === undefined
      ? `${paths.profile}${keptQuery('own')}`
      : `${paths.friendCollection(friendId)}${keptQuery(`friend:${friendId}`)}`;
  const backButton = (
    <Link to={backTo} className="btn btn-outline-secondary">
      Back
    </Link>
  );

  if (!record) {
    const notFound = !validIds || (requested && answered);
    return (
      <Container className="py-4">
        {notFound ? (
          <>
            <p role="alert">This record could not be found.</p>
            {backButton}
          </>
        ) : (
          <p role="status">Loading...</p>
        )}
      </Container>
    );
  }

  const isOwner = userId !== undefined && record.user_id === userId;

  const onDelete = async () => {
    if (!(await confirmDelete(DELETE_RECORD_TEXT))) return;
    dispatch(deleteRecord(record.id));
    navigate(paths.profile);
    void deletedNotice(RECORD_DELETED_TEXT);
  };

  return (
    <Container className="py-4">
      {isOwner && <OfflineChip screen="record" />}
      <div className="d-flex flex-wrap gap-2 mb-3">
        {backButton}
        {isOwner && (
          <>
            <Link to={paths.editRecord(record.id)} className="btn btn-primary">
              Edit
            </Link>
            <Button variant="danger" onClick={() => void onDelete()}>
              Delete
            </Button>
            <Link to={`${paths.addSpin}?record=${record.id}`} className="btn btn-success">
              Spin it
            </Link>
          </>
        )}
      </div>
      <Row className="g-4">
        <Col xs={12} md={5}>
          <img
            src={record.cover?.large ?? record.coverart}
            srcSet={record.cover ? `${record.cover.small} 250w, ${record.cover.large} 500w` : undefined}
            sizes={record.cover ? '(min-width: 768px) 40vw, 100vw' : undefined}
            alt={record.title}
            onError={showFallbackCover}
            width={500}
            height={500}
            className="img-fluid w-100 h-auto rounded shadow-sm"
            style={{ aspectRatio: '1 / 1', objectFit: 'cover' }}
          />
        </Col>
        <Col xs={12} md={7}>
          <RecordFacts record={record} />
        </Col>
      </Row>
    </Container>
  );
}
