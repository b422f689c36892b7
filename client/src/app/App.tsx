/**
 * The app shell: navigation bar, the routes of PRODUCT.md §2 (each screen loaded on
 * demand), footer. Fetches the current user and the runtime configuration on start.
 */
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { fetchConfig, fetchUser } from '../lib/actions';
import { useAppDispatch } from '../lib/hooks';
import { paths } from '../lib/paths';
import Nav from '../features/layout/Nav';
import Footer from '../features/layout/Footer';
import { useApplyTheme } from '../features/layout/theme';
import RequireUser from './RequireUser';

const LoginPage = lazy(() => import('../features/auth/LoginPage'));
const RegistrationPage = lazy(() => import('../features/auth/RegistrationPage'));
const AboutPage = lazy(() => import('../features/pages/AboutPage'));
const InfoPage = lazy(() => import('../features/pages/InfoPage'));
const TestImagePage = lazy(() => import('../features/pages/TestImagePage'));
const NotFoundPage = lazy(() => import('../features/pages/NotFoundPage'));
const CollectionPage = lazy(() => import('../features/records/CollectionPage'));
const AddRecordPage = lazy(() => import('../features/records/AddRecordPage'));
const EditRecordPage = lazy(() => import('../features/records/EditRecordPage'));
const RecordDetailsPage = lazy(() => import('../features/records/RecordDetailsPage'));
const FriendCollectionPage = lazy(() => import('../features/records/FriendCollectionPage'));
const FriendRecordPage = lazy(() => import('../features/records/FriendRecordPage'));
const ImportPage = lazy(() => import('../features/imports/ImportPage'));
const SocialPage = lazy(() => import('../features/social/SocialPage'));
const AddFriendPage = lazy(() => import('../features/social/AddFriendPage'));
const LatestListensPage = lazy(() => import('../features/social/LatestListensPage'));
const HotpPage = lazy(() => import('../features/social/HotpPage'));
const SpinsPage = lazy(() => import('../features/spins/SpinsPage'));
const AddSpinPage = lazy(() => import('../features/spins/AddSpinPage'));
const SpinDetailsPage = lazy(() => import('../features/spins/SpinDetailsPage'));
const BlindbagPage = lazy(() => import('../features/blindbag/BlindbagPage'));
const StatsPage = lazy(() => import('../features/stats/StatsPage'));

const guard = (element: ReactNode) => <RequireUser>{element}</RequireUser>;

/** The routes alone (tests render them inside a MemoryRouter). */
export function AppRoutes() {
  return (
    <Suspense
      fallback={
        <div className="text-center py-5" role="status">
          Loading...
        </div>
      }
    >
      <Routes>
        <Route caseSensitive path={paths.root} element={<Navigate to={paths.home} replace />} />
        <Route caseSensitive path={paths.home} element={<LoginPage />} />
        <Route caseSensitive path={paths.registration} element={<RegistrationPage />} />
        <Route caseSensitive path={paths.about} element={<AboutPage />} />
        <Route caseSensitive path={paths.info} element={<InfoPage />} />
        <Route caseSensitive path={paths.test} element={<TestImagePage />} />
        <Route caseSensitive path={paths.profile} element={guard(<CollectionPage />)} />
        <Route caseSensitive path={paths.addRecord} element={guard(<AddRecordPage />)} />
        <Route caseSensitive path={paths.editRecord()} element={guard(<EditRecordPage />)} />
        <Route caseSensitive path={paths.recordDetails()} element={guard(<RecordDetailsPage />)} />
        <Route caseSensitive path={paths.importRecords} element={guard(<ImportPage />)} />
        <Route caseSensitive path={paths.social} element={guard(<SocialPage />)} />
        <Route caseSensitive path={paths.addFriend} element={guard(<AddFriendPage />)} />
        <Route caseSensitive path={paths.latestListens} element={guard(<LatestListensPage />)} />
        <Route caseSensitive path={paths.hotp} element={guard(<HotpPage />)} />
        <Route caseSensitive path={paths.friendCollection()} element={guard(<FriendCollectionPage />)} />
        <Route caseSensitive path={paths.friendRecord()} element={guard(<FriendRecordPage />)} />
        <Route caseSensitive path={paths.spins} element={guard(<SpinsPage />)} />
        <Route caseSensitive path={paths.addSpin} element={guard(<AddSpinPage />)} />
        <Route caseSensitive path={paths.spinDetails()} element={guard(<SpinDetailsPage />)} />
        <Route caseSensitive path={paths.blindbag} element={guard(<BlindbagPage />)} />
        <Route caseSensitive path={paths.stats} element={guard(<StatsPage />)} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}

/** The whole app: nav bar, routes and footer, with the theme applied to the page. */
export default function App() {
  const dispatch = useAppDispatch();

  useEffect(() => {
    dispatch(fetchUser());
    dispatch(fetchConfig());
  }, [dispatch]);

  // PRODUCT.md §3: the theme is the page body's class; Bootstrap follows data-bs-theme.
  useApplyTheme();

  return (
    <div className="d-flex flex-column min-vh-100">
      <a href="#content" className="visually-hidden-focusable skip-link">
        Skip to content
      </a>
      <Nav />
      <div id="content" className="flex-grow-1" tabIndex={-1}>
        <AppRoutes />
      </div>
      <Footer />
    </div>
  );
}
