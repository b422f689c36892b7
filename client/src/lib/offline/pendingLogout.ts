/**
 * A logout the server has not been told of yet (EXTENSIONS.md §9: "Logging out deletes the
 * offline copy, the outbox and the cached answers" — at the record shop too, without a
 * connection). The device's data is deleted and the app signs out at once; the session on
 * the server still stands, so a mark in localStorage makes the page's boot script
 * (public/theme-init.js) start every page signed out and end the session once the server
 * answers. A successful login clears the mark.
 */
import { BOOT_STORAGE_KEYS } from '@spincrate/contract/bootPage';

/** Marks a logout that is still to reach the server. Never throws (storage may be blocked). */
export function markLogoutPending(): void {
  try {
    localStorage.setItem(BOOT_STORAGE_KEYS.logoutPending, '1');
  } catch {
    // Storage blocked: the session stays until it expires or the user logs in again.
  }
}

/** Clears the mark (a new session replaced the old one). Never throws. */
export function clearLogoutPending(): void {
  try {
    localStorage.removeItem(BOOT_STORAGE_KEYS.logoutPending);
  } catch {
    // Storage blocked: nothing was marked.
  }
}
