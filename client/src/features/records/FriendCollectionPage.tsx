/**
 * A friend's collection, /social/friends/{id} (PRODUCT.md §2 "Friend collection"): the
 * friend's username, Back to social, sort and search, the cover grid and a delete
 * friend button with confirmation. Sort and search live in the URL query; the records
 * are cleared when leaving, except to open one of them (Back then shows the same list at
 * the same place, EXTENSIONS.md §1).
 */
import { useCallback, useEffect, useMemo } from 'react';
import { Button, Container } from 'react-bootstrap';
import { Link, useNavigate, useParams } from 'react-router';
import { fetchFriendsRecords, searchFriendsRecords } from './records.actions';
import { clearRecords, selectRecords } from '@/lib/crate';
import { deleteFriendship, fetchFriends, selectFriends } from '@/lib/friends';
import { confirmDelete, deletedNotice } from '@/lib/alerts';
import CoverGrid, { FRIEND_COLLECTION_COLUMNS } from '@/lib/components/CoverGrid';
import SortSearchBar from '@/lib/components/SortSearchBar';
import { useAppDispatch, useAppSelector } from '@/lib/hooks';
import { selectFriendNotFound, selectRecordsLoaded } from './records.slice';
import { paths } from '@/lib/paths';
import { sortRecords } from '@/lib/sort';
import { markRecordOpened, useListQuery, useReturning } from '@/lib/listView';
import type { CrateRecord } from '@/lib/types';

/** PRODUCT.md §8 friend deletion texts. */
export const DELETE_FRIEND_TEXT = "You won't be able to revert this!";
export const FRIEND_DELETED_TEXT = 'The friendship has been ended.';

/** The friend collection screen. */
export default function FriendCollectionPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const friendId = Number(useParams().id);
  const friends = useAppSelector(selectFriends);
  const friend = friends.find((f) => f.friend_id === friendId);
  const records = useAppSelector(selectRecords);
  const loaded = useAppSelector(selectRecordsLoaded);
  const notFriend = useAppSelector(selectFriendNotFound);
  const { sort, search, setSort, setSearch } = useListQuery();
  const searched = search !== '';
  const placeKey = `friend:${friendId}`;
  const { returning, leavingToRecord } = useReturning(placeKey);
  const sorted = useMemo(() => sortRecords(records, sort), [records, sort]);

  // The heading comes from the friends list: load it when the store has none.
  const noFriendsLoaded = friends.length === 0;
  useEffect(() => {
    if (noFriendsLoaded) dispatch(fetchFriends());
  }, [noFriendsLoaded, dispatch]);

  useEffect(() => {
    if (!(returning && records.length > 0)) {
      if (search) dispatch(searchFriendsRecords({ search, friend_id: friendId }));
      else dispatch(fetchFriendsRecords(friendId));
    }
    return () => {
      if (!leavingToRecord()) dispatch(clearRecords());
    };
    // Only on arrival and leaving: later searches are dispatched by onSearch and onClear.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [friendId, dispatch]);

  const onSearch = useCallback(
    (text: string) => {
      setSearch(text);
      dispatch(searchFriendsRecords({ search: text, friend_id: friendId }));
    },
    [friendId, dispatch, setSearch],
  );
  const onClear = useCallback(() => {
    setSearch('');
    dispatch(fetchFriendsRecords(friendId));
  }, [friendId, dispatch, setSearch]);
  const openRecord = useCallback(() => markRecordOpened(placeKey), [placeKey]);

  const hrefFor = useCallback((record: CrateRecord) => paths.friendRecord(friendId, record.id), [friendId]);

  const onDeleteFriend = async () => {
    if (!(await confirmDelete(DELETE_FRIEND_TEXT))) return;
    dispatch(deleteFriendship(friendId));
    navigate(paths.social);
    void deletedNotice(FRIEND_DELETED_TEXT);
  };

  const name = friend?.friend_username;

  if (notFriend && !friend) {
    return (
      <Container className="py-4">
        <h1>Friend not found</h1>
        <p role="status">
          This crate is not one of your friends&apos; crates. Add them as a friend to see it.
        </p>
        <Link to={paths.social} className="btn btn-outline-secondary">
          Back to social
        </Link>
      </Container>
    );
  }

  return (
    <Container className="py-4">
      <h1 className="text-break">{name ?? 'Friend'}</h1>
      <div className="d-flex flex-wrap gap-2 my-3">
        <Link to={paths.social} className="btn btn-outline-secondary">
          Back to social
        </Link>
        <Button variant="outline-danger" onClick={() => void onDeleteFriend()}>
          {name ? `Delete friend ${name}` : 'Delete friend'}
        </Button>
      </div>
      <SortSearchBar
        sort={sort}
        onSortChange={setSort}
        onSearch={onSearch}
        onClear={onClear}
        initialSearch={search}
        count={loaded ? sorted.length : undefined}
      />
      {loaded && sorted.length === 0 && (
        <p role="status">{searched ? 'No records match your search.' : 'This crate is empty.'}</p>
      )}
      <CoverGrid
        records={sorted}
        hrefFor={hrefFor}
        columns={FRIEND_COLLECTION_COLUMNS}
        label={name ? `${name}'s records` : "Friend's records"}
        placeKey={placeKey}
        restorePlace={returning}
        onOpen={openRecord}
      />
    </Container>
  );
}
