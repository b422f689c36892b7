import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import App from '@/app/App';
import { makeStore } from '@/test/store';
import { server } from '@/test/server';
import { readBootConfig, readBootSession } from './bootSession';

/** A page as the server writes it: the data block in the head. */
function page(json: string): Document {
  return new DOMParser().parseFromString(
    `<!doctype html><html><head><script type="application/json" id="spincrate-session">${json}</script></head><body></body></html>`,
    'text/html',
  );
}

describe('the session block of index.html', () => {
  it('reads the signed-in user, escapes and all', () => {
    const doc = page('{"user":{"id":4,"username":"a\\u003c/script\\u003eb"}}');
    expect(readBootSession(doc)).toEqual({ user: { id: 4, username: 'a</script>b' }, status: 'succeeded' });
  });

  it('reads a visitor as nobody signed in, already checked', () => {
    expect(readBootSession(page('{"user":null}'))).toEqual({ user: {}, status: 'succeeded' });
  });

  it('gives nothing for a page without a block or with a broken one (the app then asks the API)', () => {
    expect(readBootSession(new DOMParser().parseFromString('<p>x</p>', 'text/html'))).toBeUndefined();
    expect(readBootSession(page('{not json'))).toBeUndefined();
  });

  it('lets the app start without GET /api/user when the page told who is signed in', async () => {
    let userCalls = 0;
    server.use(
      http.get('/api/user', () => {
        userCalls += 1;
        return HttpResponse.json(
          { error: { code: 'unauthenticated', message: 'Log in first' } },
          { status: 401 },
        );
      }),
    );
    const store = makeStore({ user: readBootSession(page('{"user":null}'))! });
    render(
      <Provider store={store}>
        <MemoryRouter initialEntries={['/home']}>
          <App />
        </MemoryRouter>
      </Provider>,
    );
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(userCalls).toBe(0);
  });
});

describe('the configuration block of index.html', () => {
  const config = {
    chatbotUrl: '/chatbot-help.html',
    chatbotName: 'Needle Drop',
    creatorUsername: 'spincrate',
    imageUrl: '/sample-image.svg',
    version: 'v1.3.2',
  };
  const configPage = (json: string) =>
    new DOMParser().parseFromString(
      `<!doctype html><html><head><script type="application/json" id="spincrate-config">${json}</script></head><body></body></html>`,
      'text/html',
    );

  it('reads the configuration, and nothing from a page without a block or with a broken one', () => {
    expect(readBootConfig(configPage(JSON.stringify(config)))).toEqual(config);
    expect(readBootConfig(configPage('{not json'))).toBeUndefined();
    expect(readBootConfig(configPage('null'))).toBeUndefined();
    expect(readBootConfig(new DOMParser().parseFromString('<p>x</p>', 'text/html'))).toBeUndefined();
  });
});
