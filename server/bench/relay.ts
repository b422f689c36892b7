/**
 * The server gone for one browser while it keeps running (`npm run perf:client`'s offline
 * rows): a TCP relay the browser talks to instead of the app; stopping it refuses every
 * connection, the service worker's included, as a stopped server would. The same relay as the
 * browser journeys' (e2e/support/relay.ts), which the server workspace cannot import.
 */
import net from 'node:net';

/** A TCP relay in front of the app on 127.0.0.1 (a port of its own: an origin of its own). */
export class Relay {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  constructor(private readonly target: URL) {}

  /** Listens (again) on its port, or on a free one the first time. */
  async start(): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(Number(this.target.port), this.target.hostname);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('error', () => undefined);
        socket.on('close', () => {
          this.sockets.delete(socket);
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  /** Stops listening and cuts every connection: the browser's next request is refused. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }

  /** The app's address through the relay. */
  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }
}
