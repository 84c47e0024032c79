/**
 * Which code a label carries: the item's barcode (EAN-13 when it is a valid EAN-13, UPC-A when a
 * valid UPC-A, else CODE128), else its SKU (CODE128), else a code made from its id, which no till
 * knows until it is saved as the item's barcode.
 */
export type LabelCodeFormat = 'EAN13' | 'UPC' | 'CODE128';
export type LabelCode = {
  value: string;
  format: LabelCodeFormat;
  source: 'barcode' | 'sku' | 'id';
};

const digitsCheck = (digits: string): boolean => {
  // GS1 check digit: from the right (check digit excluded), weights 3,1,3,1...
  const body = digits.slice(0, -1);
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const fromRight = body.length - 1 - i;
    sum += Number(body[i]) * (fromRight % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10 === Number(digits.at(-1));
};

export const isEan13 = (code: string): boolean => /^\d{13}$/.test(code) && digitsCheck(code);
export const isUpcA = (code: string): boolean => /^\d{12}$/.test(code) && digitsCheck(code);

/** CODE128 (set B) encodes printable ASCII only. */
const code128Safe = (code: string): boolean => /^[\x20-\x7e]+$/.test(code);

export const labelCode = (item: { id: string; barcode: string | null; sku: string | null }): LabelCode => {
  const barcode = item.barcode?.trim();
  if (barcode) {
    if (isEan13(barcode)) return { value: barcode, format: 'EAN13', source: 'barcode' };
    if (isUpcA(barcode)) return { value: barcode, format: 'UPC', source: 'barcode' };
    if (code128Safe(barcode)) return { value: barcode, format: 'CODE128', source: 'barcode' };
  }
  const sku = item.sku?.trim();
  if (sku && code128Safe(sku)) return { value: sku, format: 'CODE128', source: 'sku' };
  // The random tail of a UUIDv7 (its head is a timestamp, shared by items made together).
  const tail = item.id.replace(/-/g, '').slice(-12).toUpperCase();
  return { value: tail, format: 'CODE128', source: 'id' };
};

/** What the owner is told about the code a label will carry. */
export const describeCode = (code: LabelCode): string => {
  if (code.source === 'barcode')
    return code.format === 'EAN13'
      ? `EAN-13 ${code.value}`
      : code.format === 'UPC'
        ? `UPC-A ${code.value}`
        : `Barcode ${code.value} (CODE128)`;
  if (code.source === 'sku') return `No barcode: uses the SKU ${code.value}`;
  return `No barcode or SKU: uses ${code.value}, made from the product id. Save it as the barcode to scan it at the till.`;
};
