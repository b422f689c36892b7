/** SQL of the mood feature. */
import type { Queryable } from '@/db/database.js';

export interface MoodRow {
  id: number;
  mood: string;
}

/** Every mood, ordered by name. */
export function listMoods(db: Queryable): Promise<MoodRow[]> {
  return db.query<MoodRow>('SELECT id, mood FROM moods ORDER BY mood, id');
}
