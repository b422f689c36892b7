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
import { deleteFriendship, fetchFriends, selectFriends } from '@/entities/friends/friends';
import { confirmDelete, deletedNotice } from '@/lib/alerts';
import CoverGrid, { FRIEND_COLLECTION_COLUMNS } from '@/entities/crate/ui/CoverGrid';
import SortSearchBar from '@/entities/crate/ui/SortSearchBar';
import FriendTabs, { FriendNotFound } from '@/entities/friends/ui/FriendTabs';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { selectFriendNotFound } from './recordList.slice';
import { paths } from '@/lib/paths';
import type { CrateRecord } from '@spincrate/contract';
import { useCrateList } from './useCrateList';

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
  const notFriend = useAppSelector(selectFriendNotFound);
  // The heading comes from the friends list: load it when the store has none.
  const noFriendsLoaded = friends.length === 0;
  useEffect(() => {
    if (noFriendsLoaded) dispatch(fetchFriends());
  }, [noFriendsLoaded, dispatch]);

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
  } = useCrateList(friendId);

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
