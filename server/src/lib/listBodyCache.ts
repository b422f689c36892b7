/**
 * The per-process cache of list answers (API.md "Lists at scale": answers over 1 KB are
 * compressed when `Accept-Encoding` allows): the serialized body of an answer as it was
 * sent (compressed when the client accepted it), with its paging headers, by tag, and the
 * remembered item counts of lists by version. Bounded by `LIST_CACHE_MB` of real bytes:
 * each entry counts its body's bytes, its key and a fixed overhead. Built once per app.
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Request, Response } from 'express';
import { LRUCache } from 'lru-cache';

/** Bodies up to this size (bytes) are sent as they are (API.md: answers over 1 KB are compressed). */
export const COMPRESS_THRESHOLD = 1024;

/** How a body is sent. */
export type Encoding = 'br' | 'gzip' | 'identity';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * How hard to compress: `small` (br at quality 5, gzip at level 6) for a body compressed once
 * and sent many times (a cached list); `fast` (br at quality 1, gzip at level 1) for a large
 * body made for one answer (a sync page: about a third of the CPU of quality 4, some 20 %
 * more bytes).
 */
export type CompressionEffort = 'small' | 'fast';

/**
 * Compresses a body in one call (one buffer out: sent in one write).
 * @param body - the bytes to send
 * @param encoding - from `chooseEncoding()`; `identity` returns `body` itself
 * @param effort - `small` (default) or `fast`
 */
export async function compressBody(
  body: Buffer,
  encoding: Encoding,
  effort: CompressionEffort = 'small',
): Promise<Buffer> {
  if (encoding === 'br') {
    return brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: effort === 'small' ? 5 : 1,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    });
  }
  if (encoding === 'gzip') return gzip(body, { level: effort === 'small' ? 6 : 1 });
  return body;
}

/** The encoding of a body of `size` bytes for this request (identity up to 1 KB). */
export function chooseEncoding(req: Request, size: number): Encoding {
  if (size <= COMPRESS_THRESHOLD) return 'identity';
  const accepted = req.acceptsEncodings('br', 'gzip');
  return accepted === 'br' || accepted === 'gzip' ? accepted : 'identity';
}

/** Sends a 200 JSON body, already encoded as `encoding`. */
export function sendBody(res: Response, body: Buffer, encoding: Encoding): void {
  res.status(200);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Vary', 'Accept-Encoding');
  if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
  else res.removeHeader('Content-Encoding');
  res.setHeader('Content-Length', body.length);
  res.end(body);
}

/** Headers of a paged answer (API.md "Lists at scale") that a cached body is sent with again. */
const KEPT_HEADERS = ['Link', 'X-Total-Count'] as const;

/** The number of items of a whole list, as `X-Total-Count` gives it (API.md "Lists at scale"). */
export interface ListTotal {
  /** The count remembered for this list at the request's version, if any. */
  known: number | undefined;
  /** Remembers the count just read, for the next page of the same list and version. */
  remember(total: number): void;
}

/** A cached answer: its body in one encoding and the headers it was sent with. */
export interface CachedAnswer {
  body: Buffer;
  encoding: Encoding;
  headers: Record<string, string>;
}

/** The body cache of one app (see the module's note). */
export class ListBodyCache {
  private readonly lru: LRUCache<string, Buffer>;

  /** @param maxMb - `LIST_CACHE_MB`: the real bytes the kept bodies may use, in MB */
  constructor(maxMb: number) {
    this.lru = new LRUCache<string, Buffer>({
      maxSize: Math.max(1, Math.floor(maxMb * 1024 * 1024)),
      sizeCalculation: (body, key) => body.length + key.length + 64,
    });
  }

  /**
   * The answer kept for `tag` in the encoding this request takes, if this process has it.
   * @param req - the request (its `Accept-Encoding`)
   */
  find(req: Request, tag: string): CachedAnswer | undefined {
    const kept = this.lru.get(`${tag}|headers`);
    if (!kept) return undefined;
    const encoding = chooseEncoding(req, kept.readUInt32BE(0));
    const body = this.lru.get(`${tag}|${encoding}`);
    if (!body) return undefined;
    return { body, encoding, headers: JSON.parse(kept.subarray(4).toString()) as Record<string, string> };
  }

  /**
   * Keeps an answer as it is sent: the body in its encoding, the uncompressed size (it
   * chooses the encoding of a later request) and the kept headers `res` carries.
   * @param size - the uncompressed body's bytes
   */
  keep(tag: string, res: Response, size: number, body: Buffer, encoding: Encoding): void {
    const kept: Record<string, string> = {};
    for (const name of KEPT_HEADERS) {
      const value = res.getHeader(name);
      if (value !== undefined) kept[name] = String(value);
    }
    const json = Buffer.from(JSON.stringify(kept));
    const entry = Buffer.allocUnsafe(4 + json.length);
    entry.writeUInt32BE(size, 0);
    json.copy(entry, 4);
    this.lru.set(`${tag}|headers`, entry);
    this.lru.set(`${tag}|${encoding}`, body);
  }

  /**
   * The remembered item count of a list at a version, so that the pages of one list (any
   * sort, any cursor) count it once per version instead of once a page. A write bumps the
   * version in its own transaction, so a count is never used after a change, in any process.
   * @param version - the list's version, read before the list
   * @param list - names the whole list: its kind, the viewer, whose items, the search
   *   (not the sort or the cursor, which do not change the count)
   */
  totalAt(version: number, list: string): ListTotal {
    const key = `total|${version}|${list}`;
    const stored = this.lru.get(key);
    return {
      known: stored === undefined ? undefined : Number(stored.toString()),
      remember: (total) => {
        this.lru.set(key, Buffer.from(String(total)));
      },
    };
  }
}
