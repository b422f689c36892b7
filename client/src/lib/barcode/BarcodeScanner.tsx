/**
 * The barcode scanner of the add screen (EXTENSIONS.md §4), loaded only when the user
 * presses "Scan barcode": the camera (the rear one on a phone) where the browser allows it,
 * its picture decoded in the browser (`barcodeDecoder.ts`, itself loaded on first use); the
 * digits read go to `onDigits`. The "Take or choose a photo" input is always on the screen
 * (BarcodePhoto.tsx).
 */
import { useEffect, useRef, useState } from 'react';
import type { BarcodeDecoder } from './barcodeDecoder';

/** Time between two reads of the camera's picture, in ms. */
const SCAN_INTERVAL_MS = 200;

type CameraState = 'starting' | 'on' | 'unavailable';

/**
 * The camera.
 * @param onDigits - called once with the digits of a barcode read from the camera or a photo
 */
export default function BarcodeScanner({ onDigits }: { onDigits: (digits: string) => void }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const decoderRef = useRef<Promise<BarcodeDecoder> | null>(null);
  const onDigitsRef = useRef(onDigits);
  const [camera, setCamera] = useState<CameraState>('starting');

  useEffect(() => {
    onDigitsRef.current = onDigits;
  }, [onDigits]);

  const decoder = () => {
    decoderRef.current ??= import('./barcodeDecoder').then((m) => m.createBarcodeDecoder());
    return decoderRef.current;
  };

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stopCamera = () => stream?.getTracks().forEach((track) => track.stop());

    const start = async () => {
      const video = videoRef.current;
      if (!video || !window.isSecureContext || !navigator.mediaDevices?.getUserMedia) {
        setCamera('unavailable');
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' } },
          audio: false,
        });
        if (stopped) return stopCamera();
        video.srcObject = stream;
        await video.play();
        setCamera('on');
        const reader = await decoder();
        const scan = async () => {
          if (stopped) return;
          if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA && video.videoWidth > 0) {
            const digits = await reader.decode(video).catch(() => null);
            if (stopped) return;
            if (digits) {
              stopped = true;
              stopCamera();
              onDigitsRef.current(digits);
              return;
            }
          }
          timer = setTimeout(() => void scan(), SCAN_INTERVAL_MS);
        };
        void scan();
      } catch {
        stopCamera();
        if (!stopped) setCamera('unavailable');
      }
    };
    void start();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stopCamera();
    };
  }, []);

  return (
    <div className="d-flex flex-column gap-3">
      <div className={camera === 'unavailable' ? 'd-none' : 'barcode-camera'}>
        {/* A live picture with no sound: nothing to caption. */}
        <video
          ref={videoRef}
          muted
          playsInline
          aria-label="Camera: point it at the barcode on the sleeve"
          className="w-100 rounded border"
        />
        <p className="small mb-0" role="status">
          {camera === 'on' ? 'Point the camera at the barcode.' : 'Starting the camera…'}
        </p>
      </div>
      {camera === 'unavailable' && (
        <p className="small mb-0" role="status">
          No camera here: take or choose a photo of the barcode, or type the digits.
        </p>
      )}
    </div>
  );
}
