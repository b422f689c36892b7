import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import './bootstrap.scss';
import './styles.css';
import App from './app/App';
import { makeStore } from './app/store';
import { setConfig } from './features/layout/layout.actions';
import { loadApi } from './lib/api';
import { readBootConfig, readBootSession } from './lib/bootSession';

// The server hands the signed-in user and the runtime configuration to the page
// (lib/bootSession.ts).
const bootSession = readBootSession();
const bootConfig = readBootConfig();
const store = makeStore(bootSession ? { user: bootSession } : undefined);
if (bootConfig) store.dispatch(setConfig(bootConfig));
// A signed-in user's screens call the API at once: load axios alongside them (lib/api.ts).
if (bootSession?.user.id !== undefined) void loadApi().catch(() => undefined);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <BrowserRouter>
        <App configLoaded={bootConfig !== undefined} />
      </BrowserRouter>
    </Provider>
  </StrictMode>,
);
