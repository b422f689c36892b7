import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import './bootstrap.scss';
import './styles.css';
import App from './app/App';
import { makeStore } from './app/store';
import { readBootSession } from './lib/bootSession';

// The server hands the signed-in user to the page (lib/bootSession.ts).
const bootSession = readBootSession();
const store = makeStore(bootSession ? { user: bootSession } : undefined);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </Provider>
  </StrictMode>,
);
