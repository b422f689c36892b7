/**
 * Ports for the server and PostgreSQL processes the tests start (npm start, a hard kill, a
 * second start). get-port's own choice comes from the kernel's ephemeral range (Linux
 * 32768–60999), the range every outgoing connection takes its local port from: on a busy test
 * machine one of them could take the port in the seconds between the choice and the child's
 * bind ("Port … is already in use by another process"), as a CI run did.
 */
import getPort from 'get-port';

/** Below Linux's ephemeral range (net.ipv4.ip_local_port_range starts at 32768). */
const FIRST = 20_000;
const LAST = 32_767;

/**
 * A free TCP port on 127.0.0.1 below the ephemeral range, tried in a random order so that test
 * files choosing at the same moment rarely pick the same one (get-port's fallback, when none of
 * the tried ones is free, is a port of the kernel's choosing).
 * @returns the port number
 */
export function serverTestPort(): Promise<number> {
  const tried = Array.from({ length: 64 }, () => FIRST + Math.floor(Math.random() * (LAST - FIRST + 1)));
  return getPort({ host: '127.0.0.1', port: tried });
}
