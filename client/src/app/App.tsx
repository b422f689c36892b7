/**
 * The app shell: navigation bar, the routes of PRODUCT.md §2 (each screen loaded on
 * demand, with its tab title and its own error boundary), footer. Fetches the current
 * user and the runtime configuration on start.
 */
import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { matchPath, Navigate, Route, Routes } from 'react-router';
import { fetchConfig } from '@/features/layout/layout.actions';
import { fetchUser, selectIsLoggedIn, selectUserChecked } from '@/entities/session/session';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { paths } from '@/lib/paths';
import Nav from '@/features/layout/Nav';
import Footer from '@/features/layout/Footer';
// The progress bar and the "can't reach" banner (EXTENSIONS.md §11): part of the first load,
// a request fewer than a chunk of its own right after it (issue 11).
import AppStatus from '@/features/layout/AppStatus';
import { useApplyTheme } from '@/features/layout/theme';
import RequireUser from './RequireUser';
import ScreenErrorBoundary from './ScreenErrorBoundary';
import { lazyScreen, type LazyScreen } from './lazyScreen';
// The landing screen is part of the first load (issue 11); every other screen is loaded on demand.
import LoginPage from '@/features/auth/LoginPage';
import { useDocumentTitle, useFocusHeadingOnNavigate } from './navigationFocus';

/**
 * A screen after the login: its module and the Bootstrap parts only those screens use
 * (lib/screenStyles.ts), fetched together; the styles come first, so a screen's own
 * stylesheet follows Bootstrap's.
 */
function lazyWithStyles(name: string, load: () => Promise<{ default: ComponentType }>) {
  return lazyScreen(name, async () => {
    const [, module] = await Promise.all([import('@/lib/screenStyles'), load()]);
    return module;
  });
}

const RegistrationPage = lazyWithStyles('RegistrationPage', () => import('@/features/auth/RegistrationPage'));
const AboutPage = lazyWithStyles('AboutPage', () => import('@/features/pages/AboutPage'));
const InfoPage = lazyWithStyles('InfoPage', () => import('@/features/pages/InfoPage'));
const TestImagePage = lazyWithStyles('TestImagePage', () => import('@/features/pages/TestImagePage'));
const NotFoundPage = lazyWithStyles('NotFoundPage', () => import('@/features/pages/NotFoundPage'));
const CollectionPage = lazyWithStyles('CollectionPage', () => import('@/features/records/CollectionPage'));
const AddRecordPage = lazyWithStyles('AddRecordPage', () => import('@/features/records/AddRecordPage'));
const EditRecordPage = lazyWithStyles('EditRecordPage', () => import('@/features/records/EditRecordPage'));
const RecordDetailsPage = lazyWithStyles(
  'RecordDetailsPage',
  () => import('@/features/records/RecordDetailsPage'),
);
const FriendCollectionPage = lazyWithStyles(
  'FriendCollectionPage',
  () => import('@/features/records/FriendCollectionPage'),
);
const FriendRecordPage = lazyWithStyles(
  'FriendRecordPage',
  () => import('@/features/records/FriendRecordPage'),
);
const ImportPage = lazyWithStyles('ImportPage', () => import('@/features/imports/ImportPage'));
const SocialPage = lazyWithStyles('SocialPage', () => import('@/features/social/SocialPage'));
const AddFriendPage = lazyWithStyles('AddFriendPage', () => import('@/features/social/AddFriendPage'));
const LatestListensPage = lazyWithStyles(
  'LatestListensPage',
  () => import('@/features/social/LatestListensPage'),
);
const HotpPage = lazyWithStyles('HotpPage', () => import('@/features/social/HotpPage'));
const SpinsPage = lazyWithStyles('SpinsPage', () => import('@/features/spins/SpinsPage'));
const AddSpinPage = lazyWithStyles('AddSpinPage', () => import('@/features/spins/AddSpinPage'));
const SpinDetailsPage = lazyWithStyles('SpinDetailsPage', () => import('@/features/spins/SpinDetailsPage'));
const BlindbagPage = lazyWithStyles('BlindbagPage', () => import('@/features/blindbag/BlindbagPage'));
// The one-time "Add to Home Screen" hint on iOS Safari (EXTENSIONS.md §9), loaded on Apple devices.
const HomeScreenHint = lazy(() => import('@/lib/pwa/HomeScreenHint'));
const StatsPage = lazyWithStyles('StatsPage', () => import('@/features/stats/StatsPage'));
const RewindPage = lazyWithStyles('RewindPage', () => import('@/features/stats/RewindPage'));
const WantsPage = lazyWithStyles('WantsPage', () => import('@/features/wants/WantsPage'));
const AddWantPage = lazyWithStyles('AddWantPage', () => import('@/features/wants/AddWantPage'));
const WantDetailsPage = lazyWithStyles('WantDetailsPage', () => import('@/features/wants/WantDetailsPage'));
const FriendWantsPage = lazyWithStyles('FriendWantsPage', () => import('@/features/wants/FriendWantsPage'));
const ShareSettingsPage = lazyWithStyles(
  'ShareSettingsPage',
  () => import('@/features/share/ShareSettingsPage'),
);
const SharedCratePage = lazyWithStyles('SharedCratePage', () => import('@/features/share/SharedCratePage'));
const SharedRecordPage = lazyWithStyles(
  'SharedRecordPage',
  () => import('@/features/share/SharedRecordPage'),
);
const ListenBrainzPage = lazyWithStyles(
  'ListenBrainzPage',
  () => import('@/features/listenbrainz/ListenBrainzPage'),
);

/** One screen of the route table (PRODUCT.md §2). */
interface ScreenRoute {
  path: string;
  Screen: ComponentType;
  /** The tab title's first part ("{title} · Spincrate"). */
  title: string;
  /** Only for a signed-in user; others see the landing screen (RequireUser). */
  guarded?: boolean;
}

/** The route table: path, screen, tab title, guard. */
const SCREENS: readonly ScreenRoute[] = [
  { path: paths.home, Screen: LoginPage, title: 'Login' },
  { path: paths.registration, Screen: RegistrationPage, title: 'Register' },
  { path: paths.about, Screen: AboutPage, title: 'About' },
  { path: paths.info, Screen: InfoPage, title: 'Info' },
  { path: paths.test, Screen: TestImagePage, title: 'Image demo' },
  { path: paths.profile, Screen: CollectionPage, title: 'Collection', guarded: true },
  { path: paths.addRecord, Screen: AddRecordPage, title: 'Add record', guarded: true },
  { path: paths.editRecord(), Screen: EditRecordPage, title: 'Edit record', guarded: true },
  { path: paths.recordDetails(), Screen: RecordDetailsPage, title: 'Record details', guarded: true },
  { path: paths.importRecords, Screen: ImportPage, title: 'Import', guarded: true },
  { path: paths.social, Screen: SocialPage, title: 'Social', guarded: true },
  { path: paths.addFriend, Screen: AddFriendPage, title: 'Add friend', guarded: true },
  { path: paths.latestListens, Screen: LatestListensPage, title: 'Latest Listens', guarded: true },
  { path: paths.hotp, Screen: HotpPage, title: 'Hot Off The Press', guarded: true },
  { path: paths.friendCollection(), Screen: FriendCollectionPage, title: "Friend's crate", guarded: true },
  { path: paths.friendRecord(), Screen: FriendRecordPage, title: "Friend's record", guarded: true },
  { path: paths.spins, Screen: SpinsPage, title: 'Spins', guarded: true },
  { path: paths.addSpin, Screen: AddSpinPage, title: 'Add spin', guarded: true },
  { path: paths.spinDetails(), Screen: SpinDetailsPage, title: 'Spin details', guarded: true },
  { path: paths.blindbag, Screen: BlindbagPage, title: 'Blind Bag', guarded: true },
  { path: paths.stats, Screen: StatsPage, title: 'Stats', guarded: true },
  { path: paths.rewind(), Screen: RewindPage, title: 'Year in review', guarded: true },
  { path: paths.wants, Screen: WantsPage, title: 'Wantlist', guarded: true },
  { path: paths.addWant, Screen: AddWantPage, title: 'Add a want', guarded: true },
  { path: paths.wantDetails(), Screen: WantDetailsPage, title: 'Want', guarded: true },
  { path: paths.friendWants(), Screen: FriendWantsPage, title: "Friend's wants", guarded: true },
  { path: paths.shareSettings, Screen: ShareSettingsPage, title: 'Share my crate', guarded: true },
  // A shared crate is public: anyone with the link, signed in or not (EXTENSIONS.md §7).
  { path: paths.sharedCrate(), Screen: SharedCratePage, title: 'Shared crate' },
  { path: paths.sharedRecord(), Screen: SharedRecordPage, title: 'Shared record' },
  { path: paths.listenBrainz, Screen: ListenBrainzPage, title: 'ListenBrainz', guarded: true },
];

/**
 * Starts loading the module of the screen at `pathname` (its `preload`, app/lazyScreen.ts),
 * the same load its route then renders from. main.tsx calls it when the service worker
 * started the page offline, beside the signed-in user's data, so the screen does not wait for
 * the first render to ask for its code (issue 24: the offline start to the first cover).
 * @param pathname - a path of the app, e.g. `/user/profile`
 * @returns the load; undefined when the path's screen is part of the first load or the path
 *   names no screen
 */
export function preloadScreenOf(pathname: string): Promise<unknown> | undefined {
  const route = SCREENS.find(({ path }) => matchPath({ path, caseSensitive: true }, pathname) !== null);
  return (route?.Screen as Partial<LazyScreen<object>> | undefined)?.preload?.();
}

/** Title of the 404 screen. */
const NOT_FOUND_TITLE = 'Page not found';

/**
 * One route's element: the tab title, the error boundary and, for a guarded screen,
 * the route guard (a signed-out visitor's tab then reads "Login · Spincrate", like the
 * landing screen it shows).
 */
function RouteScreen({
  title,
  guarded = false,
  children,
}: {
  title: string;
  guarded?: boolean;
  children: ReactNode;
}) {
  const checked = useAppSelector(selectUserChecked);
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const signedOut = guarded && checked && !loggedIn;
  useDocumentTitle(signedOut ? 'Login' : title);
  return (
    <ScreenErrorBoundary>{guarded ? <RequireUser>{children}</RequireUser> : children}</ScreenErrorBoundary>
  );
}

/** The routes alone (tests render them inside a MemoryRouter). */
export function AppRoutes() {
  useFocusHeadingOnNavigate();
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
        {SCREENS.map(({ path, Screen, title, guarded }) => (
          <Route
            key={path}
            caseSensitive
            path={path}
            element={
              <RouteScreen title={title} guarded={guarded}>
                <Screen />
              </RouteScreen>
            }
          />
        ))}
        <Route
          path="*"
          element={
            <RouteScreen title={NOT_FOUND_TITLE}>
              <NotFoundPage />
            </RouteScreen>
          }
        />
      </Routes>
    </Suspense>
  );
}

/**
 * The whole app: nav bar, routes and footer, with the theme applied to the page.
 * @param configLoaded - true when the store already holds the runtime configuration (from
 *   the page's data block, lib/bootSession.ts); otherwise it is fetched on start
 */
export default function App({ configLoaded = false }: { configLoaded?: boolean }) {
  const dispatch = useAppDispatch();
  // Known when the page came with the server's session block (lib/bootSession.ts).
  const userChecked = useAppSelector(selectUserChecked);
  const loggedIn = useAppSelector(selectIsLoggedIn);

  useEffect(() => {
    if (!userChecked) dispatch(fetchUser());
    if (!configLoaded) dispatch(fetchConfig());
    // Only on start: later changes of the session come from login and logout.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dispatch]);

  // PRODUCT.md §3: the theme is the page body's class; Bootstrap follows data-bs-theme.
  useApplyTheme();
  // Only Apple devices load the hint's chunk, which decides (lib/pwa/homeScreenHint.ts); the
  // first load's script stays within its budget (lib/entryGuard.ts).
  const [apple] = useState(() => /iP(hone|ad|od)|Macintosh/.test(navigator.userAgent));

  return (
    <div className="d-flex flex-column min-vh-100">
      <AppStatus />
      <a href="#content" className="visually-hidden-focusable skip-link">
        Skip to content
      </a>
      <Nav />
      {/* Signed in, the content fills at least the viewport: a screen's module, its loading
          screen and then its data arrive one after the other, and the footer, starting below
          the fold, is never pushed down in sight (issue 11: no layout shift). The page's one
          main landmark, on every screen (the skip link's target). */}
      <main
        id="content"
        className={loggedIn ? 'flex-grow-1 spincrate-content-tall' : 'flex-grow-1'}
        tabIndex={-1}
      >
        <AppRoutes />
      </main>
      <Footer />
      {loggedIn && apple && (
        <Suspense>
          <HomeScreenHint />
        </Suspense>
      )}
    </div>
  );
}
