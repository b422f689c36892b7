/**
 * Sides of the records picked on the add-spin screen (EXTENSIONS.md §8 "Add spin"): the
 * chips come from `GET /api/record/{id}/sides`, and picking sides fills hours and minutes
 * from the sides' lengths (the server counts a track of unknown length 60 s: API.md
 * "ListenBrainz").
 */
import type { RecordSides } from '@spincrate/contract';
import { SPIN_HOURS_MAX } from '@spincrate/contract';
import { api } from '@/lib/api';

/** One side of a record: its letter, number of tracks and length in whole seconds. */
export type RecordSide = RecordSides['sides'][number];

/**
 * GET /api/record/{id}/sides.
 * @returns the record's sides in order; empty when its tracklist is unknown or unlettered
 * @throws the axios error of a failed call
 */
export async function fetchRecordSides(recordId: string): Promise<RecordSide[]> {
  const response = await api.get<RecordSides>(`/api/record/${encodeURIComponent(recordId)}/sides`);
  return response.data.sides;
}

/** A picked record's sides and the letters chosen (all at first). */
export interface PickedSides {
  sides: RecordSide[];
  chosen: string[];
}

/**
 * The seconds the chosen sides of the given records last together, or null when none of
 * them has a chosen side.
 */
export function chosenSeconds(records: Array<PickedSides | undefined>): number | null {
  let total: number | null = null;
  for (const record of records) {
    if (!record) continue;
    for (const side of record.sides) {
      if (record.chosen.includes(side.side)) total = (total ?? 0) + side.seconds;
    }
  }
  return total;
}

/**
 * Hours and minutes (as the form's fields hold them) for a length in seconds, rounded to
 * the nearest minute and at most `SPIN_HOURS_MAX`:59.
 */
export function hoursAndMinutes(seconds: number): { hours: string; minutes: string } {
  const total = Math.min(Math.round(seconds / 60), SPIN_HOURS_MAX * 60 + 59);
  return { hours: String(Math.floor(total / 60)), minutes: String(total % 60) };
}
