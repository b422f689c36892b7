/**
 * Social home (/social, PRODUCT.md §2 "Social page"): links to add a friend, Latest
 * Listens and Hot Off The Press, and a grid of the user's friends, each opening that
 * friend's crate. One second after load, a user without friends gets a short info
 * popup suggesting the creator as a first friend.
 */
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, Col, Container, Row } from 'react-bootstrap';
import { fetchFriends, selectFriends } from '@/entities/friends/friends';
import { isPopupOpen, timedInfo } from '@/lib/alerts';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { paths } from '@/lib/paths';
import { cratePhrase, EMPTY_SOCIAL_DELAY_MS, EMPTY_SOCIAL_DURATION_MS, emptySocialText } from './social.text';
import './social.css';

/** The social home screen. */
export default function SocialPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const friends = useAppSelector(selectFriends);
  const theme = useAppSelector((state) => state.theme.theme);
  const creator = useAppSelector((state) => state.config.creatorUsername);

  // PRODUCT.md §2: one second after load, a user without friends gets the popup. The
  // decision waits for this visit's friends list, so a slow answer never tells a user
  // with friends that they have none; it is taken once per visit.
  const [initialFriends] = useState(friends);
  const listArrived = friends !== initialFriends;
  const [delayPassed, setDelayPassed] = useState(false);
  const decided = useRef(false);

  useEffect(() => {
    dispatch(fetchFriends());
    const timer = window.setTimeout(() => setDelayPassed(true), EMPTY_SOCIAL_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [dispatch]);

  useEffect(() => {
    if (decided.current || !delayPassed || !listArrived) return;
    decided.current = true;
    // Never over another popup, e.g. "The friendship has been ended." after ending the last friendship.
    if (friends.length === 0 && !isPopupOpen())
      void timedInfo(emptySocialText(creator), EMPTY_SOCIAL_DURATION_MS);
  }, [delayPassed, listArrived, friends.length, creator]);

  const crateImage = theme === 'dark' ? '/crate-white.svg' : '/crate-light.svg';

  return (
    <Container className="py-4">
      <h1 className="text-center">social</h1>
      <div className="d-flex flex-wrap justify-content-center gap-2 my-3">
        <Button variant="primary" onClick={() => navigate(paths.addFriend)}>
          Add friend
        </Button>
        <Button variant="outline-primary" onClick={() => navigate(paths.latestListens)}>
          Latest Listens
        </Button>
        <Button variant="outline-primary" onClick={() => navigate(paths.hotp)}>
          Hot Off The Press
        </Button>
      </div>
      <Row as="ul" xs={1} sm={2} md={3} className="list-unstyled g-3" aria-label="Friends">
        {friends.map((friend) => (
          <Col as="li" key={friend.friend_id} className="text-center">
            <Link to={paths.friendCollection(friend.friend_id)} className="crate-link">
              <img src={crateImage} alt="" width={220} height={220} loading="lazy" />
              <span className="crate-name d-block mt-2 fw-semibold">
                {cratePhrase(friend.friend_username)}
              </span>
            </Link>
          </Col>
        ))}
      </Row>
    </Container>
  );
}
