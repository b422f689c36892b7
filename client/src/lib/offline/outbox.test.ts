/**
 * The outbox (EXTENSIONS.md §9; API.md "Offline copy and repeat-safe writes") on fake-indexeddb,
 * the server faked with msw as API.md says it answers: a `clientId` stored once, a repeat
 * answered 200.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { server } from '@/test/server';
import { deleteOfflineCopy } from './db';
import { flushOutboxItems, queueWrite, readOutbox } from './outbox';

const SPIN = { timeSpent: '1:05', listenedAt: '2026-11-20', details: 'Sunday morning', albums: ['12'] };
const WANT = { artist: 'Funkadelic', title: 'Maggot Brain' };

/** The server's stored writes by clientId, and every POST it got. */
let stored: Map<string, { id: number }>;
let posts: Array<{ path: string; clientId: string }>;

/** A server that stores each clientId once (201), answers a repeat 200. */
function repeatSafeServer() {
  const handler = (path: string) =>
    http.post(path, async ({ request }) => {
      const body = (await request.json()) as { clientId: string };
      posts.push({ path, clientId: body.clientId });
      if (stored.has(body.clientId)) return HttpResponse.json(stored.get(body.clientId), { status: 200 });
      const made = { id: stored.size + 1 };
      stored.set(body.clientId, made);
      return HttpResponse.json(made, { status: 201 });
    });
  server.use(handler('/api/spins/add'), handler('/api/want/add'));
}

beforeEach(() => {
  stored = new Map();
  posts = [];
});
afterEach(async () => {
  await deleteOfflineCopy();
});

describe('the outbox', () => {
  it('keeps each write with its own clientId until it is sent', async () => {
    const spin = await queueWrite(7, 'spin', SPIN, ['Kind of Blue']);
    const want = await queueWrite(7, 'want', WANT);
    expect(spin.clientId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(want.clientId).not.toBe(spin.clientId);
    expect((await readOutbox(7)).map((i) => [i.kind, i.status])).toEqual([
      ['spin', 'waiting'],
      ['want', 'waiting'],
    ]);
  });

  it('two flushes at once send each item once and empty the outbox', async () => {
    repeatSafeServer();
    const spin = await queueWrite(7, 'spin', SPIN);
    const want = await queueWrite(7, 'want', WANT);
    const [first, second] = await Promise.all([flushOutboxItems(7), flushOutboxItems(7)]);
    expect(first.sent + second.sent).toBe(2);
    expect(posts).toEqual([
      { path: '/api/spins/add', clientId: spin.clientId },
      { path: '/api/want/add', clientId: want.clientId },
    ]);
    expect(stored.size).toBe(2);
    expect(await readOutbox(7)).toEqual([]);
  });

  it('an item the server already has (answered 200) is removed, and nothing new is stored', async () => {
    repeatSafeServer();
    const spin = await queueWrite(7, 'spin', SPIN);
    // The first send reached the server, but its answer was lost on the way.
    stored.set(spin.clientId, { id: 1 });
    const result = await flushOutboxItems(7);
    expect(result).toEqual({ sent: 1, loginNeeded: false });
    expect(stored.size).toBe(1);
    expect(await readOutbox(7)).toEqual([]);
  });

  it('a 401 keeps every item and asks for a login', async () => {
    server.use(
      http.post('/api/spins/add', () =>
        HttpResponse.json({ error: { code: 'unauthenticated', message: 'log in' } }, { status: 401 }),
      ),
    );
    await queueWrite(7, 'spin', SPIN);
    await queueWrite(7, 'spin', { ...SPIN, details: 'second' });
    expect(await flushOutboxItems(7)).toEqual({ sent: 0, loginNeeded: true });
    expect((await readOutbox(7)).map((i) => i.status)).toEqual(['waiting', 'waiting']);
  });

  it('a 400 marks the item failed with the server’s message and sends the next', async () => {
    let calls = 0;
    server.use(
      http.post('/api/spins/add', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json(
              {
                error: {
                  code: 'validation_failed',
                  message: 'albums must be your records',
                  fields: { albums: 'x' },
                },
              },
              { status: 400 },
            )
          : HttpResponse.json({ id: 5 }, { status: 201 });
      }),
    );
    await queueWrite(7, 'spin', SPIN);
    await queueWrite(7, 'spin', { ...SPIN, details: 'second' });
    expect(await flushOutboxItems(7)).toEqual({ sent: 1, loginNeeded: false });
    const left = await readOutbox(7);
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ status: 'failed', error: 'albums must be your records' });
    // A failed item is not sent again by itself.
    await flushOutboxItems(7);
    expect(calls).toBe(2);
  });

  it('no answer keeps the items for the next flush', async () => {
    server.use(http.post('/api/spins/add', () => HttpResponse.error()));
    await queueWrite(7, 'spin', SPIN);
    expect(await flushOutboxItems(7)).toEqual({ sent: 0, loginNeeded: false });
    expect((await readOutbox(7)).map((i) => i.status)).toEqual(['waiting']);
  });
});
