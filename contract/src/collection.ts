/**
 * Collection details: what a collector records about a copy (API.md "Collection details",
 * EXTENSIONS.md §5) — the grades, the currencies, the limits and the zod fields, defined
 * once for the server, the client and the e2e suite. Plain JavaScript besides zod.
 */
import { z } from 'zod';
import { EARLIEST_LISTENED_AT, MAX_ID } from './limits.js';
import { trimmedChoice } from './fields.js';

/** The Goldmine grades a record's media may have (API.md "Collection details": media_condition). */
export const MEDIA_GRADES = [
  'Mint (M)',
  'Near Mint (NM or M-)',
  'Very Good Plus (VG+)',
  'Very Good (VG)',
  'Good Plus (G+)',
  'Good (G)',
  'Fair (F)',
  'Poor (P)',
] as const;
export type MediaGrade = (typeof MEDIA_GRADES)[number];

/** The grades of a sleeve: the media grades plus `Generic`, `No Cover`, `Not Graded`. */
export const SLEEVE_GRADES = [...MEDIA_GRADES, 'Generic', 'No Cover', 'Not Graded'] as const;
export type SleeveGrade = (typeof SLEEVE_GRADES)[number];

/** ISO 4217 currency codes a price may carry (API.md "Collection details": price). */
export const CURRENCIES = (
  'AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BRL BSD BTN BWP BYN BZD ' +
  'CAD CDF CHF CLP CNY COP CRC CUC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP ' +
  'GMD GNF GTQ GYD HKD HNL HRK HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD ' +
  'KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN NIO ' +
  'NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SLL ' +
  'SOS SRD SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD UYU UZS VES VND VUV WST ' +
  'XAF XCD XCG XOF XPF YER ZAR ZMW ZWG ZWL'
).split(' ');

/** Lowest and highest star rating. */
export const RATING_MIN = 1;
export const RATING_MAX = 5;
/** Longest folder name, in characters. */
export const FOLDER_MAX_LENGTH = 60;
/** Longest location, in characters. */
export const LOCATION_MAX_LENGTH = 100;
/** Longest "purchased from", in characters. */
export const PURCHASED_FROM_MAX_LENGTH = 100;
/** Longest label, catalog number or format, in characters. */
export const PRESSING_TEXT_MAX_LENGTH = 200;
/** Highest price, in cents (99999.99). */
export const PRICE_MAX_CENTS = 9_999_999;

/** A price as the API writes it: a decimal string with at most 2 decimals and an ISO 4217 code. */
export interface Price {
  amount: string;
  currency: string;
}

const AMOUNT_PATTERN = /^([0-9]{1,5})(?:\.([0-9]{1,2}))?$/;

/**
 * Reads a price amount (`"24.99"`, `"5"`, `"0.5"`) as whole cents, never through a float.
 * @returns the cents (0–9999999), or null when it is not a decimal of at most 2 decimals in 0–99999.99
 */
export function amountToCents(amount: string): number | null {
  const match = AMOUNT_PATTERN.exec(amount);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return cents <= PRICE_MAX_CENTS ? cents : null;
}

/** Writes whole cents as the API's amount: 2499 → `"24.99"`, 500 → `"5.00"`. */
export function centsToAmount(cents: number): string {
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** `is required` for null/undefined, else `must be text`; used for texts that may be null. */
const optionalTextField = (max: number) =>
  z
    .string({ error: 'must be text, or null' })
    .trim()
    .max(max, `must be at most ${max} characters`)
    // An empty text clears the field, as null does.
    .transform((text) => (text === '' ? null : text))
    .nullable()
    .optional();

const GRADE_ERROR = `must be one of ${MEDIA_GRADES.join(', ')}, or null`;
const SLEEVE_ERROR = `must be one of ${SLEEVE_GRADES.join(', ')}, or null`;
const PRICE_ERROR =
  'must be {amount, currency}: a decimal of at most 2 decimals from 0 to 99999.99 and an ISO 4217 code';

/** `YYYY-MM-DD` of the UTC day after `now`. */
function tomorrow(now: Date): string {
  return new Date(now.getTime() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** True when `text` is a real calendar day written `YYYY-MM-DD`. */
function isRealDate(text: string): boolean {
  if (!/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(text)) return false;
  const ms = Date.parse(`${text}T00:00:00Z`);
  return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 10) === text;
}

/**
 * The zod fields of the collection details of a record body (API.md "Collection details"),
 * each `undefined` when absent (edit: unchanged), `null` when cleared (an empty text clears
 * too), else the valid value. `price` parses to `{cents, currency}`.
 */
export const collectionDetailsFields = {
  rating: z
    .int({ error: `must be a whole number from ${RATING_MIN} to ${RATING_MAX}, or null` })
    .min(RATING_MIN, `must be a whole number from ${RATING_MIN} to ${RATING_MAX}, or null`)
    .max(RATING_MAX, `must be a whole number from ${RATING_MIN} to ${RATING_MAX}, or null`)
    .nullable()
    .optional(),
  folder: optionalTextField(FOLDER_MAX_LENGTH),
  location: optionalTextField(LOCATION_MAX_LENGTH),
  media_condition: trimmedChoice(MEDIA_GRADES, GRADE_ERROR).nullable().optional(),
  sleeve_condition: trimmedChoice(SLEEVE_GRADES, SLEEVE_ERROR).nullable().optional(),
  price: z
    .unknown()
    .transform((price, ctx): { cents: number; currency: string } | null | undefined => {
      if (price === undefined || price === null) return price;
      const { amount, currency } = (typeof price === 'object' ? price : {}) as Record<string, unknown>;
      const cents = typeof amount === 'string' ? amountToCents(amount.trim()) : null;
      const code = typeof currency === 'string' ? currency.trim() : '';
      if (cents === null || !CURRENCIES.includes(code)) {
        ctx.addIssue({ code: 'custom', message: PRICE_ERROR });
        return z.NEVER;
      }
      return { cents, currency: code };
    })
    .optional()
    .meta({
      description: 'null, or {amount: "24.99", currency: "EUR"}: at most 2 decimals, 0–99999.99, ISO 4217',
    }),
  purchased_on: z
    .string({ error: 'must be a date as YYYY-MM-DD, or null' })
    .trim()
    .superRefine((text, ctx) => {
      if (!isRealDate(text)) {
        ctx.addIssue({ code: 'custom', message: 'must be a date as YYYY-MM-DD, or null' });
        return;
      }
      const latest = tomorrow(new Date());
      if (text < EARLIEST_LISTENED_AT || text > latest) {
        ctx.addIssue({ code: 'custom', message: `must be between ${EARLIEST_LISTENED_AT} and ${latest}` });
      }
    })
    .nullable()
    .optional(),
  purchased_from: optionalTextField(PURCHASED_FROM_MAX_LENGTH),
  label: optionalTextField(PRESSING_TEXT_MAX_LENGTH),
  catalog_number: optionalTextField(PRESSING_TEXT_MAX_LENGTH),
  format: optionalTextField(PRESSING_TEXT_MAX_LENGTH),
  discogs_release_id: z
    .int({ error: 'must be a positive whole number, or null' })
    .min(1, 'must be a positive whole number, or null')
    .max(MAX_ID, 'must be a positive whole number, or null')
    .nullable()
    .optional(),
};

/** The collection details as a body parses them (see `collectionDetailsFields`). */
export type CollectionDetailsInput = {
  [K in keyof typeof collectionDetailsFields]?: z.output<(typeof collectionDetailsFields)[K]>;
};

/** The names of the collection details, in API.md's order. */
export const COLLECTION_DETAIL_NAMES = Object.keys(collectionDetailsFields) as Array<
  keyof typeof collectionDetailsFields
>;

/** The fields a friend never sees (always null in a friend's view; API.md "Collection details"). */
export const PRIVATE_DETAIL_NAMES = ['price', 'purchased_on', 'purchased_from', 'location'] as const;

/** The grade of a Discogs cell when it is one of the list, else null (kept in `details` only). */
export function mediaGradeOf(text: string): MediaGrade | null {
  return (MEDIA_GRADES as readonly string[]).includes(text) ? (text as MediaGrade) : null;
}

/** The sleeve grade of a Discogs cell when it is one of the list, else null. */
export function sleeveGradeOf(text: string): SleeveGrade | null {
  return (SLEEVE_GRADES as readonly string[]).includes(text) ? (text as SleeveGrade) : null;
}
