/**
 * "Scan barcode" on the add screen (EXTENSIONS.md §4): the camera or a photo (the scanner is
 * loaded only when opened) or typed digits; the answer of the look-up (the pressings found,
 * or why there are none) takes the focus; without the server the offline copy answers
 * (EXTENSIONS.md §9 "At the record shop"), and the scans kept today are listed. Leaving the
 * screen forgets the look-up.
 */
import { useEffect, useRef } from 'react';
import type { Release } from '@spincrate/contract';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import BarcodeEntry, { LookupStatus } from '@/lib/barcode/BarcodeEntry';
import { ScansFromToday, ShopAnswerFromCopy } from '@/lib/offline/ShopAnswer';
import { selectShopAnswer } from '@/lib/offline/state';
import { lookupBarcode } from './records.actions';
import { clearBarcode } from './barcode.slice';
import { ChosenPressing, PressingList } from './RecordLookup';

/**
 * The barcode intake of the add screen.
 * @param picked - the pressing chosen, if any (the page keeps it for the add)
 * @param onPick - called with the pressing chosen
 * @param onUnpick - called when the chosen pressing no longer holds (a new look-up, or
 *   **Choose another pressing**)
 */
export default function BarcodeIntake({
  picked,
  onPick,
  onUnpick,
}: {
  picked: Release | null;
  onPick: (release: Release) => void;
  onUnpick: () => void;
}) {
  const dispatch = useAppDispatch();
  const barcode = useAppSelector((state) => state.barcode);
  // Without the server the offline copy answers the barcode (EXTENSIONS.md §9 "At the record shop").
  const fromCopy = useAppSelector((state) => selectShopAnswer(state, barcode.code)) !== null;
  const copyAnswers = fromCopy && barcode.status !== 'succeeded';
  const resultsRef = useRef<HTMLDivElement>(null);
  const pickedRef = useRef<HTMLDivElement>(null);

  useEffect(
    () => () => {
      dispatch(clearBarcode());
    },
    [dispatch],
  );

  // The answer of a look-up takes the focus, so that keyboard and screen reader users land on it.
  useEffect(() => {
    if (barcode.status === 'succeeded' || barcode.status === 'failed' || copyAnswers)
      resultsRef.current?.focus();
  }, [barcode.status, barcode.code, copyAnswers]);

  useEffect(() => {
    if (picked) pickedRef.current?.focus();
  }, [picked]);

  const lookUp = (code: string) => {
    onUnpick();
    dispatch(lookupBarcode(code));
  };

  return (
    <section aria-labelledby="barcode-heading" className="mb-4 d-flex flex-column gap-3">
      <h2 id="barcode-heading" className="visually-hidden">
        Add by barcode
      </h2>
      <BarcodeEntry
        idPrefix="barcode"
        lookingUp={barcode.status === 'loading' && !copyAnswers}
        onLookUp={lookUp}
      />
      <div ref={resultsRef} tabIndex={-1} aria-live="polite" className="barcode-results">
        {copyAnswers ? <ShopAnswerFromCopy code={barcode.code} /> : <LookupStatus lookup={barcode} />}
        {barcode.status === 'succeeded' && barcode.releases.length > 0 && !picked && (
          <PressingList code={barcode.code} releases={barcode.releases} onPick={onPick} />
        )}
      </div>
      {picked && <ChosenPressing ref={pickedRef} picked={picked} onUnpick={onUnpick} />}
      <ScansFromToday idPrefix="barcode" />
    </section>
  );
}
