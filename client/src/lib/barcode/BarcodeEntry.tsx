/**
 * The barcode entry of the add record and add a want screens (EXTENSIONS.md §4, §6): a
 * "Scan barcode" button that opens the camera (its code loaded only when opened), and,
 * always offered, a "Take or choose a photo" input and a "Type the digits" field with
 * "Look up". Digits read or typed (8, 12 or 13 of them) go to `onLookUp`; the screen shows
 * the look-up's answer itself.
 */
import { lazy, Suspense, useState } from 'react';
import { Alert, Button, Form, InputGroup } from 'react-bootstrap';

import BarcodePhoto from './BarcodePhoto';

const BarcodeScanner = lazy(() => import('./BarcodeScanner'));

/** 8, 12 or 13 digits (API.md "Field rules": barcode). */
const BARCODE_DIGITS = /^(?:[0-9]{8}|[0-9]{12}|[0-9]{13})$/;

/**
 * Scan button, scanner and typed digits.
 * @param idPrefix - prefix of the element ids, unique on the screen (e.g. `barcode`)
 * @param lookingUp - true while a look-up runs ("Look up" is then disabled)
 * @param onLookUp - called with the digits (8, 12 or 13) read or typed; the scanner closes first
 */
export default function BarcodeEntry({
  idPrefix,
  lookingUp,
  onLookUp,
}: {
  idPrefix: string;
  lookingUp: boolean;
  onLookUp: (digits: string) => void;
}) {
  const [scannerOpen, setScannerOpen] = useState(false);
  const [digits, setDigits] = useState('');
  const [digitsInvalid, setDigitsInvalid] = useState(false);

  const lookUp = (code: string) => {
    setDigits(code);
    setDigitsInvalid(false);
    setScannerOpen(false);
    onLookUp(code);
  };

  const submitDigits = () => {
    const code = digits.trim();
    if (!BARCODE_DIGITS.test(code)) {
      setDigitsInvalid(true);
      return;
    }
    lookUp(code);
  };

  return (
    <>
      <div>
        <Button
          variant="outline-primary"
          aria-expanded={scannerOpen}
          aria-controls={`${idPrefix}-scanner`}
          onClick={() => setScannerOpen(!scannerOpen)}
        >
          {scannerOpen ? 'Close scanner' : 'Scan barcode'}
        </Button>
      </div>
      <div id={`${idPrefix}-scanner`}>
        {scannerOpen && (
          <Suspense fallback={<p role="status">Opening the scanner…</p>}>
            <BarcodeScanner onDigits={lookUp} />
          </Suspense>
        )}
      </div>
      <BarcodePhoto idPrefix={idPrefix} onDigits={lookUp} />
      <Form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submitDigits();
        }}
      >
        <Form.Label htmlFor={`${idPrefix}-digits`}>Type the digits</Form.Label>
        <InputGroup hasValidation>
          <Form.Control
            id={`${idPrefix}-digits`}
            inputMode="numeric"
            autoComplete="off"
            maxLength={13}
            value={digits}
            onChange={(e) => {
              setDigits(e.target.value.replace(/[^0-9]/g, ''));
              setDigitsInvalid(false);
            }}
            isInvalid={digitsInvalid}
            aria-describedby={`${idPrefix}-digits-help`}
          />
          <Button type="submit" variant="outline-secondary" disabled={lookingUp}>
            Look up
          </Button>
          <Form.Control.Feedback type="invalid">A barcode has 8, 12 or 13 digits.</Form.Control.Feedback>
        </InputGroup>
        <Form.Text id={`${idPrefix}-digits-help`}>The 8, 12 or 13 digits under the barcode.</Form.Text>
      </Form>
    </>
  );
}

/** The state of a barcode look-up as the add screens keep it (API.md "Adding by barcode"). */
export interface LookupState {
  status: 'idle' | 'loading' | 'succeeded' | 'failed';
  code: string | null;
  releases: readonly unknown[];
  unreachable: boolean;
}

/**
 * What a look-up says before any pressing is listed (EXTENSIONS.md §4): "Looking up…", the
 * service unreachable or the look-up failed, or "No pressing found for {digits}."; nothing
 * once pressings are found (the screen lists them).
 */
export function LookupStatus({ lookup }: { lookup: LookupState }) {
  return (
    <>
      {lookup.status === 'loading' && <p role="status">Looking up {lookup.code}…</p>}
      {lookup.status === 'failed' && (
        <Alert variant="danger" className="mb-0">
          {lookup.unreachable
            ? "The barcode service can't be reached right now. Try again in a moment."
            : 'The barcode could not be looked up.'}
        </Alert>
      )}
      {lookup.status === 'succeeded' && lookup.releases.length === 0 && (
        <Alert variant="info" className="mb-0">
          No pressing found for {lookup.code}.
        </Alert>
      )}
    </>
  );
}
