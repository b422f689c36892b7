/** Texts of the offline copy (EXTENSIONS.md §9). */
import { format, isSameDay } from 'date-fns';

/**
 * When the copy was synced, for "synced {time}": the time of day when it was today
 * ("14:05"), else the day too ("24 Nov 14:05"), in the browser's time zone.
 * @param iso - an ISO 8601 time
 * @param now - today (tests)
 */
export function formatSyncedAt(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  return isSameDay(at, now) ? format(at, 'HH:mm') : format(at, 'd MMM HH:mm');
}
