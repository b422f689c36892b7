/**
 * Barcode photos for the journeys that scan a sleeve (EXTENSIONS.md §4, §6): drawn at test
 * time with bwip-js.
 */
import bwipjs from 'bwip-js';

/** An EAN-13 barcode as a PNG photo: black bars on white, the digits under them. */
export async function ean13Png(digits: string): Promise<Buffer> {
  return bwipjs.toBuffer({
    bcid: 'ean13',
    text: digits,
    scale: 3,
    height: 20,
    includetext: true,
    paddingwidth: 30,
    paddingheight: 20,
    backgroundcolor: 'FFFFFF',
  });
}
