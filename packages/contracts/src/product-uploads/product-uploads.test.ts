import { describe, expect, it } from 'vitest';
import { normaliseHeader, parseUploadRow, uploadTemplateCsv, UPLOAD_COLUMN_KEYS } from './product-uploads.js';

describe('normaliseHeader', () => {
  it('matches headers whatever their case, spacing, units or marks', () => {
    expect(normaliseHeader('Selling Price (₦)*')).toBe('selling_price');
    expect(normaliseHeader('\uFEFFNAME')).toBe('name');
    expect(normaliseHeader('low-stock threshold')).toBe('low_stock_threshold');
    expect(normaliseHeader('Qty')).toBe('stock');
    expect(normaliseHeader('Colour')).toBe('colour');
  });
});

describe('parseUploadRow', () => {
  it('reads naira amounts with commas and the naira sign, whole stock and yes/no', () => {
    expect(
      parseUploadRow({
        name: ' Rice 50kg ',
        selling_price: '₦45,500.50',
        cost_price: '42000',
        stock: '20',
        track_stock: 'Yes',
        category: 'Grains',
      }),
    ).toEqual({
      ok: true,
      value: {
        name: 'Rice 50kg',
        selling_price: 45500.5,
        cost_price: 42000,
        stock: 20,
        track_stock: true,
        category: 'Grains',
      },
    });
  });

  it('says what is wrong, naming the column', () => {
    expect(parseUploadRow({ selling_price: '1' })).toEqual({ ok: false, error: 'name is required' });
    expect(parseUploadRow({ name: 'A', selling_price: 'ten' })).toEqual({
      ok: false,
      error: 'selling_price must be a number in naira, not “ten”',
    });
    expect(parseUploadRow({ name: 'A', selling_price: '1', track_stock: 'no', stock: '3' })).toEqual({
      ok: false,
      error: 'stock: a product with track_stock no cannot have opening stock',
    });
    expect(parseUploadRow({ name: 'x'.repeat(201), selling_price: '1' })).toEqual({
      ok: false,
      error: 'The name field must be between 1 and 200.',
    });
  });
});

describe('uploadTemplateCsv', () => {
  it('has every column and two example rows that parse', () => {
    const [header, ...rows] = uploadTemplateCsv().trim().split('\r\n');
    expect(header).toBe(UPLOAD_COLUMN_KEYS.join(','));
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      const cells = row.split(',');
      const data = Object.fromEntries(UPLOAD_COLUMN_KEYS.map((k, i) => [k, cells[i] ?? '']));
      expect(parseUploadRow(data).ok).toBe(true);
    }
  });
});
