/**
 * The fake ListenBrainz itself (issue 23): it must refuse what ListenBrainz refuses, with
 * ListenBrainz's messages, and send the rate-limit headers on every answer.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeListenBrainz, type FakeListenBrainz } from './fakeListenBrainz.js';

let fake: FakeListenBrainz;
beforeAll(async () => {
  fake = await startFakeListenBrainz();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.reset();
  fake.addUser('tok', 'riley');
});

const listen = { listened_at: 1_700_000_000, track_metadata: { artist_name: 'A', track_name: 'T' } };

async function submit(body: unknown, token = 'tok') {
  const res = await fetch(`${fake.url}/1/submit-listens`, {
    method: 'POST',
    headers: { Authorization: `Token ${token}`, 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { error?: string }, headers: res.headers };
}

describe('fake ListenBrainz', () => {
  it.each([
    [{ listen_type: 'import' }, 'Invalid JSON document submitted.'],
    [{ listen_type: 'import', payload: {} }, 'The payload in the JSON document should be a list of listens.'],
    [{ listen_type: 'import', payload: [] }, 'JSON document does not contain any listens'],
    [{ listen_type: 'loud', payload: [listen] }, 'JSON document requires a valid listen_type key.'],
    [
      { listen_type: 'single', payload: [listen, listen] },
      'JSON document contains more than listen for a single/playing_now. It should contain only one.',
    ],
    [
      { listen_type: 'single', payload: [{ track_metadata: listen.track_metadata }] },
      'JSON document must contain the key listened_at at the top level.',
    ],
    [
      {
        listen_type: 'single',
        payload: [{ listened_at: 1_700_000_000, track_metadata: { track_name: 'T' } }],
      },
      'JSON document does not contain required track_metadata.artist_name.',
    ],
    [
      { listen_type: 'import', payload: Array.from({ length: 1001 }, () => listen) },
      'Too many listens. You may not submit more than 1000 listens at once.',
    ],
  ])('answers 400 to %j', async (body, message) => {
    const res = await submit(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 400, error: message });
    expect(fake.listens).toHaveLength(0);
  });

  it('stores a listen once (duplicates ignored), 401 for a bad token, the X-RateLimit headers on every answer', async () => {
    expect((await submit({ listen_type: 'single', payload: [listen] })).status).toBe(200);
    expect((await submit({ listen_type: 'import', payload: [listen, listen] })).status).toBe(200);
    expect(fake.listens).toHaveLength(1);
    const refused = await submit({ listen_type: 'single', payload: [listen] }, 'nope');
    expect(refused.status).toBe(401);
    for (const name of [
      'X-RateLimit-Limit',
      'X-RateLimit-Remaining',
      'X-RateLimit-Reset-In',
      'X-RateLimit-Reset',
    ])
      expect(refused.headers.get(name)).toMatch(/^\d+$/);
    const listens = await fetch(`${fake.url}/1/user/riley/listens`);
    expect(((await listens.json()) as { payload: { count: number } }).payload.count).toBe(1);
  });

  it('answers a plain-text 429 past the window’s limit', async () => {
    fake.setRateLimit(1, 60);
    await fetch(`${fake.url}/1/validate-token`, { headers: { Authorization: 'Token tok' } });
    const res = await fetch(`${fake.url}/1/validate-token`, { headers: { Authorization: 'Token tok' } });
    expect(res.status).toBe(429);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(res.headers.get('X-RateLimit-Remaining')).toBe('0');
  });
});
