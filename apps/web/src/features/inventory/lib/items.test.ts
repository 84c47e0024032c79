import { describe, expect, it } from 'vitest';
import type { Product } from '@ms/contracts';
import {
  addLine,
  itemsOfProduct,
  lineError,
  linesCostValue,
  removeLine,
  stockAfter,
  type ItemLine,
} from './items';

const base: Product = {
  _id: 'p1',
  id: 'p1',
  business_id: 'b',
  name: 'Peak Milk 400g',
  sku: 'PM400',
  barcode: null,
  description: null,
  images: [],
  product_type: 'simple',
  variation: false,
  cost_price: 1200.5,
  selling_price: 1500,
  category_id: null,
  subcategory_id: null,
  tags: [],
  modifiers: [],
  options: [],
  varieties: [],
  track_stock: true,
  low_stock_threshold: 2,
  stock: 9,
  store_stock: [
    { store_id: 's1', stock: 7 },
    { store_id: 's2', stock: 2 },
  ],
  wc_sync_status: null,
  created_at: '',
  updated_at: '',
};

describe('itemsOfProduct', () => {
  it('gives a simple product as one item with its stock in the store', () => {
    const [item] = itemsOfProduct(base, 's2');
    expect(item).toMatchObject({ key: 'p1', variety_id: null, stock: 2, unavailable: null });
    expect(itemsOfProduct(base, 's9')[0]!.stock).toBe(0);
    expect(itemsOfProduct(base, null)[0]!.stock).toBe(9);
  });

  it('gives one item per variety, named after the product and the variety', () => {
    const product: Product = {
      ...base,
      product_type: 'variable',
      variation: true,
      varieties: [
        {
          _id: 'v1',
          name: 'Red / L',
          option_values: {},
          sku: null,
          barcode: null,
          cost_price: 10,
          selling_price: 20,
          stock: 5,
          store_stock: [{ store_id: 's1', stock: 5 }],
        },
      ],
    };
    expect(itemsOfProduct(product, 's1')).toEqual([
      expect.objectContaining({
        key: 'v1',
        product_id: 'p1',
        variety_id: 'v1',
        name: 'Peak Milk 400g (Red / L)',
        stock: 5,
      }),
    ]);
  });

  it('marks services and untracked products as not pickable', () => {
    expect(itemsOfProduct({ ...base, product_type: 'service' }, 's1')[0]!.unavailable).toMatch(/service/);
    expect(itemsOfProduct({ ...base, track_stock: false }, 's1')[0]!.unavailable).toMatch(/not tracked/);
  });
});

describe('lines', () => {
  const item = itemsOfProduct(base, 's1')[0]!;
  it('adds an item once and counts up when added again', () => {
    const once = addLine([], item);
    expect(once).toHaveLength(1);
    expect(addLine(once, item)[0]!.quantity).toBe(2);
    expect(removeLine(once, item.key)).toEqual([]);
  });

  it('refuses empty, fractional, zero, and — when stock leaves — more than the store holds', () => {
    const line = (quantity: number | null): ItemLine => ({ ...item, quantity });
    expect(lineError(line(null), false)).toBe('Enter a quantity');
    expect(lineError(line(1.5), false)).toBe('Use whole numbers');
    expect(lineError(line(0), false)).toBe('At least 1');
    expect(lineError(line(100), false)).toBeNull();
    expect(lineError(line(8), true)).toBe('Only 7 in stock');
    expect(lineError(line(7), true)).toBeNull();
    expect(lineError({ ...line(1), stock: 0 }, true)).toBe('None in stock in this store');
  });

  it('computes stock after and the cost value without float drift', () => {
    expect(stockAfter({ ...item, quantity: 3 }, false)).toBe(10);
    expect(stockAfter({ ...item, quantity: 3 }, true)).toBe(4);
    expect(linesCostValue([{ ...item, quantity: 3 }])).toBe(3601.5);
  });
});
