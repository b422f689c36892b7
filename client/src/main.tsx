import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import './bootstrap.scss';
import './styles.css';
// In the first stylesheet: a signed-in collection page carries the loading screen as markup,
// shown before any script of the app has run (server/src/app/pageData.ts).
import './lib/components/LoadingScreen.css';
import App, { preloadScreenOf } from './app/App';
import { makeStore } from './app/store';
import { configReducer, setConfig } from './features/layout/layout.slice';
import { loadApi } from './lib/api';
import { isOfflineStart, readBootConfig, readBootSession } from './lib/bootSession';
import { scheduleServiceWorker } from './lib/pwa/scheduleServiceWorker';
import { BOOT_ELEMENT_IDS } from '@spincrate/contract/bootPage';

// The server hands the signed-in user and the runtime configuration to the page
// (lib/bootSession.ts).
const bootSession = readBootSession();
const bootConfig = readBootConfig();
// Both go in as the first state: an action would load redux-saga (app/lazySagas.ts), which a
// visitor's login screen does without (issue 11).
const store = makeStore({
  ...(bootSession ? { user: bootSession } : {}),
  ...(bootConfig ? { config: configReducer(undefined, setConfig(bootConfig)) } : {}),
});
// A signed-in user's screens call the API at once: load axios alongside them (lib/api.ts).
// Its reducers and sagas too (app/userData.ts), which a visitor's first load leaves out.
if (bootSession?.user.id !== undefined) {
  void loadApi().catch(() => undefined);
  void store.loadUserData().catch(() => undefined);
  // Started by the service worker without the server (lib/pwa/sessionBlock.ts): the screen's
  // code is asked for now, beside the user data (which then asks for the offline copy's reads
  // and checks the server at once, app/userData.ts), so the screen answers from the copy
  // without first waiting for its own calls to fail (EXTENSIONS.md §9; issue 24: the offline
  // start to the first cover).
  if (isOfflineStart(document)) void preloadScreenOf(window.location.pathname)?.catch(() => undefined);
}

function render(): void {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Provider store={store}>
        <BrowserRouter>
          <App configLoaded={bootConfig !== undefined} />
        </BrowserRouter>
      </Provider>
    </StrictMode>,
  );
}

// While the page's own loading screen shows (a signed-in collection page's first visit:
// theme-init.js), the app renders under it after the browser has painted it, not before:
// the screen is the page's first and largest paint (issue 11: Lighthouse ≥ 95). The app's
// first render is the longest task of the start.
if (document.getElementById(BOOT_ELEMENT_IDS.crateLoading)?.hidden === false) {
  requestAnimationFrame(() => setTimeout(render, 0));
} else {
  render();
}

// The service worker (the app opens without a network, EXTENSIONS.md §9), after the first paint.
scheduleServiceWorker();
