/**
 * Logging a refused outbox spin again (EXTENSIONS.md §9; issue 24 item 6: "a 400 marks the item
 * failed with an edit link"): the add-spin form starts with the spin's date, time, details,
 * start time and sides, and with those of its records that are still in the crate. The usual
 * reason for the refusal is a record deleted meanwhile ("albums must be records in your crate"),
 * so the others are kept and the ones left out are named.
 */
import { api, errorStatus } from '@/lib/api';
import type { OutboxItem } from '@/lib/offline/db';
import { loadCopyReads } from '@/lib/offline/fallback';
import type { CrateRecord } from '@spincrate/contract';

/** A record of the refused spin that is not in the crate any more. */
export interface LeftOutRecord {
  id: string;
  /** Its title, when the outbox item named it (its `titles`, one per record). */
  title?: string;
}

/** What of a refused spin's records the crate still holds. */
interface SpinRecordsFound {
  /** The records still in the crate, in the spin's order. */
  records: CrateRecord[];
  leftOut: LeftOutRecord[];
}

/**
 * One own record by id: `GET /api/record/{id}` (API.md "One record"; 404: not in the crate), or
 * the offline copy's when the server can't be reached.
 * @returns the record, or null when it is not in the crate (or nothing can tell)
 */
async function ownRecord(userId: number | undefined, id: string): Promise<CrateRecord | null> {
  try {
    const response = await api.get<CrateRecord>(`/api/record/${encodeURIComponent(id)}`, {
      validateStatus: (status: number) => (status >= 200 && status < 300) || status === 404,
    });
    return response.status === 404 ? null : response.data;
  } catch (err) {
    // No answer (or the server can't answer now): the offline copy tells.
    const status = errorStatus(err);
    if ((status !== undefined && status < 500) || userId === undefined) return null;
    try {
      const reads = await loadCopyReads();
      return (await reads.readCopyRecord(userId, Number(id)))?.value ?? null;
    } catch {
      return null;
    }
  }
}

/**
 * The records of a refused outbox spin that the crate still holds, and those left out
 * (EXTENSIONS.md §9).
 * @param item - the failed outbox item (a spin: `body.albums` are record ids)
 * @param userId - whose offline copy answers when the server can't be reached
 */
export async function spinRecordsStillInCrate(
  item: OutboxItem,
  userId: number | undefined,
): Promise<SpinRecordsFound> {
  const ids = (Array.isArray(item.body.albums) ? item.body.albums : []).map(String);
  // `titles` has one title per record when the copy knew them all when it was queued.
  const titles = item.titles?.length === ids.length ? item.titles : undefined;
  const found = await Promise.all(ids.map((id) => ownRecord(userId, id)));
  const records: CrateRecord[] = [];
  const leftOut: LeftOutRecord[] = [];
  ids.forEach((id, i) => {
    const record = found[i];
    const title = titles?.[i];
    if (record) records.push(record);
    else leftOut.push({ id, ...(title ? { title } : {}) });
  });
  return { records, leftOut };
}

/** The add-spin form's values of a refused spin, as `spinPayload` made its body (AddSpinPage). */
interface SpinFormValues {
  date: Date | null;
  hours: string;
  minutes: string;
  details: string;
  startTime: Date | null;
  /** The sides chosen per record id, as sent. */
  sides: Record<string, string[]>;
}

/**
 * The form's values of a refused spin's body (`POST /api/spins/add`: `listenedAt` MM/DD/YYYY,
 * `timeSpent` H:MM, `details`, optional `startedAt` ISO 8601 and `sides`); a value that does not
 * read is left empty.
 */
export function spinFormOf(body: Record<string, unknown>): SpinFormValues {
  const day = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(String(body.listenedAt ?? ''));
  const date = day ? new Date(Number(day[3]), Number(day[1]) - 1, Number(day[2])) : null;
  const time = /^(\d+):(\d{1,2})$/.exec(String(body.timeSpent ?? ''));
  const started = typeof body.startedAt === 'string' ? new Date(body.startedAt) : null;
  const sides: Record<string, string[]> = {};
  if (body.sides && typeof body.sides === 'object') {
    for (const [id, letters] of Object.entries(body.sides)) {
      if (Array.isArray(letters)) sides[id] = letters.map(String);
    }
  }
  return {
    date: date && !Number.isNaN(date.getTime()) ? date : null,
    hours: time ? String(Number(time[1])) : '',
    minutes: time ? String(Number(time[2])) : '',
    details: typeof body.details === 'string' ? body.details : '',
    startTime: started && !Number.isNaN(started.getTime()) ? started : null,
    sides,
  };
}
