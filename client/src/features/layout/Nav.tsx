/**
 * Navigation bar (PRODUCT.md §2 "Navigation bar"): brand text "Spincrate" in the
 * centre, linking to /home when logged out (no links then) and to /user/profile when
 * logged in. Logged in, it shows Profile, Social, Spins, Blind Bag, Stats (EXTENSIONS.md §3), the theme toggle
 * (DARK MODE on the light theme, LIGHT MODE otherwise) and LOG OUT, which logs out
 * and then goes to /home (NavMenu.tsx, loaded once a user is signed in: the login
 * screen's first load holds only the brand bar, issue 11).
 */
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { logout, selectIsLoggedIn } from '@/entities/session/session';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { paths } from '@/lib/paths';

const NavMenu = lazy(() => import('./NavMenu'));

/**
 * The bar with the brand alone: a visitor's navigation bar, and the signed-in one's
 * placeholder while its menu loads (same classes as react-bootstrap's `Navbar expand="lg"`,
 * so the bar keeps its height). The spacer centres the brand as beside the menu's toggle.
 */
function BrandBar({ to, spacer }: { to: string; spacer: boolean }) {
  return (
    <nav className="navbar navbar-expand-lg spincrate-nav bg-body-tertiary border-bottom" aria-label="Main">
      {/* Bootstrap's container-fluid and navbar-brand markup, written out: react-bootstrap's
          Container and NavbarBrand are not part of the first load (issue 11). */}
      <div className="container-fluid position-relative">
        {spacer && <span className="spincrate-nav-spacer d-lg-none" aria-hidden="true" />}
        <Link to={to} className="navbar-brand spincrate-brand">
          Spincrate
        </Link>
      </div>
    </nav>
  );
}

/** The app's navigation bar. */
export default function Nav() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const loggedIn = useAppSelector(selectIsLoggedIn);
  // A shared crate's page (/s/{token}) is public: no navigation of a signed-in user there (EXTENSIONS.md §7).
  const onSharedPage = useLocation().pathname.startsWith(paths.sharedCrate(''));

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
    leaving.current = true;
    dispatch(logout());
  };

  if (!loggedIn || onSharedPage)
    return <BrandBar to={loggedIn ? paths.profile : paths.home} spacer={false} />;
  return (
    <Suspense fallback={<BrandBar to={paths.profile} spacer />}>
      <NavMenu onLogOut={logOut} />
    </Suspense>
  );
}
