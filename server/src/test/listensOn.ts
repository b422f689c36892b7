/**
 * Whether a server process the tests started is the one answering on its port. A port from
 * get-port can be taken by another process on a shared machine (another test file's server,
 * an outgoing connection's local port) before the server binds it, or after a killed server
 * let it go; an answer on the port then comes from that other process, not from the server.
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/**
 * True when process `pid` itself listens on TCP `port` (Linux /proc: a listening socket on
 * that port whose inode is one of the process's open files); false when it does not, or has
 * ended. Reads /proc only; throws nothing.
 */
export function listensOn(pid: number, port: number): boolean {
  const inodes = new Set<string>();
  try {
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      try {
        const link = readlinkSync(`/proc/${pid}/fd/${fd}`);
        if (link.startsWith('socket:[')) inodes.add(link.slice('socket:['.length, -1));
      } catch {
        // The file closed while we looked.
      }
    }
  } catch {
    return false; // The process has ended.
  }
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let lines: string[];
    try {
      lines = readFileSync(table, 'utf8').split('\n').slice(1);
    } catch {
      continue;
    }
    for (const line of lines) {
      const fields = line.trim().split(/\s+/);
      // local_address is "ADDRESS:PORT" in hex, st 0A is LISTEN, the inode is the 10th field.
      if (fields[1]?.endsWith(`:${hexPort}`) && fields[3] === '0A' && inodes.has(fields[9] ?? ''))
        return true;
    }
  }
  return false;
}
