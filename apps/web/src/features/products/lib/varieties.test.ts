import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  cleanOptions,
  countCombinations,
  generateVarieties,
  varietyKey,
  varietyName,
  type OptionDraft,
  type VarietyRow,
} from './varieties';

const SIZE: OptionDraft = { name: 'Size', values: ['S', 'M'] };
const COLOUR: OptionDraft = { name: 'Colour', values: ['Red', 'Blue'] };

const names = (rows: VarietyRow[], options: OptionDraft[]) =>
  rows.map((r) => varietyName(r.option_values, options));

const price = (rows: VarietyRow[], options: OptionDraft[], name: string) =>
  rows.find((r) => varietyName(r.option_values, options) === name)?.selling_price;

describe('generateVarieties', () => {
  it('gives one variety per combination, in the order of the options', () => {
    const rows = generateVarieties([SIZE, COLOUR], [], { storeIds: ['s1', 's2'] });
    expect(names(rows, [SIZE, COLOUR])).toEqual(['S / Red', 'S / Blue', 'M / Red', 'M / Blue']);
    expect(rows[0]!.option_values).toEqual({ Size: 'S', Colour: 'Red' });
    expect(rows[0]!.store_stock).toEqual([
      { store_id: 's1', stock: '' },
      { store_id: 's2', stock: '' },
    ]);
  });

  it('ignores options without a name or values, blank and repeated values', () => {
    const rows = generateVarieties(
      [
        { name: 'Size', values: ['S', ' s ', '', 'M'] },
        { name: '', values: ['x'] },
        { name: 'Colour', values: [] },
      ],
      [],
    );
    expect(names(rows, [SIZE])).toEqual(['S', 'M']);
    expect(generateVarieties([], [])).toEqual([]);
  });

  it('keeps edited prices, SKUs and ids when a value is added', () => {
    const first = generateVarieties([SIZE], []);
    first[0] = { ...first[0]!, selling_price: 1000, cost_price: 600, sku: 'TS-S', _id: 'v1' };
    first[1] = { ...first[1]!, selling_price: 1200 };
    const size3 = { name: 'Size', values: ['S', 'M', 'L'] };
    const next = generateVarieties([size3], first, { defaults: { selling_price: 900 } });
    expect(next.map((r) => [r.option_values.Size, r.selling_price, r.sku, r._id])).toEqual([
      ['S', 1000, 'TS-S', 'v1'],
      ['M', 1200, '', undefined],
      ['L', 900, '', undefined],
    ]);
  });

  it('lends a price to the new combinations when an option is added, never the SKU or id', () => {
    const bySize = generateVarieties([SIZE], []).map((r, i) => ({
      ...r,
      selling_price: [1000, 1500][i]!,
      sku: `SKU-${i}`,
      _id: `v${i}`,
    }));
    const rows = generateVarieties([SIZE, COLOUR], bySize);
    expect(price(rows, [SIZE, COLOUR], 'S / Blue')).toBe(1000);
    expect(price(rows, [SIZE, COLOUR], 'M / Red')).toBe(1500);
    expect(rows.every((r) => r.sku === '' && r._id === undefined)).toBe(true);
  });

  it('keeps each price when an option is removed and a value no longer disagrees', () => {
    const full = generateVarieties([SIZE, COLOUR], []).map((r) => ({
      ...r,
      selling_price: r.option_values.Size === 'S' ? 1000 : 2000,
    }));
    const rows = generateVarieties([SIZE], full);
    expect(rows.map((r) => r.selling_price)).toEqual([1000, 2000]);
  });

  it('does not bring back a removed combination until it is restored', () => {
    const rows = generateVarieties([SIZE, COLOUR], []);
    const removed = new Set([rows[1]!.key]);
    const again = generateVarieties([SIZE, COLOUR], rows, { removed });
    expect(names(again, [SIZE, COLOUR])).toEqual(['S / Red', 'M / Red', 'M / Blue']);
    expect(generateVarieties([SIZE, COLOUR], again)).toHaveLength(4);
  });

  it('matches rows whatever the option order or letter case', () => {
    expect(varietyKey({ Size: 'S', Colour: 'Red' })).toBe(varietyKey({ colour: 'red', size: 's' }));
    const rows = generateVarieties([SIZE, COLOUR], []).map((r) => ({ ...r, selling_price: 700 }));
    expect(generateVarieties([COLOUR, SIZE], rows).every((r) => r.selling_price === 700)).toBe(true);
  });

  it('always gives as many rows as the product of the value counts, each combination once', () => {
    const option = fc.record({
      name: fc.constantFrom('Size', 'Colour', 'Material', 'Fit'),
      values: fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'B', ' '), { maxLength: 4 }),
    });
    fc.assert(
      fc.property(fc.array(option, { maxLength: 3 }), (options) => {
        const rows = generateVarieties(options, []);
        const clean = cleanOptions(options);
        expect(rows).toHaveLength(countCombinations(options));
        expect(new Set(rows.map((r) => r.key)).size).toBe(rows.length);
        for (const r of rows) expect(Object.keys(r.option_values)).toEqual(clean.map((o) => o.name));
      }),
    );
  });
});
