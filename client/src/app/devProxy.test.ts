// @vitest-environment node
/**
 * `npm run dev` (README "Commands"): Vite proxies the API to the server on `PORT`, not to a
 * fixed 5001. A real Vite dev server, started from the project's own config, in front of a
 * tiny stand-in for the API server on another port.
 */
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createServer, type ViteDevServer } from 'vite';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { server as fakeNetwork } from '@/test/server';

const configFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../vite.config.ts');

// Real sockets here: the suite's msw would otherwise catch the proxy's own requests too.
beforeAll(() => fakeNetwork.close());

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** A server on a free port that answers every request with its own path. */
async function standInApi(): Promise<number> {
  const server = http.createServer((req, res) => {
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify({ reached: req.url }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(() => resolve())));
  return (server.address() as AddressInfo).port;
}

describe('npm run dev', () => {
  it('proxies /api and /covers to the server on PORT', async () => {
    const apiPort = await standInApi();
    const previous = process.env.PORT;
    process.env.PORT = String(apiPort);
    let vite: ViteDevServer;
    try {
      vite = await createServer({
        configFile,
        logLevel: 'silent',
        server: { port: 0, host: '127.0.0.1', strictPort: false },
      });
    } finally {
      if (previous === undefined) delete process.env.PORT;
      else process.env.PORT = previous;
    }
    cleanups.push(() => vite.close());
    await vite.listen();
    const { port } = vite.httpServer!.address() as AddressInfo;

    const api = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(api.status).toBe(200);
    expect(await api.json()).toEqual({ reached: '/api/health' });
    const cover = await fetch(`http://127.0.0.1:${port}/covers/fallback.svg`);
    expect(await cover.json()).toEqual({ reached: '/covers/fallback.svg' });
  });
});
