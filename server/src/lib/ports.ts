/**
 * Free TCP ports on 127.0.0.1, for the embedded PostgreSQL and for the tests and the e2e
 * stack that start servers of their own. Shared code: every part of the server may import it.
 */
import net from 'node:net';

/** Resolves with `port` when it can be listened on at 127.0.0.1 (0: any free one), else null. */
function tryPort(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(null));
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : null));
    });
  });
}

/**
 * A free TCP port on 127.0.0.1, released before it is returned.
 * @param preferred - the port to use when it is free (default: none, any free port)
 * @returns `preferred` when free, else a port the system chose
 * @throws Error when no port can be had at all
 */
export async function freePort(preferred?: number): Promise<number> {
  const port = (preferred ? await tryPort(preferred) : null) ?? (await tryPort(0));
  if (port === null) throw new Error('no free TCP port on 127.0.0.1');
  return port;
}
