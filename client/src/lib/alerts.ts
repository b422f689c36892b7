/**
 * The popups of PRODUCT.md §8 (sweetalert2): validation warnings, delete
 * confirmations, success notices. Texts are the spec's, word for word. Every popup
 * follows the app's theme (light or dark, read from <html data-bs-theme> at the
 * moment it opens). sweetalert2 is loaded the first time a popup opens, so the first page
 * load does not carry it (issue 11: a lean first load).
 */
import type SwalModule from 'sweetalert2';
import type { SweetAlertOptions } from 'sweetalert2';

type Swal = typeof SwalModule;

/** sweetalert2 once loaded (null until the first popup). */
let loaded: Swal | null = null;

/** Loads sweetalert2 (once) and returns it. */
async function loadSwal(): Promise<Swal> {
  if (!loaded) loaded = (await import('sweetalert2')).default;
  return loaded;
}

export const FILL_FORM_TEXT = 'Please fill form before submit';
export const SEARCH_EMPTY_TEXT = 'Please submit something to search';

/** The app's current theme as the page shows it (set by features/layout/theme.ts). */
function popupTheme(): 'light' | 'dark' {
  return document.documentElement.getAttribute('data-bs-theme') === 'dark' ? 'dark' : 'light';
}

/** Opens a popup in the current theme. */
async function fire(options: SweetAlertOptions) {
  const swal = await loadSwal();
  return swal.fire({ theme: popupTheme(), ...options });
}

/** "Attention!" warning with an OK button. */
export function warnAttention(text: string) {
  return fire({ title: 'Attention!', text, icon: 'warning', confirmButtonText: 'OK' });
}

/**
 * "Are you sure?" confirmation with a red "Yes, delete it!" button and cancel; the focus
 * starts on Cancel.
 * @returns true when the user confirmed
 */
export async function confirmDelete(text: string): Promise<boolean> {
  const result = await fire({
    title: 'Are you sure?',
    text,
    icon: 'warning',
    showCancelButton: true,
    confirmButtonColor: '#d33',
    confirmButtonText: 'Yes, delete it!',
    // The focus starts on Cancel, so a stray Enter never deletes.
    focusCancel: true,
  });
  return result.isConfirmed;
}

/** "Deleted!" success notice. */
export function deletedNotice(text: string) {
  return fire({ title: 'Deleted!', text, icon: 'success' });
}

/** A centred success notice that closes itself after `ms` with no button. */
export function timedNotice(title: string, ms = 1000) {
  return fire({ title, icon: 'success', position: 'center', timer: ms, showConfirmButton: false });
}

/** An info popup without a button that closes itself after `ms`. */
export function timedInfo(text: string, ms: number) {
  return fire({ text, icon: 'info', timer: ms, showConfirmButton: false });
}

/** True while a popup is on the page (a new one would replace it). */
export function isPopupOpen(): boolean {
  return loaded !== null && loaded.getPopup() !== null;
}
