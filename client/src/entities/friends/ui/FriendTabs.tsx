/**
 * The tabs of a friend's page (EXTENSIONS.md §6: "A friend's page has a Wants tab beside
 * their crate"): Crate (/social/friends/{id}) and Wants (/social/friends/{id}/wants), and
 * what either tab says when the id is not one of the user's friends.
 */
import type { ReactNode } from 'react';
import { Container } from 'react-bootstrap';
import { Link, NavLink } from 'react-router';
import { paths } from '@/lib/paths';

/**
 * "Friend not found" with a way back to social, for a friend's crate or wantlist whose id
 * is not one of the user's friends (the server answered 404).
 * @param children - what the screen says of it
 */
export function FriendNotFound({ children }: { children: ReactNode }) {
  return (
    <Container className="py-4">
      <h1>Friend not found</h1>
      <p role="status">{children}</p>
      <Link to={paths.social} className="btn btn-outline-secondary">
        Back to social
      </Link>
    </Container>
  );
}

/** The Crate and Wants tabs of a friend's page. */
export default function FriendTabs({ friendId }: { friendId: number }) {
  return (
    <nav aria-label="Friend's page" className="mb-3">
      <ul className="nav nav-tabs">
        <li className="nav-item">
          <NavLink end to={paths.friendCollection(friendId)} className="nav-link">
            Crate
          </NavLink>
        </li>
        <li className="nav-item">
          <NavLink end to={paths.friendWants(friendId)} className="nav-link">
            Wants
          </NavLink>
        </li>
      </ul>
    </nav>
  );
}
