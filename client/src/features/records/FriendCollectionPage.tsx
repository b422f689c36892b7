/**
 * A friend's collection, /social/friends/{id} (PRODUCT.md §2 "Friend collection"): the
 * friend's username, Back to social, sort and search, the cover grid and a delete
 * friend button with confirmation. The records come a page at a time from the server,
 * sorted and searched there. Sort and search live in the URL query; the records are
 * cleared when leaving, except to open one of them (Back then shows the same loaded
 * pages at the same place once the server says the list is unchanged, EXTENSIONS.md §1).
 */
import { useCallback, useEffect } from 'react';
import { Button, Container } from 'react-bootstrap';
import { Link, useNavigate, useParams } from 'react-router';
import { fetchFriendsRecords, fetchFriendsRecordsNextPage, searchFriendsRecords } from './records.actions';
import { clearRecords, selectRecordsList } from '@/entities/crate/crate';
import { deleteFriendship, fetchFriends, selectFriends } from '@/entities/friends/friends';
import { confirmDelete, deletedNotice } from '@/lib/alerts';
import CoverGrid, { FRIEND_COLLECTION_COLUMNS } from '@/lib/components/CoverGrid';
import SortSearchBar from '@/lib/components/SortSearchBar';
import FriendTabs, { FriendNotFound } from '@/lib/components/FriendTabs';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { selectFriendNotFound, selectRecordsLoaded, selectRecordsPending } from './recordList.slice';
import { paths } from '@/lib/paths';
import { SORT_PARAMS, type SortKey } from '@/entities/crate/sort';
import { markRecordOpened, useListHandlers, useListQuery, useReturning } from '@/entities/crate/listView';
import type { CrateRecord } from '@spincrate/contract';

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
  const list = useAppSelector(selectRecordsList);
  const loaded = useAppSelector(selectRecordsLoaded);
  const pending = useAppSelector(selectRecordsPending);
  const notFriend = useAppSelector(selectFriendNotFound);
  const listQuery = useListQuery(!pending);
  const { sort, search } = listQuery;
  const searched = search !== '';
  const placeKey = `friend:${friendId}`;
  const { returning, leavingToRecord } = useReturning(placeKey);

  // The heading comes from the friends list: load it when the store has none.
  const noFriendsLoaded = friends.length === 0;
  useEffect(() => {
    if (noFriendsLoaded) dispatch(fetchFriends());
  }, [noFriendsLoaded, dispatch]);

  const load = useCallback(
    (key: SortKey, text: string) =>
      dispatch(
        text
          ? searchFriendsRecords({ search: text, friend_id: friendId, sort: SORT_PARAMS[key] })
          : fetchFriendsRecords(friendId, SORT_PARAMS[key]),
      ),
    [dispatch, friendId],
  );
  // The first page on arrival; Back from a record revalidates the kept pages (the saga).
  useEffect(() => {
    load(sort, search);
    return () => {
      if (!leavingToRecord()) dispatch(clearRecords());
    };
    // Only on arrival and leaving: later sorts and searches are dispatched by their handlers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [friendId, dispatch]);

  const { onSortChange, onSearch, onClear } = useListHandlers(load, listQuery);
  const onEndReached = useCallback(
    () => dispatch(fetchFriendsRecordsNextPage(friendId)),
    [dispatch, friendId],
  );
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
      <FriendNotFound>
        This crate is not one of your friends&apos; crates. Add them as a friend to see it.
      </FriendNotFound>
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
      {/* The Wants tab beside the crate (EXTENSIONS.md §6). */}
      <FriendTabs friendId={friendId} />
      <SortSearchBar
        sort={sort}
        onSortChange={onSortChange}
        onSearch={onSearch}
        onClear={onClear}
        initialSearch={search}
        count={list.total ?? undefined}
      />
      {loaded && list.total === 0 && (
        <p role="status">{searched ? 'No records match your search.' : 'This crate is empty.'}</p>
      )}
      <CoverGrid
        records={list.items}
        hrefFor={hrefFor}
        columns={FRIEND_COLLECTION_COLUMNS}
        label={name ? `${name}'s records` : "Friend's records"}
        placeKey={placeKey}
        restorePlace={returning}
        onOpen={openRecord}
        onEndReached={onEndReached}
        busy={pending}
      />
    </Container>
  );
}
