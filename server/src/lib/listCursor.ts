/**
 * The `cursor` of a paged list (API.md "Lists at scale": the record lists, the spins list,
 * the wantlist): where the next page starts (the sort key and id of the last item sent), bound
 * to the list it came from (who asks, whose crate or spins, which sort and search). It is encrypted and authenticated
 * (AES-256-GCM, key derived from the session secret), so it is opaque: a cursor that was
 * altered, made up, or used by another user, on another crate, sort or search is refused
 * (400) without revealing anything of the crate it came from.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { ValidationError } from './errors.js';

/**
 * The list a cursor belongs to.
 * @typeParam Order - the names of the list's orders: the list's feature names them (a record
 *   sort, `spins` for the spins list's one order, `wants:` and a wantlist sort); a cursor of
 *   one order is refused on another
 */
export interface CursorScope<Order extends string = string> {
  /** The user asking. */
  viewerId: number;
  /** Whose crate or spins are listed (the viewer's own, or a friend's crate). */
  ownerId: number;
  sort: Order;
  /** The search text (trimmed), or null for the whole crate. */
  search: string | null;
  /** The folder shown (`folder=F`), or null/absent for every folder. */
  folder?: string | null;
  /** The fields a search matches (`fields=title,artist`), or null/absent for all of them. */
  searchFields?: string | null;
}

/** Where the next page starts: the sort key values (as text) and id of the last item sent. */
export interface CursorPosition {
  keys: string[];
  id: number;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

const payloadSchema = z.object({
  v: z.number().int(),
  o: z.number().int(),
  s: z.string(),
  q: z.string().nullable(),
  f: z.string().nullable().optional(),
  w: z.string().nullable().optional(),
  k: z.array(z.string()).max(4),
  i: z.number().int().positive(),
});

/** Encrypts and decrypts the cursors of paged lists with a key derived from a secret. */
export class ListCursors {
  private readonly key: Buffer;

  /** @param secret - the session secret; the cursor key is derived from it (never the same key) */
  constructor(secret: string) {
    this.key = createHash('sha256').update('spincrate record list cursor\0').update(secret).digest();
  }

  /** The cursor of the page after `position` in the list `scope`: base64url text. */
  encode(scope: CursorScope, position: CursorPosition): string {
    const payload = JSON.stringify({
      v: scope.viewerId,
      o: scope.ownerId,
      s: scope.sort,
      q: scope.search,
      f: scope.folder?.toLowerCase() ?? null,
      w: scope.searchFields ?? null,
      k: position.keys,
      i: position.id,
    });
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const text = Buffer.concat([cipher.update(payload, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), text]).toString('base64url');
  }

  /**
   * Reads a cursor of the list `scope`.
   * @returns where the page starts
   * @throws ValidationError (400, `fields.cursor`) when the cursor is malformed, altered,
   *   or belongs to another list (another user, crate, sort or search); the message is
   *   the same in every case
   */
  decode(cursor: string, scope: CursorScope): CursorPosition {
    const invalid = () =>
      new ValidationError('cursor is not valid for this list', { cursor: 'is not valid for this list' });
    const raw = Buffer.from(cursor, 'base64url');
    if (raw.length <= IV_BYTES + TAG_BYTES) throw invalid();
    let payload: z.infer<typeof payloadSchema>;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, IV_BYTES));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      const text = Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
      payload = payloadSchema.parse(JSON.parse(text.toString('utf8')));
    } catch {
      throw invalid();
    }
    if (
      payload.v !== scope.viewerId ||
      payload.o !== scope.ownerId ||
      payload.s !== scope.sort ||
      payload.q !== scope.search ||
      (payload.f ?? null) !== (scope.folder?.toLowerCase() ?? null) ||
      (payload.w ?? null) !== (scope.searchFields ?? null)
    ) {
      throw invalid();
    }
    return { keys: payload.k, id: payload.i };
  }
}

/**
 * The `Link` header of a page that has a next one (RFC 8288): the same path and query as
 * the request, with `cursor` set to the next page's (API.md "Lists at scale").
 * @param url - the request's path and query (`req.originalUrl`)
 */
export function nextPageLink(url: string, cursor: string): string {
  const next = new URL(url, 'http://localhost');
  next.searchParams.set('cursor', cursor);
  return `<${next.pathname}${next.search}>; rel="next"`;
}
