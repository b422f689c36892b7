/**
 * Oversized requests on real sockets against a started server (README "Request limits"):
 * a URL over 16 KiB answers 414 (API.md "Conventions": "a URL over 16 KB") and headers over
 * 16 KiB answer 431, whether Node's parser read them or not, both with
 * API.md's error body `{error:{code,message}}`, as does a request Node cannot parse (400);
 * never Node's plain-text answer or a reset connection.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@/lib/logger.js';
import { startServer, type RunningServer } from '@/server.js';
import { createOwnDatabase, testConfig } from './harness.js';

let running: RunningServer;
let dropDatabase: () => Promise<void>;
let port: number;

beforeAll(async () => {
  const own = await createOwnDatabase();
  dropDatabase = own.drop;
  running = await startServer(
    testConfig({ DATABASE_URL: own.url, PORT: '0', HOST: '127.0.0.1' }),
    createLogger('silent'),
  );
  port = Number(new URL(running.url).port);
}, 60_000);
afterAll(async () => {
  await running?.stop();
  await dropDatabase?.();
});

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends `request` as it is on a new connection; resolves with the whole answer once the connection closes. */
function rawRequest(request: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const headers = Object.fromEntries(
        headerLines.map((line) => {
          const colon = line.indexOf(':');
          return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
        }),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
  });
}

const get = (target: string, extraHeaders = '') =>
  rawRequest(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n${extraHeaders}Connection: close\r\n\r\n`);

function expectErrorBody(answer: RawAnswer, status: number, code: string) {
  expect(answer.status).toBe(status);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  expect(JSON.parse(answer.body)).toEqual({ error: { code, message: expect.any(String) } });
}

describe('oversized requests', () => {
  it('answers a URL of 16,000 bytes with a few KiB of headers, and 414 uri_too_long to a longer one', async () => {
    const base = '/api/health?pad=';
    // 16 KB as API.md counts it, with the headers a browser sends (cookies and all).
    const fits = await get(base + 'a'.repeat(16_000 - base.length), `Cookie: ${'c'.repeat(4 * 1024)}\r\n`);
    expect(fits.status).toBe(200);
    expect(JSON.parse(fits.body)).toEqual({ status: 'ok' });
    expectErrorBody(await get(base + 'a'.repeat(17 * 1024)), 414, 'uri_too_long');
  });

  it('answers 414 uri_too_long to a URL longer than the parser reads', async () => {
    expectErrorBody(await get(`/api/health?pad=${'a'.repeat(40 * 1024)}`), 414, 'uri_too_long');
    expectErrorBody(await get(`/${'b'.repeat(64 * 1024)}`), 414, 'uri_too_long');
  });

  it('answers 431 headers_too_large to headers over 16 KiB, and to more than the parser reads', async () => {
    const big = await get('/api/health', `X-Big: ${'a'.repeat(20 * 1024)}\r\n`);
    expectErrorBody(big, 431, 'headers_too_large');
    const many = Array.from({ length: 400 }, (_, i) => `X-H${i}: ${'v'.repeat(60)}\r\n`).join('');
    expectErrorBody(await get('/api/health', many), 431, 'headers_too_large');
    expectErrorBody(
      await get('/api/health', `X-Huge: ${'a'.repeat(48 * 1024)}\r\n`),
      431,
      'headers_too_large',
    );
  });

  it('answers 400 validation_failed to a request Node cannot parse', async () => {
    const answer = await rawRequest('NOT/A REQUEST\r\n\r\n');
    expect(answer.status).toBe(400);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'validation_failed' } });
  });

  it('keeps serving after oversized requests', async () => {
    await get('/api/health', `X-Big: ${'a'.repeat(20 * 1024)}\r\n`);
    const ok = await get('/api/health');
    expect(ok.status).toBe(200);
    expect(ok.headers['x-request-id']).toBeTruthy();
  });
});
