import { afterAll, describe, expect, it } from 'vitest';
import { request } from '@/test/contract.js';
import { createTestApp, type TestApp } from '@/test/harness.js';

const apps: TestApp[] = [];
afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
});

describe('GET /api/config', () => {
  it("serves the app's own chat-bot help page and sample image when nothing is configured", async () => {
    const t = createTestApp();
    apps.push(t);
    const res = await request(t.app).get('/api/config');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      chatbotUrl: '/chatbot-help.html',
      chatbotName: 'Crate Digger',
      creatorUsername: 'spincrate',
      imageUrl: '/sample-image.svg',
      version: 'v1.3.2',
    });
  });

  it('serves the configured values without a rebuild, and the CSP allows the chat-bot origin', async () => {
    const t = createTestApp({
      env: {
        CHATBOT_URL: 'https://bot.example.org/frame?id=1',
        CHATBOT_NAME: 'Vinny',
        CREATOR_USERNAME: 'maker',
        IMAGE_HOST_URL: 'https://images.example.net/demo/sample.jpg',
      },
    });
    apps.push(t);
    const res = await request(t.app).get('/api/config');
    expect(res.body).toMatchObject({
      chatbotUrl: 'https://bot.example.org/frame?id=1',
      chatbotName: 'Vinny',
      creatorUsername: 'maker',
      imageUrl: 'https://images.example.net/demo/sample.jpg',
    });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/frame-src 'self' https:\/\/bot\.example\.org/);
    expect(csp).toMatch(/img-src [^;]*https:\/\/images\.example\.net/);
  });
});
