/**
 * Which hosts and addresses a cover may be fetched from (API.md "Covers served by Spincrate":
 * "no requests to private addresses"), and DNS pinning: a host is resolved once, checked, and
 * connected to at the address checked, so a DNS rebinding cannot reach a private address.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CoverRefusedError,
  fetchCoverSource,
  isPrivateAddress,
  matchCoverHost,
  type CoverResolver,
} from './covers.fetch.js';

/** A local image host on 127.0.0.1 (a private address): the requests it got, with their Host header. */
const asked: Array<{ path: string; host: string | undefined }> = [];
let imageHost: http.Server;
let port = 0;
let png: Buffer;

beforeAll(async () => {
  png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#aa3366' } })
    .png()
    .toBuffer();
  imageHost = http.createServer((req, res) => {
    asked.push({ path: req.url ?? '/', host: req.headers.host });
    res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': png.length }).end(png);
  });
  await new Promise<void>((resolve) => imageHost.listen(0, '127.0.0.1', resolve));
  port = (imageHost.address() as AddressInfo).port;
});

afterAll(async () => {
  imageHost.closeAllConnections();
  await new Promise((resolve) => imageHost.close(resolve));
});

/** A resolver that answers `answers[i]` to its i-th call (the last one after that) and counts calls. */
function fakeDns(...answers: string[]): CoverResolver & { calls: string[] } {
  const calls: string[] = [];
  const resolve = async (hostname: string) => {
    calls.push(hostname);
    const address = answers[Math.min(calls.length - 1, answers.length - 1)]!;
    return [{ address, family: 4 }];
  };
  return Object.assign(resolve, { calls });
}

describe('cover sources', () => {
  it('takes loopback, private, link-local and unspecified addresses for private, public ones not', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '0.0.0.0',
      '100.64.0.1',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
    ])
      expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ['93.184.216.34', '151.101.1.1', '2606:4700::1111', '::ffff:8.8.8.8'])
      expect(isPrivateAddress(address), address).toBe(false);
  });

  it('matches configured hosts exactly or as subdomains of a *. entry, ignoring case', () => {
    const hosts = ['archive.org', '*.archive.org', 'lastfm.freetls.fastly.net'];
    expect(matchCoverHost('archive.org', hosts)).toBe('exact');
    expect(matchCoverHost('IA800100.us.Archive.org', hosts)).toBe('wildcard');
    expect(matchCoverHost('lastfm.freetls.fastly.net', hosts)).toBe('exact');
    expect(matchCoverHost('evilarchive.org', hosts)).toBeNull();
    expect(matchCoverHost('archive.org.evil.example', hosts)).toBeNull();
    expect(matchCoverHost('fastly.net', hosts)).toBeNull();
  });
});

describe('DNS pinning of cover fetches', () => {
  it('connects to the address the host name was resolved to once (the name still in the Host header)', async () => {
    const dns = fakeDns('127.0.0.1');
    // An exactly configured host may be a private address (e.g. a local image host).
    const bytes = await fetchCoverSource(
      `http://covers.pinned.test:${port}/pinned.png`,
      ['covers.pinned.test'],
      AbortSignal.timeout(10_000),
      dns,
    );
    expect(bytes.equals(png)).toBe(true);
    expect(dns.calls).toEqual(['covers.pinned.test']);
    expect(asked).toContainEqual({ path: '/pinned.png', host: `covers.pinned.test:${port}` });
  });

  it('refuses a subdomain host that resolves to a private address, without asking it', async () => {
    const dns = fakeDns('127.0.0.1');
    const fetching = fetchCoverSource(
      `http://img.images.test:${port}/private.png`,
      ['*.images.test'],
      AbortSignal.timeout(10_000),
      dns,
    );
    await expect(fetching).rejects.toBeInstanceOf(CoverRefusedError);
    expect(asked.map((a) => a.path)).not.toContain('/private.png');
  });

  it('a DNS rebinding (public at the check, private after it) never reaches the private address', async () => {
    // The first answer is public (and unreachable here); every later one is 127.0.0.1.
    const dns = fakeDns('93.184.216.34', '127.0.0.1');
    const fetching = fetchCoverSource(
      `http://img.rebind.test:${port}/rebound.png`,
      ['*.rebind.test'],
      AbortSignal.timeout(2_000),
      dns,
    );
    // The connection goes to the address checked (public), never to the rebound one.
    await expect(fetching).rejects.not.toBeInstanceOf(CoverRefusedError);
    expect(dns.calls).toEqual(['img.rebind.test']);
    expect(asked.map((a) => a.path)).not.toContain('/rebound.png');
  });
});
