/**
 * Fetching a cover source and making its thumbnails (API.md "Covers served by Spincrate"):
 * only `http(s)` sources on the configured image hosts (`COVER_HOSTS`), never an address
 * that is private, loopback or link-local (unless its host is named exactly in the
 * configuration, e.g. a local image host), at most 5 redirects each checked the same way,
 * at most 10 MB read, at most 6,000 px on a side, then WebP thumbnails 250 and 500 px wide
 * that keep the original's aspect.
 *
 * DNS pinning: each host is resolved once per request, its addresses checked, and the
 * connection made to the address checked (the request's own look-up is replaced), so a
 * DNS answer that changes between the check and the connection (DNS rebinding) cannot
 * reach a private address.
 */
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { lookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import sharp from 'sharp';
import type { CoverThumbnails } from './covers.store.js';

/** Largest source read, in bytes (API.md: over 10 MB is refused). */
const MAX_COVER_BYTES = 10 * 1024 * 1024;
/** Largest side of a source, in px (API.md: larger than 6,000 px is refused). */
const MAX_COVER_SIDE = 6000;
/** Redirects followed at most. */
const MAX_REDIRECTS = 5;
/** Decoded formats accepted as covers (no SVG: it could name other resources). */
const IMAGE_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

/** A source that will never make a cover (no retry): the record keeps `cover: null`. */
export class CoverRefusedError extends Error {
  override name = 'CoverRefusedError';
}

/** Addresses a cover is never fetched from. */
const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv6');

/** True for a loopback, private, link-local or otherwise non-public address. */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return PRIVATE.check(mapped[1]!, 'ipv4');
  return PRIVATE.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
}

/**
 * How a host stands with the configured image hosts.
 * @param hosts - lower-case host names, `*.example.org` for its subdomains
 * @returns 'exact' (named; may be a private address), 'wildcard' (a subdomain of a named
 *   domain; must be public) or null (not an image host)
 */
export function matchCoverHost(hostname: string, hosts: readonly string[]): 'exact' | 'wildcard' | null {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (hosts.includes(host)) return 'exact';
  return hosts.some((h) => h.startsWith('*.') && host.endsWith(h.slice(1))) ? 'wildcard' : null;
}

/** One resolved address of a host. */
interface ResolvedAddress {
  address: string;
  /** 4 or 6. */
  family: number;
}

/** Resolves a host name to its addresses (the system resolver by default; tests pass their own). */
export type CoverResolver = (hostname: string) => Promise<ResolvedAddress[]>;

const systemResolver: CoverResolver = (hostname) => lookup(hostname, { all: true });

/**
 * Refuses a URL that is not `http(s)` on an image host resolving to allowed addresses.
 * @returns the addresses to connect to: the ones checked (DNS pinning)
 */
async function checkSource(
  url: URL,
  hosts: readonly string[],
  resolve: CoverResolver,
): Promise<ResolvedAddress[]> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new CoverRefusedError('not an http(s) source');
  const match = matchCoverHost(url.hostname, hosts);
  if (!match) throw new CoverRefusedError(`host ${url.hostname} is not a configured image host`);
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  const literal = isIP(hostname);
  const addresses = literal ? [{ address: hostname, family: literal }] : await resolve(hostname);
  if (addresses.length === 0) throw new CoverRefusedError(`host ${url.hostname} has no address`);
  // A host named exactly in the configuration may be private (e.g. a local image host).
  if (match === 'wildcard' && addresses.some((a) => isPrivateAddress(a.address)))
    throw new CoverRefusedError(`host ${url.hostname} resolves to a private address`);
  return addresses;
}

/**
 * Sends a GET to `url`, connecting to one of the `pinned` addresses instead of looking the
 * host up again (the URL's host still names the server: `Host` header, TLS server name
 * and certificate).
 */
function requestPinned(url: URL, pinned: ResolvedAddress[], signal: AbortSignal): Promise<IncomingMessage> {
  const pinnedLookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, pinned);
    else callback(null, pinned[0]!.address, pinned[0]!.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(
      url,
      { lookup: pinnedLookup, signal, headers: { Accept: 'image/*' } },
      resolve,
    );
    request.once('error', reject);
  });
}

/** Reads a body up to `MAX_COVER_BYTES`; stops reading and refuses past it. */
async function readLimited(response: IncomingMessage): Promise<Buffer> {
  const declared = Number(response.headers['content-length']);
  if (declared > MAX_COVER_BYTES) {
    response.destroy();
    throw new CoverRefusedError('source over 10 MB');
  }
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of response) {
    const bytes = chunk as Buffer;
    total += bytes.byteLength;
    if (total > MAX_COVER_BYTES) {
      response.destroy();
      throw new CoverRefusedError('source over 10 MB');
    }
    chunks.push(bytes);
  }
  return Buffer.concat(chunks);
}

/**
 * Fetches a cover source.
 * @param hosts - the configured image hosts (`config.coverHosts`)
 * @param resolve - the host name resolver (default: the system's); each host is resolved
 *   once per request and connected to at the address checked
 * @returns the source's bytes (at most 10 MB)
 * @throws CoverRefusedError for a source that must not or cannot make a cover; any other
 *   error (network, HTTP 5xx, time-out) may be tried again
 */
export async function fetchCoverSource(
  source: string,
  hosts: readonly string[],
  signal: AbortSignal,
  resolve: CoverResolver = systemResolver,
): Promise<Buffer> {
  let url: URL;
  try {
    url = new URL(source);
  } catch {
    throw new CoverRefusedError('not a URL');
  }
  for (let hop = 0; ; hop++) {
    const pinned = await checkSource(url, hosts, resolve);
    const response = await requestPinned(url, pinned, signal);
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (status >= 300 && status < 400 && location) {
      response.destroy();
      if (hop >= MAX_REDIRECTS) throw new CoverRefusedError('too many redirects');
      url = new URL(location, url);
      continue;
    }
    if (status >= 500 || status === 429) {
      response.destroy();
      throw new Error(`image host answered ${status}`);
    }
    if (status < 200 || status > 299) {
      response.destroy();
      throw new CoverRefusedError(`image host answered ${status}`);
    }
    const type = response.headers['content-type'];
    if (type && !type.toLowerCase().startsWith('image/')) {
      response.destroy();
      throw new CoverRefusedError('not an image');
    }
    return readLimited(response);
  }
}

/**
 * Makes the WebP thumbnails of a source image: 250 and 500 px wide, the original's aspect.
 * @throws CoverRefusedError when the bytes are not an image of an accepted format or a
 *   side is over 6,000 px (checked from the header, before decoding)
 */
export async function makeThumbnails(source: Buffer): Promise<CoverThumbnails> {
  let meta: sharp.Metadata;
  try {
    meta = await sharp(source, { limitInputPixels: false }).metadata();
  } catch {
    throw new CoverRefusedError('not an image');
  }
  if (!meta.format || !IMAGE_FORMATS.has(meta.format) || !meta.width || !meta.height)
    throw new CoverRefusedError('not an image');
  if (meta.width > MAX_COVER_SIDE || meta.height > MAX_COVER_SIDE)
    throw new CoverRefusedError('source over 6,000 px on a side');
  const thumbnail = async (width: number) => {
    try {
      return await sharp(source, { limitInputPixels: MAX_COVER_SIDE * MAX_COVER_SIDE })
        .rotate()
        .resize({ width })
        .webp({ quality: 80 })
        .toBuffer();
    } catch {
      throw new CoverRefusedError('not a readable image');
    }
  };
  return { small: await thumbnail(250), large: await thumbnail(500) };
}
