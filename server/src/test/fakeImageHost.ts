/**
 * A local fake image host (a third-party cover host such as the Cover Art Archive's
 * archive.org, on 127.0.0.1 with its own port) for the browser test suite (issue 27): any
 * `GET /{name}.png` answers a 600×600 PNG in a colour of its name; a name starting with
 * `too-wide` answers a 6,001×8 PNG, which the cover worker refuses (API.md "Covers served by
 * Spincrate": larger than 6,000 px on a side), so its records keep showing `coverart`.
 * Every request is recorded: `GET /__fake/requests` → `[{method, path}]`; `GET /__fake/health` → 200.
 *
 * Standalone (e2e global setup): `npx tsx server/src/test/fakeImageHost.ts --port 4011`.
 */
import http from 'node:http';
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';

export interface FakeImageHost {
  /** e.g. `http://127.0.0.1:40124` */
  url: string;
  /** Every request received, oldest first (live array). */
  requests: Array<{ method: string; path: string }>;
  close(): Promise<void>;
}

/** The PNG of a name (cached: the same bytes every time). */
const images = new Map<string, Promise<Buffer>>();
function pngOf(name: string): Promise<Buffer> {
  let image = images.get(name);
  if (!image) {
    const [r, g, b] = createHash('sha256').update(name).digest();
    const wide = name.startsWith('too-wide');
    image = sharp({
      create: {
        width: wide ? 6001 : 600,
        height: wide ? 8 : 600,
        channels: 3,
        background: { r: r!, g: g!, b: b! },
      },
    })
      .png()
      .toBuffer();
    images.set(name, image);
  }
  return image;
}

/**
 * Starts the fake image host.
 * @param options.port - default 0 (any free port)
 */
export async function startFakeImageHost(
  options: { port?: number; host?: string } = {},
): Promise<FakeImageHost> {
  const requests: FakeImageHost['requests'] = [];
  const server = http.createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://fake').pathname;
    if (pathname === '/__fake/health') return void res.writeHead(200).end('ok');
    if (pathname === '/__fake/requests') {
      return void res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(requests));
    }
    requests.push({ method: req.method ?? 'GET', path: pathname });
    const match = /^\/([\w.-]+)\.png$/.exec(pathname);
    if (!match) return void res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not Found');
    pngOf(match[1]!).then(
      (body) =>
        res
          .writeHead(200, {
            'Content-Type': 'image/png',
            'Content-Length': body.length,
            'Cache-Control': 'public, max-age=3600',
          })
          .end(body),
      () => res.writeHead(500).end(),
    );
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://${address.address}:${address.port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const invokedDirectly =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (invokedDirectly) {
  const i = process.argv.indexOf('--port');
  const port = Number(i >= 0 ? process.argv[i + 1] : 4011);
  startFakeImageHost({ port }).then(
    (host) => {
      process.stdout.write(`Fake image host listening on ${host.url}\n`);
      const stop = () => void host.close().then(() => process.exit(0));
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    },
    (err: unknown) => {
      process.stderr.write(`fake image host: ${(err as Error).message}\n`);
      process.exit(1);
    },
  );
}
