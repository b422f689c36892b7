/** Number texts shared by the stats screens (EXTENSIONS.md §3, §10, §11). */

/** Hours listened: minutes / 60 with one decimal. */
export function hoursListened(minutes: number): string {
  return (minutes / 60).toFixed(1);
}

/** `n` and its noun, singular for 1 (EXTENSIONS.md §11: "1 record", "2 records"). */
export const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
