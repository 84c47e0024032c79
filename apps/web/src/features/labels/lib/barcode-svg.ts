import JsBarcode from 'jsbarcode';
import type { LabelCode } from './barcode';

const cache = new Map<string, string>();
/** A white quiet zone of 11 modules each side (bars are 2 units wide) so scanners find the code's edges. */
const QUIET = { marginTop: 0, marginBottom: 0, marginLeft: 22, marginRight: 22 };

/**
 * The bars of a code as SVG markup (no text: the label prints the digits itself), stretched to
 * whatever box it is put in. Made once per code and reused for every copy of the label.
 */
export const barcodeSvg = (code: LabelCode): string => {
  const key = `${code.format}:${code.value}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  try {
    JsBarcode(svg, code.value, {
      format: code.format,
      displayValue: false,
      ...QUIET,
      width: 2,
      height: 60,
      flat: true,
    });
  } catch {
    // A value the format refuses: fall back to CODE128, which takes any printable text.
    JsBarcode(svg, code.value, { format: 'CODE128', displayValue: false, ...QUIET, width: 2, height: 60 });
  }
  const width = svg.getAttribute('width')?.replace('px', '') ?? '200';
  const height = svg.getAttribute('height')?.replace('px', '') ?? '60';
  svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
  svg.setAttribute('preserveAspectRatio', 'none');
  svg.setAttribute('width', '100%');
  svg.setAttribute('height', '100%');
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', `Barcode ${code.value}`);
  svg.removeAttribute('style');
  const markup = svg.outerHTML;
  cache.set(key, markup);
  return markup;
};
