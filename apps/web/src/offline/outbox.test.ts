import { describe, expect, it } from 'vitest';
import { businessDb } from './db';
import { countPending, enqueue, OutOfStorageError } from './outbox';
import { freshBusiness } from './testing/fake-server';

const sale = { _id: 'sale-1', total: 1500, created_at: '2026-11-22T08:00:00.000Z' };

describe('outbox enqueue', () => {
  it('writes the record to its table and to the upload queue together', async () => {
    const b = freshBusiness();
    await enqueue(b, 'pos', sale);
    const db = businessDb(b);
    expect(await db.data('pos').get('sale-1')).toEqual(sale);
    expect(await db.unsynced('pos').get('sale-1')).toEqual(sale);
    expect(await countPending(b)).toEqual({ customers: 0, pos: 1, tickets: 0, invoices: 0, total: 1 });
  });

  it('counts an invoice draft made offline among what waits to upload', async () => {
    const b = freshBusiness();
    await enqueue(b, 'invoices', { _id: 'inv-1', number: null, body: {} });
    expect(await countPending(b)).toMatchObject({ invoices: 1, total: 1 });
  });

  it('gives a customer made here its offline key', async () => {
    const b = freshBusiness();
    await enqueue(b, 'customers', { _id: 'c1', name: 'Ngozi' });
    expect(await businessDb(b).unsynced('customers').get('c1')).toEqual({
      _id: 'c1',
      name: 'Ngozi',
      offline_cust_id: 'c1',
    });
  });

  it('changes other tables in the same transaction (the POS reducing local stock)', async () => {
    const b = freshBusiness();
    const db = businessDb(b);
    await db.data('products').put({ _id: 'p1', quantity: 10 });
    await enqueue(b, 'pos', sale, async (tx) => {
      const product = await tx.table('products').get('p1');
      await tx.table('products').put({ ...product, quantity: product.quantity - 2 });
    });
    expect(await db.data('products').get('p1')).toMatchObject({ quantity: 8 });
  });

  it('writes nothing at all when the extra change fails', async () => {
    const b = freshBusiness();
    const db = businessDb(b);
    await db.data('products').put({ _id: 'p1', quantity: 10 });
    const failing = enqueue(b, 'pos', sale, async (tx) => {
      await tx.table('products').put({ _id: 'p1', quantity: 8 });
      throw new Error('Not enough stock');
    });
    await expect(failing).rejects.toThrow('Not enough stock');
    expect(await db.data('pos').get('sale-1')).toBeUndefined();
    expect(await db.unsynced('pos').get('sale-1')).toBeUndefined();
    expect(await db.data('products').get('p1')).toMatchObject({ quantity: 10 });
  });

  it('tells the caller when the device is out of storage', async () => {
    const b = freshBusiness();
    const full = enqueue(b, 'customers', { _id: 'c1' }, async () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    await expect(full).rejects.toBeInstanceOf(OutOfStorageError);
    await expect(full).rejects.toThrow('This device has run out of storage space, so this was not saved.');
    expect(await countPending(b)).toMatchObject({ total: 0 });
  });
});
