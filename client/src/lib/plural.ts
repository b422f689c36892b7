/**
 * A count with its noun in agreement (EXTENSIONS.md §11: "Numbers in texts agree with their
 * nouns ('Played 1 time', '1 record')").
 * @param count - the number shown
 * @param one - the noun for exactly one, e.g. `record`
 * @param many - the noun for any other count (0, 2, …); default `one` + `s`
 * @returns e.g. `1 record`, `0 records`, `12 records`
 */
export function countOf(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
