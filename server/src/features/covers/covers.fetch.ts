/**
 * Fetching a cover source and making its thumbnails (API.md "Covers served by Spincrate"):
 * only `http(s)` sources on the configured image hosts (`COVER_HOSTS`), never an address
 * that is private, loopback or link-local (unless its host is named exactly in the
 * configuration, e.g. a local image host), at most 5 redirects each checked the same way,
 * at most 10 MB read, at most 6,000 px on a side, then WebP thumbnails 250 and 500 px wide
 * that keep the original's aspect.
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import sharp from 'sharp';
import type { CoverThumbnails } from './covers.store.js';

/** Largest source read, in bytes (API.md: over 10 MB is refused). */
export const MAX_COVER_BYTES = 10 * 1024 * 1024;
/** Largest side of a source, in px (API.md: larger than 6,000 px is refused). */
export const MAX_COVER_SIDE = 6000;
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

/** Refuses a URL that is not `http(s)` on an image host resolving to allowed addresses. */
async function checkSource(url: URL, hosts: readonly string[]): Promise<void> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new CoverRefusedError('not an http(s) source');
  const match = matchCoverHost(url.hostname, hosts);
  if (!match) throw new CoverRefusedError(`host ${url.hostname} is not a configured image host`);
  if (match === 'exact') return;
  const addresses = await lookup(url.hostname.replace(/^\[|\]$/g, ''), { all: true });
  if (addresses.length === 0 || addresses.some((a) => isPrivateAddress(a.address)))
    throw new CoverRefusedError(`host ${url.hostname} resolves to a private address`);
}

/** Reads a body up to `MAX_COVER_BYTES`; stops reading and refuses past it. */
async function readLimited(response: Response): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > MAX_COVER_BYTES) {
    await response.body?.cancel();
    throw new CoverRefusedError('source over 10 MB');
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  if (!response.body) return Buffer.alloc(0);
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > MAX_COVER_BYTES) {
      await reader.cancel();
      throw new CoverRefusedError('source over 10 MB');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * Fetches a cover source.
 * @param hosts - the configured image hosts (`config.coverHosts`)
 * @returns the source's bytes (at most 10 MB)
 * @throws CoverRefusedError for a source that must not or cannot make a cover; any other
 *   error (network, HTTP 5xx, time-out) may be tried again
 */
export async function fetchCoverSource(
  source: string,
  hosts: readonly string[],
  signal: AbortSignal,
): Promise<Buffer> {
  let url: URL;
  try {
    url = new URL(source);
  } catch {
    throw new CoverRefusedError('not a URL');
  }
  for (let hop = 0; ; hop++) {
    await checkSource(url, hosts);
    const response = await fetch(url, { redirect: 'manual', signal, headers: { Accept: 'image/*' } });
    if (response.status >= 300 && response.status < 400 && response.headers.has('location')) {
      await response.body?.cancel();
      if (hop >= MAX_REDIRECTS) throw new CoverRefusedError('too many redirects');
      url = new URL(response.headers.get('location')!, url);
      continue;
    }
    if (response.status >= 500 || response.status === 429) {
      await response.body?.cancel();
      throw new Error(`image host answered ${response.status}`);
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new CoverRefusedError(`image host answered ${response.status}`);
    }
    const type = response.headers.get('content-type');
    if (type && !type.toLowerCase().startsWith('image/')) {
      await response.body?.cancel();
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
