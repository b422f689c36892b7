/**
 * Add a friend (/social/add, PRODUCT.md §2, §4, §5): one username field. An empty
 * field gets the "Attention!" warning and nothing is sent; otherwise the friendship
 * is requested and, once the server has answered, the field empties and the app goes to
 * /social (the server's answer is not shown), except for a username nobody has: then the
 * form stays, with the name, and says "No one is called {name}." (EXTENSIONS.md §11).
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Container, Form } from 'react-bootstrap';
import { postFriendship } from './social.actions';
import { clearFriendshipRequest } from './social.slice';
import { FILL_FORM_TEXT, warnAttention } from '@/lib/alerts';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { paths } from '@/lib/paths';

/** The add-friend screen. */
export default function AddFriendPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const request = useAppSelector((state) => state.friendRequest);

  // A request of an earlier visit is not this form's.
  useEffect(() => {
    dispatch(clearFriendshipRequest());
    return () => {
      dispatch(clearFriendshipRequest());
    };
  }, [dispatch]);

  useEffect(() => {
    if (request.status !== 'added') return;
    setUsername('');
    navigate(paths.social);
  }, [request.status, navigate]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (request.status === 'sending') return;
    const friendUsername = username.trim();
    if (!friendUsername) {
      void warnAttention(FILL_FORM_TEXT);
      return;
    }
    dispatch(postFriendship({ friend_username: friendUsername }));
  };

  return (
    <Container className="py-4" style={{ maxWidth: 480 }}>
      <h1 className="text-center">add friend</h1>
      <Form onSubmit={submit} noValidate>
        <Form.Group controlId="friend-username" className="mb-3">
          <Form.Label>Enter Friend&apos;s Username</Form.Label>
          <Form.Control
            type="text"
            value={username}
            onChange={(event) => setUsername(event.target.value)}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            aria-required="true"
          />
        </Form.Group>
        {request.status === 'unknown' && (
          <Alert variant="danger" className="py-2" role="alert">
            No one is called {request.name}.
          </Alert>
        )}
        <div className="d-flex flex-wrap gap-2">
          <Button type="submit" variant="primary" disabled={request.status === 'sending'}>
            ADD FRIEND
          </Button>
          <Button variant="outline-secondary" onClick={() => navigate(paths.social)}>
            Back to Social
          </Button>
        </div>
      </Form>
    </Container>
  );
}
