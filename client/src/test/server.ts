/**
 * The fake HTTP layer of client tests (msw): each test adds the handlers it needs
 * with `server.use(...)`; an unhandled request fails the test.
 */
import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';

/**
 * Handlers every test gets: the runtime config, the health check, no one logged in, and a
 * crate without folders (the crate and blindbag screens ask for the folder filter's options).
 */
const defaultHandlers = [
  http.get('/api/record/folders', () => HttpResponse.json([])),
  http.get('/api/health', () => HttpResponse.json({ status: 'ok' })),
  http.get('/api/config', () =>
    HttpResponse.json({
      chatbotUrl: '/chatbot-help.html',
      chatbotName: 'Crate Digger',
      creatorUsername: 'spincrate',
      imageUrl: '/sample-image.svg',
      version: 'v1.3.2',
    }),
  ),
];

export const server = setupServer(...defaultHandlers);
