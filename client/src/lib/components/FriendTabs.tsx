/**
 * The tabs of a friend's page (EXTENSIONS.md §6: "A friend's page has a Wants tab beside
 * their crate"): Crate (/social/friends/{id}) and Wants (/social/friends/{id}/wants).
 */
import { NavLink } from 'react-router';
import { paths } from '@/lib/paths';

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
