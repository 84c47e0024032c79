import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LoginData } from '@ms/contracts';
import { sessionStore } from '@/lib/session-store';
import { businessDb, type ModuleMeta, type TableName } from './db';
import { downloadModule, PAGES_AHEAD, WRITE_CHUNK } from './download';
import { STALE_SYNCING_MS } from './module-meta';
import { moduleNamed, PRODUCT_PAGE_SIZE } from './modules';
import { enqueue } from './outbox';
import { hasFinishedDownload, localIndex } from './local-index';
import { productEntry, searchLocalProducts } from './product-search';
import { syncStatus } from './sync-status';
import { fakeServer, freshBusiness } from './testing/fake-server';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  syncStatus.clear();
});

const customersModule = moduleNamed('customers')!;
const productsModule = moduleNamed('products')!;
const customersPath = (b: string) => `/v2/customers/businesses/${b}`;
const productsPath = (b: string) => `/v2/business/${b}/products/sync/list`;
const list = (items: unknown[], lastUpdate: number, recordsRemoved: string[] = [], hasMore?: boolean) => ({
  data: { items, metaData: { lastUpdate, recordsRemoved, ...(hasMore === undefined ? {} : { hasMore }) } },
});

/** A module's metadata as an earlier run left it (synced, from the start, unless `fields` say otherwise). */
const putMeta = (b: string, table: TableName, fields: Partial<ModuleMeta>) =>
  businessDb(b)
    .meta(table)
    .put({ modulename: table, businessID: b, lastUpdate: 0, syncStatus: 'synced', ...fields });

describe('downloads', () => {
  it('starts from a clean slate without metadata: all records, no updated_at, local leftovers gone', async () => {
    const b = freshBusiness();
    const db = businessDb(b);
    await db.data('customers').put({ _id: 'old', name: 'Left from before' });
    await enqueue(b, 'customers', { _id: 'mine', name: 'Made here, not uploaded' });
    const net = fakeServer({
      [`GET ${customersPath(b)}`]: () =>
        list(
          [
            { _id: 'c1', name: 'Ada' },
            { _id: 'c2', name: 'Bola' },
          ],
          1000,
        ),
    });
    expect(await downloadModule(b, customersModule)).toBe('done');
    expect(net.calls[0]!.query.has('updated_at')).toBe(false);
    expect((await db.data('customers').toArray()).map((c) => c._id).sort()).toEqual(['c1', 'c2', 'mine']);
    expect(await db.meta('customers').get('customers')).toMatchObject({
      modulename: 'customers',
      businessID: b,
      lastUpdate: 1000,
      syncStatus: 'synced',
      totalRecords: 3,
    });
    expect(syncStatus.get()).toContainEqual({
      name: 'customers',
      done: 2,
      total: 2,
      type: 'fetch',
      error: null,
    });
  });

  it('asks only for changes since lastUpdate, merges them and removes recordsRemoved', async () => {
    const b = freshBusiness();
    const db = businessDb(b);
    const responses = [
      list(
        [
          { _id: 'c1', name: 'Ada' },
          { _id: 'c2', name: 'Bola' },
          { _id: 'c3', name: 'Chidi' },
        ],
        1000,
      ),
      list(
        [
          { _id: 'c2', name: 'Bola Adeyemi' },
          { _id: 'c4', name: 'Dayo' },
        ],
        2000,
        ['c3'],
      ),
    ];
    const net = fakeServer({ [`GET ${customersPath(b)}`]: () => responses.shift()! });
    await downloadModule(b, customersModule);
    await downloadModule(b, customersModule);
    expect(net.calls[1]!.query.get('updated_at')).toBe('1000');
    const rows = await db.data('customers').toArray();
    expect(rows.map((c) => [c._id, c.name])).toEqual([
      ['c1', 'Ada'],
      ['c2', 'Bola Adeyemi'],
      ['c4', 'Dayo'],
    ]);
    expect(await db.meta('customers').get('customers')).toMatchObject({
      lastUpdate: 2000,
      recordsRemoved: ['c3'],
    });
  });

  it('pages products with hasMore, asking again from each lastUpdate', async () => {
    const b = freshBusiness();
    const many = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ _id: `p${from + i}` }));
    const pages = [list(many(0, WRITE_CHUNK + 500), 10, [], true), list(many(1500, 10), 20, [], false)];
    const net = fakeServer({ [`GET ${productsPath(b)}`]: () => pages.shift()! });
    await downloadModule(b, productsModule);
    const asked = net.of('GET', productsPath(b));
    expect(asked.map((c) => [c.query.get('updated_at'), c.query.get('limit')])).toEqual([
      [null, String(PRODUCT_PAGE_SIZE)],
      ['10', String(PRODUCT_PAGE_SIZE)],
    ]);
    expect(await businessDb(b).data('products').count()).toBe(1510);
  });

  it('asks for the next pages while IndexedDB still writes the first, up to PAGES_AHEAD', async () => {
    const b = freshBusiness();
    const db = businessDb(b);
    await db.open();
    // A write transaction kept open on the products table holds the first page's write back.
    let holding = true;
    const held = new Promise<void>((done) => {
      const store = db.backendDB().transaction('products', 'readwrite').objectStore('products');
      const spin = () => {
        if (!holding) return done();
        store.get('none').onsuccess = spin;
      };
      spin();
    });
    const pages = [10, 20, 30, 40, 50].map((at, i) => list([{ _id: `p${i}` }], at, [], at < 50));
    const net = fakeServer({ [`GET ${productsPath(b)}`]: () => pages.shift()! });
    const download = downloadModule(b, productsModule);
    const asked = () => net.of('GET', productsPath(b)).map((c) => c.query.get('updated_at'));
    // Page 1 waits to be written; pages 2 and 3 are asked for meanwhile, and no more.
    await vi.waitFor(() => expect(asked()).toEqual([null, '10', '20']));
    await new Promise((r) => setTimeout(r, 50));
    expect(asked()).toHaveLength(1 + PAGES_AHEAD);
    holding = false;
    await held;
    expect(await download).toBe('done');
    expect(asked()).toEqual([null, '10', '20', '30', '40']);
    expect((await db.data('products').toArray()).map((p) => p._id).sort()).toEqual([
      'p0',
      'p1',
      'p2',
      'p3',
      'p4',
    ]);
    expect(await db.meta('products').get('products')).toMatchObject({ lastUpdate: 50, syncStatus: 'synced' });
  });

  it('writes the pages fetched before a failed request, and resumes after the last one written', async () => {
    const b = freshBusiness();
    const answers: (ReturnType<typeof list> | 'network-error')[] = [
      list([{ _id: 'p0' }], 10, [], true),
      list([{ _id: 'p1' }], 20, [], true),
      'network-error',
    ];
    fakeServer({ [`GET ${productsPath(b)}`]: () => answers.shift()! });
    await expect(downloadModule(b, productsModule)).rejects.toThrow(/offline/);
    const db = businessDb(b);
    expect((await db.data('products').toArray()).map((p) => p._id).sort()).toEqual(['p0', 'p1']);
    expect(await db.meta('products').get('products')).toMatchObject({ lastUpdate: 20, syncStatus: 'failed' });
    // Half a catalogue is not a download: the till does not say "Ready offline" on it.
    expect(await hasFinishedDownload(b, 'products')).toBe(false);
    answers.push(list([{ _id: 'p2' }], 30, [], false));
    expect(await downloadModule(b, productsModule)).toBe('done');
    expect(await hasFinishedDownload(b, 'products')).toBe(true);
    expect((await db.meta('products').get('products'))?.totalRecords).toBe(3);
  });

  it('skips a module another run has marked as syncing', async () => {
    const b = freshBusiness();
    await putMeta(b, 'customers', { lastUpdate: 1000, syncStatus: 'syncing', markedAt: Date.now() - 60_000 });
    const net = fakeServer({ [`GET ${customersPath(b)}`]: () => list([], 2000) });
    expect(await downloadModule(b, customersModule)).toBe('skipped');
    expect(net.calls).toHaveLength(0);
  });

  it('ignores a syncing mark older than 10 minutes (a tab that crashed mid-sync)', async () => {
    const b = freshBusiness();
    const db = businessDb(b);
    await putMeta(b, 'customers', {
      lastUpdate: 1000,
      syncStatus: 'syncing',
      markedAt: Date.now() - STALE_SYNCING_MS - 1,
    });
    const net = fakeServer({ [`GET ${customersPath(b)}`]: () => list([{ _id: 'c9' }], 2000) });
    expect(await downloadModule(b, customersModule)).toBe('done');
    expect(net.calls[0]!.query.get('updated_at')).toBe('1000');
    expect(await db.meta('customers').get('customers')).toMatchObject({
      syncStatus: 'synced',
      lastUpdate: 2000,
    });
  });

  it('marks a failed download failed, shows the error and keeps lastUpdate', async () => {
    const b = freshBusiness();
    const responses: (ReturnType<typeof list> | 'network-error')[] = [
      list([{ _id: 'c1' }], 1000),
      'network-error',
    ];
    fakeServer({ [`GET ${customersPath(b)}`]: () => responses.shift()! });
    await downloadModule(b, customersModule);
    await expect(downloadModule(b, customersModule)).rejects.toThrow(/offline/);
    expect(await businessDb(b).meta('customers').get('customers')).toMatchObject({
      syncStatus: 'failed',
      lastUpdate: 1000,
      totalRecords: 1,
    });
    // What the first download brought is still on the device.
    expect(await hasFinishedDownload(b, 'customers')).toBe(true);
    expect(syncStatus.get().find((m) => m.name === 'customers')?.error).toMatch(/offline/);
  });

  it('treats a list the server does not offer yet (404) as nothing to download', async () => {
    const b = freshBusiness();
    fakeServer({});
    expect(await downloadModule(b, moduleNamed('custom_payments')!)).toBe('unavailable');
    expect(syncStatus.get().find((m) => m.name === 'custom_payments')).toMatchObject({ error: null });
  });

  it('does not report an error for a list this role may not see', async () => {
    const b = freshBusiness();
    fakeServer({
      [`GET /v2/business/${b}/tickets`]: () => ({ status: 403, message: 'You do not have permission' }),
    });
    expect(await downloadModule(b, moduleNamed('tickets')!)).toBe('unavailable');
    expect(syncStatus.get().find((m) => m.name === 'tickets')).toMatchObject({ error: null });
  });

  it('keys checkout options by their method and reads payments from list_of_payments', async () => {
    const b = freshBusiness();
    fakeServer({
      'GET /v2/checkout/options': () => list([{ method: 'cash', label: 'Cash' }], 5),
      [`GET /v1/payments/single/businesses/${b}`]: () => ({
        data: {
          item: { total_value_payments: 500, list_of_payments: [{ _id: 'pay1', amount: 500 }] },
          metaData: { lastUpdate: 7, recordsRemoved: [] },
        },
      }),
    });
    await downloadModule(b, moduleNamed('custom_payments')!);
    await downloadModule(b, moduleNamed('payments')!);
    expect(await businessDb(b).data('custom_payments').get('cash')).toMatchObject({ label: 'Cash' });
    expect(await businessDb(b).data('payments').get('pay1')).toMatchObject({ amount: 500 });
  });
});

describe('products downloaded while sales wait to upload', () => {
  const coke = (stock: number) => ({
    _id: 'p1',
    name: 'Coke',
    product_type: 'simple',
    track_stock: true,
    stock,
    store_stock: [{ store_id: 's1', stock }],
    varieties: [],
  });
  const queuedSale = { _id: 'sale-1', store_id: 's1', items: [{ _id: 'p1', quantity: 2 }], created_at: 'x' };

  it('keeps the stock a waiting sale took (a first download), and waits to refresh until the queue is empty', async () => {
    const b = freshBusiness();
    const db = businessDb(b);
    await enqueue(b, 'pos', queuedSale);
    let serverStock = 10;
    const net = fakeServer({ [`GET ${productsPath(b)}`]: () => list([coke(serverStock)], 1000, [], false) });
    // First download: the server does not know the sale yet; the till shows 10 - 2.
    expect(await downloadModule(b, productsModule)).toBe('done');
    expect(await db.data('products').get('p1')).toMatchObject({ stock: 8, store_stock: [{ stock: 8 }] });
    // Incremental downloads wait while the sale is queued …
    expect(await downloadModule(b, productsModule)).toBe('skipped');
    expect(net.of('GET', productsPath(b))).toHaveLength(1);
    // … and once it has landed (the server counts it), the server's figure is the truth.
    await db.unsynced('pos').clear();
    serverStock = 8;
    expect(await downloadModule(b, productsModule)).toBe('done');
    expect(await db.data('products').get('p1')).toMatchObject({ stock: 8 });
  });
});

describe('screens reading a table', () => {
  it('look again after a download that changed it, not after one that brought nothing', async () => {
    const { queryClient } = await import('@/lib/query-client');
    const b = freshBusiness();
    let answer = list([{ _id: 'p1', name: 'Garri 2kg', updated_at: 1 }], 1000);
    fakeServer({ [`GET ${productsPath(b)}`]: () => answer });
    const key = ['products', b, 'pos-grid'];
    queryClient.setQueryData(key, { items: [] });
    expect(await downloadModule(b, productsModule)).toBe('done');
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);

    queryClient.setQueryData(key, { items: [{ _id: 'p1' }] });
    answer = list([], 1000);
    expect(await downloadModule(b, productsModule)).toBe('unchanged');
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(false);
  });

  it('look again once the open search index holds what the download brought (the till grid searches it)', async () => {
    const { queryClient } = await import('@/lib/query-client');
    const b = freshBusiness();
    const product = (_id: string, name: string) => ({ _id, name, updated_at: new Date().toISOString() });
    let answer = list([product('p1', 'Garri 2kg')], 1000);
    fakeServer({ [`GET ${productsPath(b)}`]: () => answer });
    await downloadModule(b, productsModule);
    expect((await searchLocalProducts(b, { search: 'garri' })).total).toBe(1);

    // The index takes its time to follow a big page (here: held 30 ms).
    const index = localIndex(b, 'products', productEntry);
    const settle = index.settle.bind(index);
    let settled = false;
    vi.spyOn(index, 'settle').mockImplementation(async () => {
      await new Promise((r) => setTimeout(r, 30));
      await settle();
      settled = true;
    });
    // Whether the index had settled, and what the grid finds, the moment it is told to look again.
    const seen: Promise<[boolean, number]>[] = [];
    const unsubscribe = queryClient.getQueryCache().subscribe((e) => {
      if (e.type === 'updated' && e.action.type === 'invalidate' && e.query.queryKey[1] === b) {
        const now = settled;
        seen.push(searchLocalProducts(b, { search: 'semovita' }).then((r) => [now, r.total]));
      }
    });
    queryClient.setQueryData(['products', b, 'pos-grid'], { items: [] });
    answer = list([product('p2', 'Semovita 1kg')], 2000);
    expect(await downloadModule(b, productsModule)).toBe('done');
    unsubscribe();
    expect(await Promise.all(seen)).toEqual([[true, 1]]);
  });

  it('do not look again after a whole list came back the same (each run replaces it), and do after it changed', async () => {
    const { queryClient } = await import('@/lib/query-client');
    const b = freshBusiness();
    const agentsModule = moduleNamed('sales_agents')!;
    expect(agentsModule.download?.full).toBe(true);
    let agents: Record<string, unknown>[] = [
      { _id: 'ag1', code: 'AG1', name: 'Ada', active: true, store_id: 's1' },
      { _id: 'ag2', code: 'AG2', name: 'Bola', active: true, store_id: 's1' },
    ];
    fakeServer({ [`GET /v1/businesses/${b}/sales-agents`]: () => ({ data: agents }) });
    const key = ['sales-agents', b, 'agents'];
    const looksAgain = () => queryClient.getQueryState(key)?.isInvalidated;
    queryClient.setQueryData(key, []);
    expect(await downloadModule(b, agentsModule)).toBe('done');
    expect(looksAgain()).toBe(true);

    // The same list, even with its fields in another order: nothing changed, nothing to look at.
    queryClient.setQueryData(key, agents);
    agents = agents.map((a) => Object.fromEntries(Object.entries(a).reverse()));
    expect(await downloadModule(b, agentsModule)).toBe('unchanged');
    expect(looksAgain()).toBe(false);

    // One agent renamed, one gone.
    agents = [{ _id: 'ag1', code: 'AG1', name: 'Ada Obi', active: true, store_id: 's1' }];
    expect(await downloadModule(b, agentsModule)).toBe('done');
    expect(looksAgain()).toBe(true);
    expect((await businessDb(b).data('sales_agents').toArray()).map((a) => a.name)).toEqual(['Ada Obi']);

    // The last one gone too.
    queryClient.setQueryData(key, agents);
    agents = [];
    expect(await downloadModule(b, agentsModule)).toBe('done');
    expect(looksAgain()).toBe(true);
    expect(await businessDb(b).data('sales_agents').count()).toBe(0);
  });

  it('count a whole list kept beside records waiting to upload as unchanged when it is the same', async () => {
    const b = freshBusiness();
    const ticketsModule = moduleNamed('tickets')!;
    const parked = [{ _id: 't1', store_id: 's1', name: 'Table 4', cart: [] }];
    fakeServer({ [`GET /v2/business/${b}/tickets`]: () => ({ data: { tickets: parked } }) });
    await enqueue(b, 'tickets', { _id: 't2', store_id: 's1', name: 'Parked here', cart: [] });
    expect(await downloadModule(b, ticketsModule)).toBe('done');
    expect(await downloadModule(b, ticketsModule)).toBe('unchanged');
    expect((await businessDb(b).data('tickets').toArray()).map((t) => t._id)).toEqual(['t1', 't2']);
  });
});

describe('lists kept for the till and the money screens', () => {
  it('keeps the bank accounts, sales agents and toggles as the server lists them (whole lists)', async () => {
    const b = freshBusiness();
    fakeServer({
      [`GET /v1/payments/accounts/businesses/${b}`]: () => ({
        data: [{ _id: 'ba1', account_name: 'IYA BISI', account_number: '0123456785', store_id: null }],
      }),
      [`GET /v1/businesses/${b}/sales-agents`]: () => ({
        data: [{ _id: 'ag1', code: 'AG1234', active: true }],
      }),
      [`GET /v1/toggle-features`]: () => ({
        data: [{ _id: 'SALES_AGENT_CODE:s1', key: 'SALES_AGENT_CODE', store_id: 's1', enabled: true }],
      }),
    });
    for (const name of ['bank_accounts', 'sales_agents', 'feature_toggles'])
      expect(await downloadModule(b, moduleNamed(name)!)).toBe('done');
    const db = businessDb(b);
    expect(await db.data('bank_accounts').get('ba1')).toMatchObject({ account_name: 'IYA BISI' });
    expect(await db.data('sales_agents').get('ag1')).toMatchObject({ code: 'AG1234' });
    expect(await db.data('feature_toggles').get('SALES_AGENT_CODE:s1')).toMatchObject({ enabled: true });
  });
});

describe("downloads of the person's stores (sales history, payments, invoices)", () => {
  const salesModule = moduleNamed('sales_history')!;
  const salesPath = (b: string) => `/v1/sales/businesses/${b}/all`;
  const sales = (items: unknown[], lastUpdate: number) => ({
    data: { sales: items, metaData: { lastUpdate, recordsRemoved: [], hasMore: false } },
  });
  const signIn = (businessId: string, role: string) =>
    sessionStore.loginWith({
      token: 'token-stores',
      user: { _id: 'u-stores', role, permissions: ['sales_history.view'] },
      business: { _id: businessId },
    } as unknown as LoginData);
  /** The device's stores table as the stores download leaves it (a non-admin: exactly their stores). */
  const storesOnDevice = async (b: string, ids: string[]) => {
    const db = businessDb(b);
    await db.data('stores').clear();
    await db.data('stores').bulkPut(ids.map((id) => ({ _id: id, name: id })));
    await putMeta(b, 'stores', { lastUpdate: 50 });
  };
  afterEach(() => sessionStore.clearAll());

  it('start again from a clean slate when a store is given to the cashier: its older sales come too', async () => {
    const b = freshBusiness();
    signIn(b, 'Cashier');
    await storesOnDevice(b, ['s1']);
    const answers = [
      sales([{ _id: 'sale-1', store_id: 's1' }], 1000),
      sales([], 1000),
      // After s2 is given: everything of s1 and s2, s2's sale made long before the device's cursor.
      sales(
        [
          { _id: 'sale-1', store_id: 's1' },
          { _id: 'sale-old-s2', store_id: 's2' },
        ],
        1200,
      ),
      sales([], 1200),
    ];
    const net = fakeServer({ [`GET ${salesPath(b)}`]: () => answers.shift()! });
    await downloadModule(b, salesModule);
    await downloadModule(b, salesModule);
    expect(net.calls.map((c) => c.query.get('updated_at'))).toEqual([null, '1000']);

    await storesOnDevice(b, ['s1', 's2']);
    await downloadModule(b, salesModule);
    await downloadModule(b, salesModule);
    // Asked from the start once, then from the new cursor again.
    expect(net.calls.map((c) => c.query.get('updated_at'))).toEqual([null, '1000', null, '1200']);
    const db = businessDb(b);
    expect((await db.data('sales_history').toArray()).map((s) => s._id).sort()).toEqual([
      'sale-1',
      'sale-old-s2',
    ]);
    expect(await db.meta('sales_history').get('sales_history')).toMatchObject({
      storeScope: 's1,s2',
      lastUpdate: 1200,
    });
  });

  it('drop the sales of a store taken away from the cashier', async () => {
    const b = freshBusiness();
    signIn(b, 'Cashier');
    await storesOnDevice(b, ['s1', 's2']);
    const answers = [
      sales(
        [
          { _id: 'sale-1', store_id: 's1' },
          { _id: 'sale-2', store_id: 's2' },
        ],
        1000,
      ),
      sales([{ _id: 'sale-1', store_id: 's1' }], 1100),
    ];
    fakeServer({ [`GET ${salesPath(b)}`]: () => answers.shift()! });
    await downloadModule(b, salesModule);
    await storesOnDevice(b, ['s1']);
    await downloadModule(b, salesModule);
    expect((await businessDb(b).data('sales_history').toArray()).map((s) => s._id)).toEqual(['sale-1']);
  });

  it('keep downloading only changes for an admin, who sees every store, whatever the stores table holds', async () => {
    const b = freshBusiness();
    signIn(b, 'Admin');
    await storesOnDevice(b, ['s1']);
    // Synced before the scope was kept.
    await putMeta(b, 'sales_history', { lastUpdate: 900 });
    const net = fakeServer({ [`GET ${salesPath(b)}`]: () => sales([], 1000) });
    await downloadModule(b, salesModule);
    await storesOnDevice(b, ['s1', 's2']);
    await downloadModule(b, salesModule);
    expect(net.calls.map((c) => c.query.get('updated_at'))).toEqual(['900', '1000']);
  });
});
