import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from '@/test/contract.js';
import { createTestApp, signedInUser, type TestApp } from '@/test/harness.js';

let t: TestApp;
beforeAll(() => {
  t = createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/mood', () => {
  it('lists the 20 moods ordered by name', async () => {
    const { agent } = await signedInUser(t);
    const res = await agent.get('/api/mood');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(20);
    const names = (res.body as Array<{ id: number; mood: string }>).map((m) => m.mood);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(res.body[0]).toEqual({ id: expect.any(Number), mood: expect.any(String) });
    expect(names).toContain('Mellow');
  });

  it('answers 401 without a session', async () => {
    const res = await request(t.app).get('/api/mood');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: { code: 'unauthenticated', message: expect.any(String) } });
  });
});
