import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UploadResult } from '@ms/contracts';
import { businessDb } from './db';
import { countPending, enqueue } from './outbox';
import { flushUploads, UploadStopped } from './upload';
import { cancelFlushes } from './upload-schedule';
import { syncStatus } from './sync-status';
import { waitForUpload } from './wait-for-upload';
import { fakeServer, freshBusiness, type FakeRequest } from './testing/fake-server';

afterEach(() => {
  cancelFlushes();
  vi.unstubAllGlobals();
});

const salesPath = (b: string) => `/v2/business/${b}/sales/offline/sync`;
const CUSTOMERS = '/v1/customers/syncnewofflinecustomers';
const ids = (req: FakeRequest, key: string) =>
  (req.body as Record<string, { _id: string }[]>)[key]!.map((r) => r._id);

const sale = (n: number, customer?: string) => ({
  _id: `sale-${n}`,
  total: 100 * n,
  customer_id: customer ?? null,
  created_at: `2026-11-22T08:00:0${n}.000Z`,
});

/** A server that records each sale once (by its device id) and answers duplicates as such. */
const idempotentSales = () => {
  const stored = new Map<string, unknown>();
  const answer = (req: FakeRequest) => ({
    data: {
      results: (req.body as { sales: { _id: string }[] }).sales.map((s): UploadResult => {
        const outcome = stored.has(s._id) ? 'duplicate' : 'accepted';
        stored.set(s._id, { ...s, number: `S-${stored.size}` });
        return { _id: s._id, outcome, data: stored.get(s._id) };
      }),
    },
  });
  return { stored, answer };
};

describe('uploading the outbox', () => {
  it('reports an upload with nothing waiting as a finished sync (Sync Settings: "Synced")', async () => {
    const b = freshBusiness();
    syncStatus.clear();
    fakeServer({});
    await flushUploads(b);
    expect(syncStatus.get().find((p) => p.name === 'pos_unsynced')).toMatchObject({
      done: 0,
      total: 0,
      error: null,
    });
  });

  it('answers each record on its own: accepted replaced by the server version, rejected kept aside', async () => {
    const b = freshBusiness();
    for (const n of [1, 2, 3]) await enqueue(b, 'pos', sale(n));
    fakeServer({
      [`POST ${salesPath(b)}`]: () => ({
        data: {
          results: [
            { _id: 'sale-1', outcome: 'accepted', data: { ...sale(1), number: 'S-001' } },
            {
              _id: 'sale-2',
              outcome: 'rejected',
              reason: 'Product Rice is no longer sold',
              code: 'PRODUCT_GONE',
            },
            { _id: 'sale-3', outcome: 'duplicate', data: { ...sale(3), number: 'S-002' } },
          ],
        },
      }),
    });
    await flushUploads(b);
    const db = businessDb(b);
    expect(await countPending(b)).toMatchObject({ pos: 0, total: 0 });
    expect(await db.data('pos').get('sale-1')).toMatchObject({ number: 'S-001' });
    expect(await db.data('pos').get('sale-3')).toMatchObject({ number: 'S-002' });
    expect(await db.data('pos').get('sale-2')).toBeUndefined();
    expect(await db.rejected.get('sale-2')).toMatchObject({
      module: 'pos',
      reason: 'Product Rice is no longer sold',
      code: 'PRODUCT_GONE',
      record: sale(2),
    });
  });

  it("sends a queued sale to the business's own customer when the one made here had the same phone", async () => {
    const b = freshBusiness();
    await enqueue(b, 'customers', { _id: 'cust-here', first_name: 'Funke', phone: '08020000002' });
    await enqueue(b, 'pos', sale(1, 'cust-here'));
    const net = fakeServer({
      [`POST ${CUSTOMERS}`]: () => ({
        data: {
          results: [
            {
              _id: 'cust-here',
              outcome: 'rejected',
              code: 'phone_taken',
              reason: 'A customer with the phone 08020000002 already exists: Funke.',
              data: { _id: 'cust-server', first_name: 'Funke', phone: '08020000002' },
            },
          ],
        },
      }),
      [`POST ${salesPath(b)}`]: (req) => ({
        data: {
          results: (req.body as { sales: { _id: string }[] }).sales.map((s) => ({
            _id: s._id,
            outcome: 'accepted',
          })),
        },
      }),
    });
    await flushUploads(b);
    const db = businessDb(b);
    const [salesCall] = net.of('POST', salesPath(b));
    expect((salesCall!.body as { sales: { customer_id: string }[] }).sales[0]!.customer_id).toBe(
      'cust-server',
    );
    expect(await db.rejected.count()).toBe(0);
    expect(await db.data('customers').get('cust-here')).toBeUndefined();
    expect(await db.data('customers').get('cust-server')).toMatchObject({ first_name: 'Funke' });
    expect(await countPending(b)).toMatchObject({ total: 0 });
  });

  it('keeps everything queued when the network fails, and says to try again', async () => {
    const b = freshBusiness();
    await enqueue(b, 'pos', sale(1));
    fakeServer({ [`POST ${salesPath(b)}`]: () => 'network-error' });
    const error = await flushUploads(b).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UploadStopped);
    expect((error as UploadStopped).kind).toBe('retry');
    expect(await businessDb(b).unsynced('pos').get('sale-1')).toEqual(sale(1));
  });

  it('keeps everything queued on a server error', async () => {
    const b = freshBusiness();
    await enqueue(b, 'pos', sale(1));
    fakeServer({ [`POST ${salesPath(b)}`]: () => ({ status: 503, message: 'Try later' }) });
    await expect(flushUploads(b)).rejects.toMatchObject({ kind: 'retry' });
    expect(await countPending(b)).toMatchObject({ pos: 1 });
  });

  it('sends the same ids again after a lost response, so the server records each sale once', async () => {
    const b = freshBusiness();
    for (const n of [1, 2]) await enqueue(b, 'pos', sale(n));
    const server = idempotentSales();
    let dropNext = true;
    const net = fakeServer({
      [`POST ${salesPath(b)}`]: (req) => {
        const answer = server.answer(req); // the server commits...
        if (dropNext) {
          dropNext = false;
          return 'network-error'; // ...and the response is lost on the way back
        }
        return answer;
      },
    });
    await expect(flushUploads(b)).rejects.toBeInstanceOf(UploadStopped);
    await flushUploads(b);
    const sent = net.of('POST', salesPath(b));
    expect(sent).toHaveLength(2);
    expect(ids(sent[1]!, 'sales')).toEqual(ids(sent[0]!, 'sales'));
    expect(server.stored.size).toBe(2);
    expect(await countPending(b)).toMatchObject({ total: 0 });
  });

  it('sends a long queue in batches, oldest first; a batch that fails keeps itself and the rest queued', async () => {
    const b = freshBusiness();
    const at = (n: number) => ({
      _id: `s-${n}`,
      created_at: new Date(Date.UTC(2026, 10, 22, 8, 0, n)).toISOString(),
    });
    // Queued out of order: they still reach the server in the order they were made.
    for (const n of Array.from({ length: 250 }, (_, i) => 249 - i)) await enqueue(b, 'pos', at(n));
    const server = idempotentSales();
    let calls = 0;
    const net = fakeServer({
      [`POST ${salesPath(b)}`]: (req) =>
        ++calls === 3 ? { status: 503, message: 'Try later' } : server.answer(req),
    });
    await expect(flushUploads(b)).rejects.toMatchObject({ kind: 'retry' });
    const sent = net.of('POST', salesPath(b)).map((req) => ids(req, 'sales'));
    expect(sent.map((batch) => batch.length)).toEqual([100, 100, 50]);
    expect(sent.flat()).toEqual(Array.from({ length: 250 }, (_, n) => `s-${n}`));
    expect(await countPending(b)).toMatchObject({ pos: 50 });
    // The answers of the batches before it were stored: the server's sale replaced ours.
    expect(await businessDb(b).data('pos').get('s-0')).toMatchObject({ number: 'S-0' });

    await flushUploads(b);
    expect(await countPending(b)).toMatchObject({ pos: 0 });
    expect(server.stored.size).toBe(250);
  });

  it('uploads customers made offline before the sales that name them', async () => {
    const b = freshBusiness();
    await enqueue(b, 'customers', { _id: 'cust-1', name: 'Ngozi', offline_cust_id: 'cust-1' });
    await enqueue(b, 'pos', sale(1, 'cust-1'));
    const accept = (key: string) => (req: FakeRequest) => ({
      data: { results: ids(req, key).map((_id) => ({ _id, outcome: 'accepted' })) },
    });
    const net = fakeServer({
      [`POST ${CUSTOMERS}`]: accept('customers'),
      [`POST ${salesPath(b)}`]: accept('sales'),
    });
    await flushUploads(b, { modules: ['pos'] });
    expect(net.calls.map((c) => c.path)).toEqual([CUSTOMERS, salesPath(b)]);
    expect(await countPending(b)).toMatchObject({ total: 0 });
  });

  it('does not send sales while the customers they may name could not be uploaded', async () => {
    const b = freshBusiness();
    await enqueue(b, 'customers', { _id: 'cust-1', name: 'Ngozi' });
    await enqueue(b, 'pos', sale(1, 'cust-1'));
    const net = fakeServer({ [`POST ${CUSTOMERS}`]: () => 'network-error' });
    await expect(flushUploads(b)).rejects.toBeInstanceOf(UploadStopped);
    expect(net.of('POST', salesPath(b))).toHaveLength(0);
    expect(await countPending(b)).toMatchObject({ customers: 1, pos: 1 });
  });

  it('asks one by one when the server refuses a whole batch, so one bad record does not block the rest', async () => {
    const b = freshBusiness();
    for (const n of [1, 2]) await enqueue(b, 'pos', sale(n));
    await businessDb(b).unsynced('pos').update('sale-2', { total: -5 });
    fakeServer({
      [`POST ${salesPath(b)}`]: (req) => {
        const sales = (req.body as { sales: { _id: string; total: number }[] }).sales;
        if (sales.some((s) => s.total < 0))
          return { status: 400, message: 'sales.0.total must be 0 or more' };
        return { data: { results: sales.map((s) => ({ _id: s._id, outcome: 'accepted' })) } };
      },
    });
    await flushUploads(b);
    expect(await countPending(b)).toMatchObject({ total: 0 });
    expect(await businessDb(b).rejected.get('sale-2')).toMatchObject({
      reason: 'sales.0.total must be 0 or more',
    });
    expect(await businessDb(b).data('pos').get('sale-1')).toBeTruthy();
  });

  it("waits for one record's answer, or says it is still waiting", async () => {
    const b = freshBusiness();
    await enqueue(b, 'pos', sale(1));
    fakeServer({ [`POST ${salesPath(b)}`]: () => 'network-error' });
    expect(await waitForUpload(b, 'pos', 'sale-1', 300)).toBeNull();
    const server = idempotentSales();
    fakeServer({ [`POST ${salesPath(b)}`]: server.answer });
    await enqueue(b, 'pos', sale(2));
    const answer = await waitForUpload(b, 'pos', 'sale-2', 5_000);
    expect(answer).toMatchObject({ _id: 'sale-2', outcome: 'accepted' });
    expect(await waitForUpload(b, 'pos', 'sale-2', 100)).toMatchObject({ outcome: 'accepted' });
  });

  it('does not keep the cashier waiting when the browser is offline', async () => {
    const b = freshBusiness();
    await enqueue(b, 'pos', sale(1));
    fakeServer({ [`POST ${salesPath(b)}`]: () => 'network-error' });
    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    const started = Date.now();
    expect(await waitForUpload(b, 'pos', 'sale-1', 60_000)).toBeNull();
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
