/** Texts of the social screens (PRODUCT.md §2, and the product decisions in the brief). */
import { formatShortDate, UNKNOWN_DATE } from '@/lib/dates';

/** PRODUCT.md §9: the empty-social popup appears after 1000 ms and stays 2750 ms. */
export const EMPTY_SOCIAL_DELAY_MS = 1000;
export const EMPTY_SOCIAL_DURATION_MS = 2750;

/** The empty-social popup's text; `creator` is config.creatorUsername. */
export function emptySocialText(creator: string) {
  return `New to Spincrate? Need a friend? Add the creator, ${creator}!`;
}

/** The possessive crate phrase: "{username}'s crate". */
export function cratePhrase(username: string) {
  return `${username}'s crate`;
}

/** "added {M/DD/YY}", or "Unknown date" when the date is missing or invalid. */
export function addedText(dateAdded: string | null | undefined) {
  const date = formatShortDate(dateAdded);
  return date === UNKNOWN_DATE ? UNKNOWN_DATE : `added ${date}`;
}

/** "{friend_username} spun on {M/DD/YY}" ("Unknown date" when the date is missing). */
export function spunText(friendUsername: string, listenedAt: string | null | undefined) {
  return `${friendUsername} spun on ${formatShortDate(listenedAt)}`;
}
