/**
 * The paging headers of a list answer (API.md "Lists at scale": `X-Total-Count`, `Link`,
 * `ETag`). A module of its own, apart from `api.ts`: only the list sagas read them, so they
 * load with those, not with the first load (issue 11's byte budget).
 */
/** What a paged list answer says about the whole list (API.md "Lists at scale"). */
export interface PageHeaders {
  /** `X-Total-Count`: how many records the whole list holds; null when the header is missing. */
  total: number | null;
  /** The URL in `Link: <…>; rel="next"`, or null on the last page. */
  next: string | null;
  /** The answer's `ETag`, or null. */
  etag: string | null;
}

/** The URL of a `Link` header's `rel="next"` entry (RFC 8288), or null. */
function nextLink(link: string | null | undefined): string | null {
  if (!link) return null;
  for (const part of link.split(',')) {
    const match = /^\s*<([^>]*)>\s*(.*)$/.exec(part);
    if (match && /(^|;)\s*rel\s*=\s*"?([^";]*\s)?next(\s[^";]*)?"?\s*(;|$)/i.test(match[2]!))
      return match[1]!;
  }
  return null;
}

/**
 * Reads the paging headers of a list answer.
 * @param headers - axios's response headers (names in lower case)
 */
export function pageHeaders(headers: Record<string, unknown>): PageHeaders {
  const str = (name: string) => {
    const value = headers[name];
    return typeof value === 'string' ? value : null;
  };
  const count = str('x-total-count');
  const total = count === null ? NaN : Number(count);
  return {
    total: Number.isInteger(total) && total >= 0 ? total : null,
    next: nextLink(str('link')),
    etag: str('etag'),
  };
}
