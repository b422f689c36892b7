/**
 * The public module of the records vertical (issue 20, "Rooms"): what every other part of
 * the server may use of the crate's domain — the Record, Spin and Want entities as API.md
 * "Entities as returned" and "Wantlist" return them, storing a record, reading one record,
 * and the record lists in any sort, whole or paged (API.md "Lists at scale").
 *
 * It is the one written exception to the layout rule "features do not import from each
 * other" (eslint.config.mjs): a feature (social, imports, stats, share, sync, wants,
 * blindbag, spins, …) and the app shell import the records domain from here, never from
 * another file of `features/records/`.
 */
export {
  RECORD_COLUMNS,
  RECORD_ORDER,
  RECORD_PLAYS_JOIN,
  RECORD_SELECT,
  coverColumn,
  fallbackCoverUrl,
  recordJsonObject,
  recordSearchCondition,
  recordSelect,
  withCoverArt,
  type RecordJson,
  type RecordRow,
} from './records.entity.js';
export { insertRecord } from './recordInsert.queries.js';
export { findRecord } from './oneRecord.queries.js';
export { readRecordList, recordListName, sendRecordList } from './recordLists.js';
export { SPIN_COLUMNS, listSpinPage, listSpins, listSpinsWithRecords, type SpinRow } from './spins.entity.js';
export { WANT_COLUMNS, listWantsNewestFirst, wantJson, type WantRow, type WantView } from './wants.entity.js';
