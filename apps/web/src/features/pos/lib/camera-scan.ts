/**
 * "Scan with camera" at the POS: whether this browser can read barcodes from the camera, and what
 * the POS did with a code read. The dialog and the reader load only when the camera is opened.
 */

/** The browser's own BarcodeDetector, or WebAssembly to run ZXing: else the button is hidden. */
export const canScanWithCamera = (): boolean =>
  typeof window !== 'undefined' && ('BarcodeDetector' in window || typeof WebAssembly === 'object');

/** What the POS did with a code: the dialog closes on a hit unless the cashier keeps scanning. */
export type ScanOutcome = { result: 'added' | 'picking' | 'not-found' | 'error'; text: string };

/** The same code again within this time is the same item still in front of the camera. */
export const SAME_CODE_MS = 2500;

/** The code last handled, when it was last in view, and whether handling it put it in the cart. */
export type LastRead = { code: string; at: number; ok: boolean };

/**
 * Whether a code read now is a new scan. A code that went into the cart is not added again while it
 * stays in view (the camera sees it many times a second); it counts again once it has been out of
 * view for SAME_CODE_MS. A code that was not found, or whose lookup failed (a slow network, the
 * catalogue still downloading), is tried again every SAME_CODE_MS while it is held there, so the
 * cashier does not have to take the item away and bring it back.
 */
export const isNewRead = (last: LastRead, code: string, now: number): boolean =>
  code !== last.code || now - last.at > SAME_CODE_MS;

/** The last read after a code was seen again but not handled: a hit stays "in view". */
export const stillInView = (last: LastRead, code: string, now: number): LastRead =>
  code === last.code && last.ok ? { ...last, at: now } : last;
