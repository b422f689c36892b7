import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from '@/test/contract.js';
import { createTestApp, type TestApp } from '@/test/harness.js';

let t: TestApp;
beforeAll(() => {
  t = createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/health', () => {
  it('answers 200 {status: "ok"} while the database answers', async () => {
    const res = await request(t.app).get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('answers 503 unavailable with Retry-After when the database cannot be reached', async () => {
    const broken = createTestApp({ env: { DATABASE_URL: 'postgresql://nobody:nothing@127.0.0.1:9/none' } });
    try {
      const res = await request(broken.app).get('/api/health');
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe('unavailable');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await broken.close();
    }
  });
});
