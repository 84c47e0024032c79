import { describe, expect, it } from 'vitest';
import type { Product } from '@ms/contracts';
import { takeStock, takeStockForSale } from './local-stock';

const S1 = 's1';
const S2 = 's2';

const simple = {
  _id: 'p1',
  name: 'Coke',
  product_type: 'simple',
  track_stock: true,
  stock: 15,
  store_stock: [
    { store_id: S1, stock: 10 },
    { store_id: S2, stock: 5 },
  ],
  varieties: [],
} as unknown as Product;

const shirt = {
  _id: 'p2',
  name: 'Shirt',
  product_type: 'variable',
  track_stock: true,
  stock: 6,
  store_stock: [],
  varieties: [
    { _id: 'vM', name: 'M', stock: 3, store_stock: [{ store_id: S1, stock: 3 }] },
    { _id: 'vL', name: 'L', stock: 3, store_stock: [{ store_id: S1, stock: 3 }] },
  ],
} as unknown as Product;

describe('stock taken by a sale made on this device', () => {
  it('lowers the product and the store’s own figure, not the other store’s', () => {
    const after = takeStock(simple, S1, { product_id: 'p1', variety_id: null, quantity: 3 });
    expect(after.stock).toBe(12);
    expect(after.store_stock).toEqual([
      { store_id: S1, stock: 7 },
      { store_id: S2, stock: 5 },
    ]);
  });

  it('lowers the variety (and the product total), the other variety untouched', () => {
    const after = takeStock(shirt, S1, { product_id: 'p2', variety_id: 'vL', quantity: 2 });
    expect(after.stock).toBe(4);
    expect(after.varieties.map((v) => [v._id, v.stock, v.store_stock[0]!.stock])).toEqual([
      ['vM', 3, 3],
      ['vL', 1, 1],
    ]);
  });

  it('may go below zero (an oversale), starts a store never stocked, and skips untracked items', () => {
    expect(takeStock(simple, S2, { product_id: 'p1', variety_id: null, quantity: 7 }).store_stock[1]).toEqual(
      {
        store_id: S2,
        stock: -2,
      },
    );
    expect(
      takeStock(simple, 's3', { product_id: 'p1', variety_id: null, quantity: 1 }).store_stock[2],
    ).toEqual({
      store_id: 's3',
      stock: -1,
    });
    const service = { ...simple, product_type: 'service' } as Product;
    expect(takeStock(service, S1, { product_id: 'p1', variety_id: null, quantity: 1 })).toBe(service);
    const untracked = { ...simple, track_stock: false } as Product;
    expect(takeStock(untracked, S1, { product_id: 'p1', variety_id: null, quantity: 1 })).toBe(untracked);
  });

  it('adds up several lines of the same product, and leaves out products not on this device', () => {
    const changed = takeStockForSale(new Map([['p2', shirt]]), S1, [
      { product_id: 'p2', variety_id: 'vM', quantity: 1 },
      { product_id: 'p2', variety_id: 'vL', quantity: 1 },
      { product_id: 'gone', variety_id: null, quantity: 1 },
    ]);
    expect(changed).toHaveLength(1);
    expect(changed[0]!.stock).toBe(4);
  });
});
