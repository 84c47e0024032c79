/**
 * "Scan with camera" at the POS: whether this browser can read barcodes from the camera, and what
 * the POS did with a code read. The dialog and the reader load only when the camera is opened.
 */

/** The browser's own BarcodeDetector, or WebAssembly to run ZXing: else the button is hidden. */
export const canScanWithCamera = (): boolean =>
  typeof window !== 'undefined' && ('BarcodeDetector' in window || typeof WebAssembly === 'object');

/** What the POS did with a code: the dialog closes on a hit unless the cashier keeps scanning. */
export type ScanOutcome = { result: 'added' | 'picking' | 'not-found' | 'error'; text: string };
