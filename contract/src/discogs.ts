/**
 * The Discogs collection export (API.md "Import from a Discogs collection export"): the
 * header row an import reads and the CSV export writes, in its order.
 */
export const DISCOGS_COLUMNS = [
  'Catalog#',
  'Artist',
  'Title',
  'Label',
  'Format',
  'Rating',
  'Released',
  'release_id',
  'CollectionFolder',
  'Date Added',
  'Collection Media Condition',
  'Collection Sleeve Condition',
  'Collection Notes',
] as const;
