import { afterEach, describe, expect, it } from 'vitest';
import type { Product } from '@ms/contracts';
import { businessDb, closeBusinessDb } from '@/offline';
import { addItem, emptyCart } from '../lib/cart';
import { saleBody } from '../lib/sale-body';
import { isSavedOnDevice, recordSale } from './sales';

const B = 'b-record-sale';
const STORE = '019a0000-0000-7000-8000-000000000002';
const ID = '019a0000-0000-7000-8000-0000000000b1';

const coke = {
  _id: '019a0000-0000-7000-8000-000000000003',
  name: 'Coke',
  product_type: 'simple',
  track_stock: true,
  selling_price: 300,
  stock: 10,
  store_stock: [{ store_id: STORE, stock: 10 }],
  varieties: [],
  updated_at: '2026-01-01T00:00:00.000Z',
} as unknown as Product;

describe('recording a sale through the outbox', () => {
  afterEach(async () => {
    await businessDb(B).delete();
    closeBusinessDb();
  });

  it('saves it here with the stock lowered once, and shows the receipt made here while it waits', async () => {
    const db = businessDb(B);
    await db.data('products').put(coke);
    await db.data('stores').put({ _id: STORE, name: 'Wuse' });
    const cart = addItem(emptyCart(STORE), { product: coke, quantity: 3 });
    const body = saleBody(ID, cart, [{ method: 'cash', amount: 1000 }], false);
    const ctx = { userId: 'u1', cashierName: 'Ada' };

    const sale = await recordSale(B, body, cart, ctx, 50);
    expect(isSavedOnDevice(sale)).toBe(true);
    expect(sale).toMatchObject({ store_name: 'Wuse', total: 900, change_due: 100 });
    expect(await db.unsynced('pos').get(ID)).toMatchObject({
      _id: ID,
      items: [{ quantity: 3, list_price: 300 }],
    });
    expect(((await db.data('products').get(coke._id)) as unknown as Product).store_stock).toEqual([
      { store_id: STORE, stock: 7 },
    ]);

    // Confirm pressed again (same sale id): still one sale waiting, the stock lowered once.
    await recordSale(B, body, cart, ctx, 50);
    expect(await db.unsynced('pos').count()).toBe(1);
    expect(((await db.data('products').get(coke._id)) as unknown as Product).stock).toBe(7);
  });
});
