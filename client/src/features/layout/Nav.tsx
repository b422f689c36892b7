/**
 * Navigation bar (PRODUCT.md §2 "Navigation bar"): brand text "Spincrate" in the
 * centre, linking to /home when logged out (no links then) and to /user/profile when
 * logged in. Logged in, it shows Profile, Social, Spins, Blind Bag, Stats (EXTENSIONS.md §3), the theme toggle
 * (DARK MODE on the light theme, LIGHT MODE otherwise) and LOG OUT, which logs out
 * and then goes to /home. Collapses on selection; expanded from the lg breakpoint.
 */
import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import BsNav from 'react-bootstrap/Nav';
import Navbar from 'react-bootstrap/Navbar';
import { toggleTheme } from './layout.actions';
import { logout, selectIsLoggedIn } from '@/lib/session';
import { useAppDispatch, useAppSelector } from '@/lib/hooks';
import { paths } from '@/lib/paths';

const LINKS = [
  { to: paths.profile, label: 'Profile' },
  { to: paths.social, label: 'Social' },
  { to: paths.spins, label: 'Spins' },
  { to: paths.blindbag, label: 'Blind Bag' },
  { to: paths.stats, label: 'Stats' },
];

/** The app's navigation bar. */
export default function Nav() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const theme = useAppSelector((state) => state.theme.theme);
  const [expanded, setExpanded] = useState(false);
  const loggedIn = useAppSelector(selectIsLoggedIn);

  // PRODUCT.md §4: post the logout, then the user becomes empty, then the app goes to
  // /home. Navigating only once the user is gone keeps /home from bouncing a
  // still-logged-in user back to /user/profile.
  const leaving = useRef(false);
  useEffect(() => {
    if (leaving.current && !loggedIn) {
      leaving.current = false;
      navigate(paths.home);
    }
  }, [loggedIn, navigate]);

  const logOut = () => {
    setExpanded(false);
    leaving.current = true;
    dispatch(logout());
  };

  return (
    <Navbar
      collapseOnSelect
      expand="lg"
      expanded={expanded}
      onToggle={setExpanded}
      className="spincrate-nav bg-body-tertiary border-bottom"
      aria-label="Main"
    >
      <Container fluid className="position-relative">
        {loggedIn && <span className="spincrate-nav-spacer d-lg-none" aria-hidden="true" />}
        <Navbar.Brand as={Link} to={loggedIn ? paths.profile : paths.home} className="spincrate-brand">
          Spincrate
        </Navbar.Brand>
        {loggedIn && (
          <>
            <Navbar.Toggle
              aria-controls="main-navigation"
              aria-label="Toggle navigation"
              aria-expanded={expanded}
            />
            <Navbar.Collapse id="main-navigation">
              <BsNav className="me-auto">
                {LINKS.map((link) => (
                  <BsNav.Link key={link.to} as={NavLink} to={link.to} eventKey={link.to}>
                    {link.label}
                  </BsNav.Link>
                ))}
              </BsNav>
              <div className="d-flex flex-wrap gap-2 py-2 py-lg-0">
                <Button variant="outline-secondary" size="sm" onClick={() => dispatch(toggleTheme())}>
                  {theme === 'light' ? 'DARK MODE' : 'LIGHT MODE'}
                </Button>
                <Button variant="outline-danger" size="sm" onClick={logOut}>
                  LOG OUT
                </Button>
              </div>
            </Navbar.Collapse>
          </>
        )}
      </Container>
    </Navbar>
  );
}
