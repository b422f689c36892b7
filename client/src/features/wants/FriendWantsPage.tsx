/**
 * A friend's wants, /social/friends/{id}/wants (EXTENSIONS.md §6): the Wants tab beside the
 * friend's crate, as cards by priority, without max prices (API.md "Wantlist").
 */
import { useEffect } from 'react';
import { Container } from 'react-bootstrap';
import { Link, useParams } from 'react-router';
import { fetchFriends, selectFriends } from '@/entities/friends/friends';
import FriendTabs, { FriendNotFound } from '@/entities/friends/ui/FriendTabs';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { paths } from '@/lib/paths';
import { fetchFriendWants } from './wants.actions';
import { selectFriendWants } from './wants.slice';
import { WantCard } from './WantParts';
import './wants.css';

/** The friend's wants screen. */
export default function FriendWantsPage() {
  const dispatch = useAppDispatch();
  const friendId = Number(useParams().id);
  const friends = useAppSelector(selectFriends);
  const friend = friends.find((f) => f.friend_id === friendId);
  const shown = useAppSelector(selectFriendWants);
  const noFriendsLoaded = friends.length === 0;

  useEffect(() => {
    if (noFriendsLoaded) dispatch(fetchFriends());
  }, [noFriendsLoaded, dispatch]);
  useEffect(() => {
    dispatch(fetchFriendWants(friendId));
  }, [dispatch, friendId]);

  const name = friend?.friend_username;
  const wants = shown.friendId === friendId ? shown.items : [];

  if (shown.friendId === friendId && shown.notFriend) {
    return (
      <FriendNotFound>
        This wantlist is not one of your friends&apos;. Add them as a friend to see it.
      </FriendNotFound>
    );
  }

  return (
    <Container className="py-4">
      <h1 className="text-break">{name ?? 'Friend'}</h1>
      <div className="my-3">
        <Link to={paths.social} className="btn btn-outline-secondary">
          Back to social
        </Link>
      </div>
      <FriendTabs friendId={friendId} />
      {shown.status === 'succeeded' && wants.length === 0 && <p role="status">This wantlist is empty.</p>}
      {shown.status === 'failed' && !shown.notFriend && (
        <p role="alert">The wantlist could not be loaded. Try again in a moment.</p>
      )}
      <ul
        className="list-unstyled want-grid d-grid gap-2"
        aria-label={name ? `${name}'s wants` : "Friend's wants"}
        aria-busy={shown.status === 'loading'}
      >
        {wants.map((want) => (
          <WantCard key={want.id} want={want} />
        ))}
      </ul>
    </Container>
  );
}
