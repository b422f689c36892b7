/**
 * Add a friend (/social/add, PRODUCT.md §2, §4, §5): one username field. An empty
 * field gets the "Attention!" warning and nothing is sent; otherwise the friendship
 * is requested, the field empties and the app goes to /social at once (the server's
 * answer is not shown).
 */
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button, Container, Form } from 'react-bootstrap';
import { postFriendship } from './social.actions';
import { FILL_FORM_TEXT, warnAttention } from '@/lib/alerts';
import { useAppDispatch } from '@/lib/hooks';
import { paths } from '@/lib/paths';

/** The add-friend screen. */
export default function AddFriendPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [username, setUsername] = useState('');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const friendUsername = username.trim();
    if (!friendUsername) {
      void warnAttention(FILL_FORM_TEXT);
      return;
    }
    dispatch(postFriendship({ friend_username: friendUsername }));
    setUsername('');
    navigate(paths.social);
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
        <div className="d-flex flex-wrap gap-2">
          <Button type="submit" variant="primary">
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
