import { BarcodeDetector as ZXingBarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
import readerWasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/**
 * Reads barcodes from the camera's video. Loaded only when the cashier opens the camera (dynamic
 * import), so the POS does not carry it otherwise. The browser's own BarcodeDetector when it reads
 * our formats; else ZXing in WebAssembly, whose .wasm comes from this build (never a CDN): the
 * app works offline and on a closed network.
 */

/** What shops label goods with: EAN-13/8, UPC-A/E, Code 128, and QR codes. */
export const SCAN_FORMATS = ['ean_13', 'ean_8', 'upc_a', 'upc_e', 'code_128', 'qr_code'] as const;

export type BarcodeReader = {
  detect: (source: HTMLVideoElement) => Promise<{ rawValue: string; format: string }[]>;
};

type NativeDetectorClass = {
  new (options: { formats: string[] }): BarcodeReader;
  getSupportedFormats: () => Promise<string[]>;
};

prepareZXingModule({
  overrides: {
    locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? readerWasmUrl : prefix + path),
  },
});

const nativeReader = async (): Promise<BarcodeReader | null> => {
  const Native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (!Native) return null;
  try {
    const supported = await Native.getSupportedFormats();
    // Desktop Chrome has the class but may read nothing (or not EAN-13): ZXing is better then.
    if (!supported.includes('ean_13')) return null;
    return new Native({ formats: SCAN_FORMATS.filter((f) => supported.includes(f)) });
  } catch {
    return null;
  }
};

export const createBarcodeReader = async (): Promise<BarcodeReader> =>
  (await nativeReader()) ?? new ZXingBarcodeDetector({ formats: [...SCAN_FORMATS] });
