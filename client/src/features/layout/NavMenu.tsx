/**
 * The signed-in navigation bar (PRODUCT.md §2 "Navigation bar"): brand text "Spincrate" in
 * the centre linking to /user/profile, the links Profile, Wants (EXTENSIONS.md §6), Social, Spins, Blind Bag,
 * Stats (EXTENSIONS.md §3), the theme toggle (DARK MODE on the light theme, LIGHT MODE otherwise)
 * and LOG OUT. Collapses on selection; expanded from the lg breakpoint. Its own module,
 * loaded once a user is signed in (Nav.tsx), so Bootstrap's navbar machinery (collapse,
 * offcanvas) stays out of the login screen's first load (issue 11).
 */
import { useState } from 'react';
import { Link, NavLink } from 'react-router';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import BsNav from 'react-bootstrap/Nav';
import Navbar from 'react-bootstrap/Navbar';
import { toggleTheme } from './layout.slice';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { paths } from '@/lib/paths';

const LINKS = [
  { to: paths.profile, label: 'Profile' },
  // The wantlist after the crate (EXTENSIONS.md §6).
  { to: paths.wants, label: 'Wants' },
  { to: paths.social, label: 'Social' },
  { to: paths.spins, label: 'Spins' },
  { to: paths.blindbag, label: 'Blind Bag' },
  { to: paths.stats, label: 'Stats' },
];

export interface NavMenuProps {
  /** LOG OUT was chosen (Nav dispatches the logout and goes to /home once it is done). */
  onLogOut(): void;
}

/** The signed-in navigation bar. */
export default function NavMenu({ onLogOut }: NavMenuProps) {
  const dispatch = useAppDispatch();
  const theme = useAppSelector((state) => state.theme.theme);
  const [expanded, setExpanded] = useState(false);

  const logOut = () => {
    setExpanded(false);
    onLogOut();
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
        <span className="spincrate-nav-spacer d-lg-none" aria-hidden="true" />
        <Navbar.Brand as={Link} to={paths.profile} className="spincrate-brand">
          Spincrate
        </Navbar.Brand>
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
          <BsNav>
            <BsNav.Link as={NavLink} to={paths.shareSettings} eventKey={paths.shareSettings}>
              Share my crate
            </BsNav.Link>
          </BsNav>
          <div className="d-flex flex-wrap gap-2 py-2 py-lg-0">
            {/* In a nav of its own: drawn in the nav bar's link colours, as the other links are. */}
            <BsNav className="flex-row">
              <BsNav.Link as={NavLink} to={paths.listenBrainz} eventKey={paths.listenBrainz} className="py-1">
                ListenBrainz
              </BsNav.Link>
            </BsNav>
            <Button variant="outline-secondary" size="sm" onClick={() => dispatch(toggleTheme())}>
              {theme === 'light' ? 'DARK MODE' : 'LIGHT MODE'}
            </Button>
            <Button variant="outline-danger" size="sm" onClick={logOut}>
              LOG OUT
            </Button>
          </div>
        </Navbar.Collapse>
      </Container>
    </Navbar>
  );
}
