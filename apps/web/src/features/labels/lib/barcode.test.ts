import { describe, expect, it } from 'vitest';
import { describeCode, isEan13, isUpcA, labelCode } from './barcode';

describe('labelCode', () => {
  it('uses EAN-13 only for a 13-digit code with the right check digit', () => {
    expect(isEan13('6151100030153')).toBe(true);
    expect(isEan13('5901234123457')).toBe(true);
    expect(isEan13('5901234123458')).toBe(false);
    expect(labelCode({ id: 'x', barcode: '5901234123457', sku: null })).toEqual({
      value: '5901234123457',
      format: 'EAN13',
      source: 'barcode',
    });
    expect(labelCode({ id: 'x', barcode: '5901234123458', sku: null }).format).toBe('CODE128');
  });

  it('knows a UPC-A', () => {
    expect(isUpcA('036000291452')).toBe(true);
    expect(labelCode({ id: 'x', barcode: '036000291452', sku: null }).format).toBe('UPC');
  });

  it('falls back to the SKU, then to a code made from the id, and says so', () => {
    const sku = labelCode({ id: 'x', barcode: null, sku: 'RICE-50' });
    expect(sku).toEqual({ value: 'RICE-50', format: 'CODE128', source: 'sku' });
    expect(describeCode(sku)).toBe('No barcode: uses the SKU RICE-50');

    const fromId = labelCode({ id: '0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b', barcode: '  ', sku: 'Ọlá' });
    expect(fromId).toEqual({ value: '0C1D2E3F4A5B', format: 'CODE128', source: 'id' });
    expect(describeCode(fromId)).toContain('made from the product id');
  });
});
