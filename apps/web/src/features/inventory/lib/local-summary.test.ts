import { describe, expect, it } from 'vitest';
import type { Product } from '@ms/contracts';
import { localStockSummary } from './local-summary';

const stores = [
  { _id: 's1', name: 'Wuse' },
  { _id: 's2', name: 'Garki' },
];
const product = (over: Partial<Product>) =>
  ({
    product_type: 'simple',
    track_stock: true,
    low_stock_threshold: 5,
    cost_price: 100,
    selling_price: 150.5,
    varieties: [],
    store_stock: [],
    ...over,
  }) as Product;

const products = [
  product({
    _id: 'rice',
    name: 'Rice',
    store_stock: [
      { store_id: 's1', stock: 3 },
      { store_id: 's2', stock: 10 },
    ],
  }),
  product({ _id: 'beans', name: 'Beans', store_stock: [{ store_id: 's1', stock: -1 }] }),
  product({ _id: 'repair', name: 'Repair', product_type: 'service' }),
  product({
    _id: 'shirt',
    name: 'Shirt',
    product_type: 'variable',
    varieties: [
      {
        _id: 'm',
        name: 'M',
        cost_price: 2000,
        selling_price: 3000,
        store_stock: [{ store_id: 's1', stock: 2 }],
      },
      { _id: 'l', name: 'L', cost_price: 2000, selling_price: 3000, store_stock: [] },
    ] as Product['varieties'],
  }),
];

describe('stock summary from the products on this device', () => {
  it('counts tracked items per store by the server’s rules', () => {
    const s = localStockSummary(products, stores, 's1');
    expect(s).toMatchObject({
      store_id: 's1',
      tracked_items: 4,
      items_in_stock: 2,
      products_in_stock: 2,
      units_in_stock: 5,
      low_stock_count: 2,
      out_of_stock_count: 2,
      stock_value_cost: 3 * 100 + 2 * 2000,
      stock_value_retail: 3 * 150.5 + 2 * 3000,
    });
    expect(s.low_stock.map((i) => [i.name, i.quantity])).toEqual([
      ['Shirt (M)', 2],
      ['Rice', 3],
    ]);
    expect(s.out_of_stock.map((i) => [i.name, i.quantity])).toEqual([
      ['Beans', -1],
      ['Shirt (L)', 0],
    ]);
  });

  it('adds up every store when none is chosen, one row per store by name', () => {
    const s = localStockSummary(products, stores, null);
    expect(s.units_in_stock).toBe(15);
    expect(s.stores.map((r) => [r.store_name, r.units_in_stock])).toEqual([
      ['Garki', 10],
      ['Wuse', 5],
    ]);
  });
});
