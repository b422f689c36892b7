/**
 * The `details` text of an imported record (API.md "Import from a Discogs collection
 * export": details keep what the export knows) and its inverse, used by the CSV export
 * so that a re-import gives back exactly the same details.
 *
 * Layout: the known fields in a fixed order, each as `Name: value`, joined by ` · `:
 * `Label: Columbia · Cat#: CL 1355 · Format: LP, Album, Mono · Released: 1959 ·
 * Media: Mint (M) · Sleeve: Good Plus (G+) · Notes: Original pressing`.
 * A row that knows only its notes keeps them as they are, without the `Notes: ` name.
 */

/** What the details of a record say about the copy, as Discogs exports it. */
export interface DetailFields {
  label?: string;
  catalog?: string;
  format?: string;
  released?: string;
  media?: string;
  sleeve?: string;
  notes?: string;
}

type DetailKey = keyof DetailFields;

/** The fields in the order they appear in details, with the name each is shown with. */
const FIELDS: ReadonlyArray<readonly [DetailKey, string]> = [
  ['label', 'Label'],
  ['catalog', 'Cat#'],
  ['format', 'Format'],
  ['released', 'Released'],
  ['media', 'Media'],
  ['sleeve', 'Sleeve'],
  ['notes', 'Notes'],
];

/** Between two fields of the details text. */
const DETAILS_SEPARATOR = ' · ';

/**
 * Writes the details text of a record from the fields of its export row.
 * Empty fields are left out; notes alone are kept as they are.
 * @returns the text ('' when nothing is known)
 */
export function formatDetails(fields: DetailFields): string {
  const known = FIELDS.filter(([key]) => fields[key]);
  if (known.length === 1 && known[0]![0] === 'notes') return fields.notes!;
  return known.map(([key, name]) => `${name}: ${fields[key]}`).join(DETAILS_SEPARATOR);
}

/** Reads the layout of `formatDetails`; undefined when the text is not in it. */
function readLayout(details: string): DetailFields | undefined {
  const fields: DetailFields = {};
  let rest = details;
  for (const [key, name] of FIELDS) {
    const prefix = `${name}: `;
    if (!rest.startsWith(prefix)) continue;
    if (key === 'notes') {
      // Notes come last and may hold anything, the separator included.
      fields.notes = rest.slice(prefix.length);
      rest = '';
      break;
    }
    const end = rest.indexOf(DETAILS_SEPARATOR, prefix.length);
    fields[key] = end < 0 ? rest.slice(prefix.length) : rest.slice(prefix.length, end);
    rest = end < 0 ? '' : rest.slice(end + DETAILS_SEPARATOR.length);
  }
  return rest === '' ? fields : undefined;
}

/** True when an import reads these fields back unchanged (it trims them and drops `Released: 0`). */
function importsAsItIs(fields: DetailFields): boolean {
  return (
    Object.values(fields).every((value) => value !== '' && value === value.trim()) && fields.released !== '0'
  );
}

/**
 * Splits a record's details back into export fields, such that
 * `formatDetails(parseDetails(d)) === d` for every text `d`: text that is not in the
 * layout (e.g. typed by hand) becomes the notes, kept as they are.
 */
export function parseDetails(details: string): DetailFields {
  if (details === '') return {};
  const fields = readLayout(details);
  if (fields && importsAsItIs(fields) && formatDetails(fields) === details) return fields;
  return { notes: details };
}
