/** Number texts shared by the stats screens (EXTENSIONS.md §3, §10, §11). */

/** Hours listened: minutes / 60 with one decimal. */
export function hoursListened(minutes: number): string {
  return (minutes / 60).toFixed(1);
}
