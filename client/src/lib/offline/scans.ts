/**
 * The scan list of the record shop (EXTENSIONS.md §9 "At the record shop"): a barcode scanned
 * or typed while the server could not be reached, that the offline copy knows nothing about
 * (neither in the crate nor on the wantlist), is kept in the copy's `scans` store and looked up
 * through `GET /api/lookup/barcode` (API.md "Adding by barcode") once the server answers again.
 * The barcode screens list the day's scans with what was found ("3 scans from today").
 */
import type { AxiosInstance } from 'axios';
import type { BarcodeLookup } from '@spincrate/contract';
import { errorStatus, loadApi } from '@/lib/api';
import { openOfflineCopy, type ScanItem } from './db';

type Http = Pick<AxiosInstance, 'get'>;

/**
 * Keeps `code` to look up later; scanning the same digits again only moves its time.
 * @param now - the time of the scan (tests)
 * @returns the stored item
 */
export async function queueScan(userId: number, code: string, now: Date = new Date()): Promise<ScanItem> {
  const db = await openOfflineCopy(userId);
  const before = await db.get('scans', code);
  const item: ScanItem = before
    ? { ...before, scannedAt: now.toISOString() }
    : { code, scannedAt: now.toISOString(), status: 'waiting' };
  await db.put('scans', item);
  return item;
}

/** Every scan kept, the latest first. */
export async function readScans(userId: number): Promise<ScanItem[]> {
  const db = await openOfflineCopy(userId);
  const items = await db.getAll('scans');
  return items.sort((a, b) => b.scannedAt.localeCompare(a.scannedAt) || a.code.localeCompare(b.code));
}

/** What a look-up says about the caller's crate and wantlist for its first pressing. */
function ownedOf(lookup: BarcodeLookup): ScanItem['owned'] {
  const first = lookup.releases[0];
  if (!first) return undefined;
  if (first.owned.record_id !== null) return 'crate';
  if (first.owned.want_id !== null) return 'wantlist';
  if (first.owned.other_editions.length > 0) return 'other-edition';
  return undefined;
}

/** The look-ups under way in this tab: a second caller waits for them, then looks up what is left. */
let running: Promise<unknown> = Promise.resolve();

/**
 * Looks up the scans still waiting, oldest first, one at a time, and stores what was found
 * (`found`: "{title} — {artist}" of the first pressing; `status` `none` when nothing was). Runs
 * in this tab one after another, so no code is asked twice.
 * Stops at the first one without an answer, or answered 503 (the service can't be reached) or
 * 401: those wait for the next time.
 * @param http - the axios instance (tests); default the app's
 * @returns how many were looked up
 */
export function lookUpScans(userId: number, http?: Http): Promise<number> {
  const next = running.then(
    () => lookUpNow(userId, http),
    () => lookUpNow(userId, http),
  );
  running = next.catch(() => undefined);
  return next;
}

async function lookUpNow(userId: number, http?: Http): Promise<number> {
  const waiting = (await readScans(userId)).filter((item) => item.status === 'waiting').reverse();
  if (waiting.length === 0) return 0;
  const client = http ?? (await loadApi());
  const db = await openOfflineCopy(userId);
  let done = 0;
  for (const item of waiting) {
    try {
      const response = await client.get<BarcodeLookup>('/api/lookup/barcode', {
        params: { code: item.code },
      });
      const first = response.data.releases[0];
      const owned = ownedOf(response.data);
      await db.put(
        'scans',
        first
          ? {
              ...item,
              status: 'found',
              found: `${first.title} — ${first.artist}`,
              ...(owned ? { owned } : {}),
            }
          : { ...item, status: 'none' },
      );
      done += 1;
    } catch (err) {
      // A code the server refuses (400) will never be found: it is done.
      if (errorStatus(err) === 400) {
        await db.put('scans', { ...item, status: 'none' });
        done += 1;
        continue;
      }
      return done;
    }
  }
  return done;
}
