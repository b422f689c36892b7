/**
 * The popups of PRODUCT.md §8 (sweetalert2): validation warnings, delete
 * confirmations, success notices. Texts are the spec's, word for word.
 */
import Swal from 'sweetalert2';

export const FILL_FORM_TEXT = 'Please fill form before submit';
export const SEARCH_EMPTY_TEXT = 'Please submit something to search';

/** "Attention!" warning with an OK button. */
export function warnAttention(text: string) {
  return Swal.fire({ title: 'Attention!', text, icon: 'warning', confirmButtonText: 'OK' });
}

/**
 * "Are you sure?" confirmation with a red "Yes, delete it!" button and cancel.
 * @returns true when the user confirmed
 */
export async function confirmDelete(text: string): Promise<boolean> {
  const result = await Swal.fire({
    title: 'Are you sure?',
    text,
    icon: 'warning',
    showCancelButton: true,
    confirmButtonColor: '#d33',
    confirmButtonText: 'Yes, delete it!',
  });
  return result.isConfirmed;
}

/** "Deleted!" success notice. */
export function deletedNotice(text: string) {
  return Swal.fire({ title: 'Deleted!', text, icon: 'success' });
}

/** A centred success notice that closes itself after `ms` with no button. */
export function timedNotice(title: string, ms = 1000) {
  return Swal.fire({ title, icon: 'success', position: 'center', timer: ms, showConfirmButton: false });
}

/** An info popup without a button that closes itself after `ms`. */
export function timedInfo(text: string, ms: number) {
  return Swal.fire({ text, icon: 'info', timer: ms, showConfirmButton: false });
}
