/**
 * The currency a price starts with (EXTENSIONS.md §5: "the last currency used is the
 * default"): kept in localStorage when a record's price is sent — from the record form or a
 * want's Got it — and offered first by the next one.
 */
import { CURRENCIES } from '@spincrate/contract';

/** Where the last currency used is kept, to be the next form's default. */
const LAST_CURRENCY_KEY = 'spincrate.lastCurrency';

/** The currency a new price starts with: the last one used, else EUR. */
export function defaultCurrency(): string {
  try {
    const kept = localStorage.getItem(LAST_CURRENCY_KEY);
    return kept && CURRENCIES.includes(kept) ? kept : 'EUR';
  } catch {
    return 'EUR';
  }
}

/** Remembers the currency of a price just sent. Never throws (storage may be blocked). */
export function rememberCurrency(currency: string): void {
  try {
    localStorage.setItem(LAST_CURRENCY_KEY, currency);
  } catch {
    // Storage unavailable: the default stays EUR.
  }
}
