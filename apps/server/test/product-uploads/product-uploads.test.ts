import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCashier, createTestApp, signUp, type TestApp } from '../helper.js';
import { seedProduct, seedStore, stockOf } from '../catalogue/fixtures.js';
import { csv, uploadFile, waitForBatch, xlsx } from './upload-helper.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let other: Awaited<ReturnType<typeof signUp>>;
let cashier: { token: string };

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t);
  other = await signUp(t);
  cashier = await addCashier(t, owner);
});
afterAll(async () => t.close());

const HEADER = [
  'name',
  'sku',
  'barcode',
  'category',
  'cost_price',
  'selling_price',
  'stock',
  'low_stock_threshold',
  'track_stock',
];

const productByName = (businessId: string, name: string) =>
  t.db
    .selectFrom('products')
    .selectAll()
    .where('business_id', '=', businessId)
    .where('name', '=', name)
    .where('deleted_at', 'is', null)
    .execute();

const failedRowsOf = async (batchNumber: number, caller = owner) => {
  const res = await t.request({
    method: 'GET',
    url: `/v1/businesses/${caller.businessId}/${batchNumber}/upload-batch/products?limit=500`,
    token: caller.token,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as {
    batch: { batch_number: number; failed_rows: number };
    items: { row_number: number; data: Record<string, string>; error: string; status: string }[];
    total: number;
  };
};

describe('GET /v1/businesses/{b}/uploadproducts/template', () => {
  it('downloads a CSV whose header lists every column, required ones included', async () => {
    const res = await t.request({
      method: 'GET',
      url: `/v1/businesses/${owner.businessId}/uploadproducts/template`,
      token: owner.token,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('products-template.csv');
    const [header, example] = res.body.trim().split(/\r?\n/);
    expect(header).toBe(
      'name,sku,barcode,description,category,cost_price,selling_price,stock,low_stock_threshold,track_stock',
    );
    expect(example).toContain('Rice 50kg');
  });

  it('needs a token and the caller’s own business', async () => {
    const url = `/v1/businesses/${owner.businessId}/uploadproducts/template`;
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url, token: other.token })).statusCode).toBe(404);
  });
});

describe('POST /v1/businesses/{b}/uploadproducts', () => {
  it('answers 202 with a queued batch, then creates the products with category and opening stock', async () => {
    const store = owner.storeId;
    const file = csv([
      HEADER,
      ['Rice 50kg', 'RICE-50', '6151100030153', 'Grains', '42000', '45500', '20', '5', 'yes'],
      ['Peak Milk Tin', 'PEAK-400', '', 'beverages', '1,650.50', '₦1,900', '120', '', ''],
      ['Gift wrapping', '', '', '', '', '500', '', '', 'no'],
    ]);
    const res = await uploadFile(t, owner, { data: file }, { storeId: store });
    expect(res.statusCode).toBe(202);
    const batch = res.json().data;
    expect(batch).toMatchObject({ status: 'queued', total_rows: 3, processed_rows: 0, store_id: store });
    expect(res.json().message).toContain(`Batch ${batch.batch_number}`);

    const done = await waitForBatch(t, owner, batch.batch_number);
    expect(done).toMatchObject({
      status: 'completed',
      processed_rows: 3,
      succeeded_rows: 3,
      failed_rows: 0,
      progress: 100,
    });

    const [rice] = await productByName(owner.businessId, 'Rice 50kg');
    expect(rice).toMatchObject({
      sku: 'RICE-50',
      barcode: '6151100030153',
      cost_price: 4_200_000,
      selling_price: 4_550_000,
      low_stock_threshold: 5,
      track_stock: true,
    });
    expect(await stockOf(t, owner.businessId, store, rice!.id)).toBe(20);
    const [milk] = await productByName(owner.businessId, 'Peak Milk Tin');
    expect(milk).toMatchObject({ cost_price: 165_050, selling_price: 190_000 });
    expect(await stockOf(t, owner.businessId, store, milk!.id)).toBe(120);
    const [wrap] = await productByName(owner.businessId, 'Gift wrapping');
    expect(wrap).toMatchObject({ track_stock: false, category_id: null });

    const categories = await t.db
      .selectFrom('categories')
      .select(['id', 'name'])
      .where('business_id', '=', owner.businessId)
      .execute();
    expect(categories.map((c) => c.name).sort()).toEqual(['Grains', 'beverages']);
    expect(rice!.category_id).toBe(categories.find((c) => c.name === 'Grains')!.id);
  });

  it('uses an existing category whatever its case, and does not create it twice', async () => {
    const file = csv([
      ['Name', 'Selling Price', 'Category'],
      ['Beans 1kg', '1200', 'GRAINS'],
      ['Garri 1kg', '900', 'grains'],
    ]);
    const res = await uploadFile(t, owner, { data: file });
    expect(res.statusCode).toBe(202);
    expect((await waitForBatch(t, owner, res.json().data.batch_number)).succeeded_rows).toBe(2);
    const grains = await t.db
      .selectFrom('categories')
      .select('id')
      .where('business_id', '=', owner.businessId)
      .where((eb) => eb(eb.fn('lower', ['name']), '=', 'grains'))
      .execute();
    expect(grains).toHaveLength(1);
    const [beans] = await productByName(owner.businessId, 'Beans 1kg');
    expect(beans!.category_id).toBe(grains[0]!.id);
  });

  it('reads an Excel workbook (.xlsx)', async () => {
    const book = xlsx([
      ['Name', 'SKU', 'Selling_Price', 'Stock'],
      ['Sardine Tin', 'SARD-1', 650, 12],
      ['Indomie Carton', 'INDO-40', 7800.5, 3],
    ]);
    const res = await uploadFile(
      t,
      owner,
      {
        data: book,
        filename: 'stock.xlsx',
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      },
      { storeId: owner.storeId },
    );
    expect(res.statusCode).toBe(202);
    expect(res.json().data.total_rows).toBe(2);
    const done = await waitForBatch(t, owner, res.json().data.batch_number);
    expect(done.succeeded_rows).toBe(2);
    const [indomie] = await productByName(owner.businessId, 'Indomie Carton');
    expect(indomie).toMatchObject({ sku: 'INDO-40', selling_price: 780_050 });
    expect(await stockOf(t, owner.businessId, owner.storeId, indomie!.id)).toBe(3);
  });

  it('puts opening stock in the chosen store only', async () => {
    const second = await seedStore(t, owner.businessId, 'Lekki');
    const res = await uploadFile(
      t,
      owner,
      {
        data: csv([
          ['name', 'selling_price', 'stock'],
          ['Soap bar', '300', '7'],
        ]),
      },
      { storeId: second },
    );
    expect(res.statusCode).toBe(202);
    await waitForBatch(t, owner, res.json().data.batch_number);
    const [soap] = await productByName(owner.businessId, 'Soap bar');
    expect(await stockOf(t, owner.businessId, second, soap!.id)).toBe(7);
    expect(await stockOf(t, owner.businessId, owner.storeId, soap!.id)).toBe(0);
  });

  it('400: no file, wrong type, empty file, missing required column, old .xls, opening stock without a store', async () => {
    const countBatches = async () =>
      (
        await t.db
          .selectFrom('upload_batches')
          .select('id')
          .where('business_id', '=', owner.businessId)
          .execute()
      ).length;
    const before = await countBatches();
    const noFile = await uploadFile(t, owner, null, { storeId: owner.storeId });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toContain('file');

    const json = await t.request({
      method: 'POST',
      url: `/v1/businesses/${owner.businessId}/uploadproducts`,
      token: owner.token,
      body: { name: 'x' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toContain('file');

    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const wrong = await uploadFile(t, owner, { data: png, filename: 'photo.png', type: 'image/png' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Invalid Type: upload a CSV file (.csv) or an Excel workbook (.xlsx).');

    const pdfName = await uploadFile(t, owner, {
      data: 'name,selling_price\nA,1\n',
      filename: 'list.pdf',
      type: 'application/pdf',
    });
    expect(pdfName.statusCode).toBe(400);
    expect(pdfName.json().message).toContain('Invalid Type');

    const empty = await uploadFile(t, owner, { data: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('The file is empty');

    const headerOnly = await uploadFile(t, owner, { data: 'name,selling_price\n\n' });
    expect(headerOnly.statusCode).toBe(400);
    expect(headerOnly.json().message).toContain('The file has no products');

    const noPrice = await uploadFile(t, owner, {
      data: csv([
        ['name', 'price_naira'],
        ['Rice', '100'],
      ]),
    });
    expect(noPrice.statusCode).toBe(400);
    expect(noPrice.json().message).toMatch(/^The file has no selling_price column\./);

    const noColumns = await uploadFile(t, owner, {
      data: csv([
        ['product code', 'amount'],
        ['A1', '100'],
      ]),
    });
    expect(noColumns.statusCode).toBe(400);
    expect(noColumns.json().message).toMatch(/^The file has no name and selling_price columns\./);

    const xls = await uploadFile(t, owner, {
      data: Buffer.from('d0cf11e0a1b11ae1000000000000', 'hex'),
      filename: 'old.xls',
      type: 'application/vnd.ms-excel',
    });
    expect(xls.statusCode).toBe(400);
    expect(xls.json().message).toContain('.xls');

    const stockNoStore = await uploadFile(t, owner, {
      data: csv([
        ['name', 'selling_price', 'stock'],
        ['Rice', '100', ''],
        ['Oil', '100', '4'],
      ]),
    });
    expect(stockNoStore.statusCode).toBe(400);
    expect(stockNoStore.json().message).toBe(
      'The file has opening stock (row 3): choose the store it goes into (store_id).',
    );

    const badStore = await uploadFile(
      t,
      owner,
      {
        data: csv([
          ['name', 'selling_price'],
          ['Rice', '1'],
        ]),
      },
      { storeId: 'lagos' },
    );
    expect(badStore.statusCode).toBe(400);
    expect(badStore.json().message).toContain('store_id');

    // None of the refused files left a batch behind.
    expect(await countBatches()).toBe(before);
  });

  it('413 for a file over 10 MB', async () => {
    const line = `${'x'.repeat(100)},100\n`;
    const big = `name,selling_price\n${line.repeat(Math.ceil((10.5 * 1024 * 1024) / line.length))}`;
    const res = await uploadFile(t, owner, { data: big });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The file is too large: upload at most 10 MB at a time (file).');
  });

  it('401 without a token, 403 for a cashier, 404 for another business or its store', async () => {
    const file = {
      data: csv([
        ['name', 'selling_price'],
        ['Rice', '100'],
      ]),
    };
    const anon = await uploadFile(t, { businessId: owner.businessId, token: '' }, file);
    expect(anon.statusCode).toBe(401);
    const denied = await uploadFile(t, { businessId: owner.businessId, token: cashier.token }, file);
    expect(denied.statusCode).toBe(403);
    const foreign = await uploadFile(t, other, file, { businessId: owner.businessId });
    expect(foreign.statusCode).toBe(404);
    const foreignStore = await uploadFile(t, other, file, { storeId: owner.storeId });
    expect(foreignStore.statusCode).toBe(404);
  });
});

describe('failed rows and reprocess', () => {
  let batchNumber: number;

  beforeAll(async () => {
    const rice = await seedProduct(t, owner.businessId, { name: 'Rice 25kg (seeded)' });
    await t.db.updateTable('products').set({ sku: 'A12' }).where('id', '=', rice.productId).execute();
    const file = csv([
      ['name', 'sku', 'selling_price', 'cost_price', 'stock', 'track_stock'],
      ['Good one', 'G-1', '100', '', '1', ''], // row 2
      ['', 'NONAME', '100', '', '', ''], // row 3: no name
      ['Bad price', '', 'abc', '', '', ''], // row 4
      ['Clash', 'a12', '100', '', '', ''], // row 5: SKU of the seeded product (any case)
      ['Dup in file', 'G-1', '100', '', '', ''], // row 6: SKU of row 2
      ['Half stock', '', '100', '', '2.5', ''], // row 7
      ['Maybe', '', '100', '', '', 'maybe'], // row 8
      ['Too cheap', '', '-5', '', '', ''], // row 9
      ['Too precise', '', '10.555', '', '', ''], // row 10
      ['No price', '', '', '1', '', ''], // row 11
    ]);
    const res = await uploadFile(t, owner, { data: file }, { storeId: owner.storeId });
    expect(res.statusCode).toBe(202);
    batchNumber = res.json().data.batch_number;
    const done = await waitForBatch(t, owner, batchNumber);
    expect(done).toMatchObject({ status: 'completed', total_rows: 10, succeeded_rows: 1, failed_rows: 9 });
  });

  it('lists each failed row with its row number, cells and a reason naming the column', async () => {
    const data = await failedRowsOf(batchNumber);
    expect(data.total).toBe(9);
    const reasons = Object.fromEntries(data.items.map((r) => [r.row_number, r.error]));
    expect(reasons).toEqual({
      3: 'name is required',
      4: 'selling_price must be a number in naira, not “abc”',
      5: 'SKU a12 is already used by Rice 25kg (seeded)',
      6: 'SKU G-1 is already used by Good one',
      7: 'stock must be a whole number, not “2.5”',
      8: 'track_stock must be yes or no, not “maybe”',
      9: 'selling_price cannot be negative',
      10: 'selling_price must have at most 2 decimals',
      11: 'selling_price is required',
    });
    expect(data.items.find((r) => r.row_number === 4)!.data).toEqual({
      name: 'Bad price',
      selling_price: 'abc',
    });
    expect(data.items.every((r) => r.status === 'failed')).toBe(true);
  });

  it('reprocess saves corrected rows and retries every failed row', async () => {
    const res = await t.request({
      method: 'POST',
      url: `/v1/businesses/${owner.businessId}/reprocess/product`,
      token: owner.token,
      body: {
        batch_number: batchNumber,
        rows: [
          { row_number: 4, data: { name: 'Bad price', selling_price: '150' } },
          { row_number: 5, data: { name: 'Clash', sku: 'A13', selling_price: 100 } },
          { row_number: 7, data: { Name: 'Half stock', 'Selling Price': '100', stock: '2' } },
        ],
      },
    });
    expect(res.statusCode).toBe(202);
    expect(res.json().data.requeued).toBe(9);
    expect(res.json().data.batch.status).toBe('queued');

    const done = await waitForBatch(t, owner, batchNumber);
    expect(done).toMatchObject({
      status: 'completed',
      total_rows: 10,
      succeeded_rows: 4,
      failed_rows: 6,
      processed_rows: 10,
    });
    const left = await failedRowsOf(batchNumber);
    expect(left.items.map((r) => r.row_number)).toEqual([3, 6, 8, 9, 10, 11]);
    const [clash] = await productByName(owner.businessId, 'Clash');
    expect(clash!.sku).toBe('A13');
    const [half] = await productByName(owner.businessId, 'Half stock');
    expect(await stockOf(t, owner.businessId, owner.storeId, half!.id)).toBe(2);
    // The row that succeeded the first time was not created twice.
    expect(await productByName(owner.businessId, 'Good one')).toHaveLength(1);
  });

  it('refuses a row that is not a failed row, and a batch with nothing to reprocess', async () => {
    const notFailed = await t.request({
      method: 'POST',
      url: `/v1/businesses/${owner.businessId}/reprocess/product`,
      token: owner.token,
      body: {
        batch_number: batchNumber,
        rows: [{ row_number: 2, data: { name: 'Good one', selling_price: '1' } }],
      },
    });
    expect(notFailed.statusCode).toBe(400);
    expect(notFailed.json().message).toBe(`rows: row 2 is not a failed row of batch ${batchNumber}.`);

    const ok = await uploadFile(t, owner, {
      data: csv([
        ['name', 'selling_price'],
        ['Clean row', '10'],
      ]),
    });
    const clean = await waitForBatch(t, owner, ok.json().data.batch_number);
    const nothing = await t.request({
      method: 'POST',
      url: `/v1/businesses/${owner.businessId}/reprocess/product`,
      token: owner.token,
      body: { batch_number: clean.batch_number },
    });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().message).toBe(`Batch ${clean.batch_number} has no failed rows to reprocess.`);
  });

  it('400 for a bad body, 401, 403 and 404 across businesses', async () => {
    const url = `/v1/businesses/${owner.businessId}/reprocess/product`;
    const bad = await t.request({ method: 'POST', url, token: owner.token, body: { batch_number: 'first' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('batch_number');
    const badRow = await t.request({
      method: 'POST',
      url,
      token: owner.token,
      body: { batch_number: batchNumber, rows: [{ row_number: 1, data: {} }] },
    });
    expect(badRow.statusCode).toBe(400);
    expect(badRow.json().message).toContain('row_number');

    expect((await t.request({ method: 'POST', url, body: { batch_number: batchNumber } })).statusCode).toBe(
      401,
    );
    expect(
      (await t.request({ method: 'POST', url, token: cashier.token, body: { batch_number: batchNumber } }))
        .statusCode,
    ).toBe(403);
    // Another business: its own path with our batch number, or our path.
    const theirs = await t.request({
      method: 'POST',
      url: `/v1/businesses/${other.businessId}/reprocess/product`,
      token: other.token,
      body: { batch_number: batchNumber },
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe(`Batch ${batchNumber} not found`);
    expect(
      (await t.request({ method: 'POST', url, token: other.token, body: { batch_number: batchNumber } }))
        .statusCode,
    ).toBe(404);
  });

  it('GET failed rows: 400 for a malformed batch number, 401, 403, 404 across businesses', async () => {
    const url = (b: string, n: string | number) => `/v1/businesses/${b}/${n}/upload-batch/products`;
    const bad = await t.request({ method: 'GET', url: url(owner.businessId, 'abc'), token: owner.token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('batchNumber');
    expect((await t.request({ method: 'GET', url: url(owner.businessId, batchNumber) })).statusCode).toBe(
      401,
    );
    expect(
      (await t.request({ method: 'GET', url: url(owner.businessId, batchNumber), token: cashier.token }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.request({ method: 'GET', url: url(other.businessId, batchNumber), token: other.token }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.request({ method: 'GET', url: url(owner.businessId, batchNumber), token: other.token }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.request({ method: 'GET', url: url(owner.businessId, 99_999_999), token: owner.token }))
        .statusCode,
    ).toBe(404);
  });
});

describe('GET /v1/businesses/{b}/uploadproducts/batches', () => {
  it('lists only this business’s batches, newest first, with counts', async () => {
    const res = await t.request({
      method: 'GET',
      url: `/v1/businesses/${owner.businessId}/uploadproducts/batches`,
      token: owner.token,
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.total).toBeGreaterThanOrEqual(5);
    const numbers = data.items.map((b: { batch_number: number }) => b.batch_number);
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    expect(data.items[0]).toMatchObject({ file_name: 'products.csv', status: 'completed', progress: 100 });

    const theirs = await t.request({
      method: 'GET',
      url: `/v1/businesses/${other.businessId}/uploadproducts/batches`,
      token: other.token,
    });
    expect(theirs.json().data).toMatchObject({ items: [], total: 0 });
  });

  it('GET one batch by number: its progress; 400, 401, 403, 404 across businesses', async () => {
    const list = await t.request({
      method: 'GET',
      url: `/v1/businesses/${owner.businessId}/uploadproducts/batches?limit=1`,
      token: owner.token,
    });
    const newest = list.json().data.items[0];
    const url = (b: string, n: string | number) => `/v1/businesses/${b}/uploadproducts/batches/${n}`;
    const res = await t.request({
      method: 'GET',
      url: url(owner.businessId, newest.batch_number),
      token: owner.token,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual(newest);
    const bad = await t.request({ method: 'GET', url: url(owner.businessId, '1.5'), token: owner.token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('batchNumber');
    expect(
      (await t.request({ method: 'GET', url: url(owner.businessId, newest.batch_number) })).statusCode,
    ).toBe(401);
    expect(
      (
        await t.request({
          method: 'GET',
          url: url(owner.businessId, newest.batch_number),
          token: cashier.token,
        })
      ).statusCode,
    ).toBe(403);
    const theirs = await t.request({
      method: 'GET',
      url: url(other.businessId, newest.batch_number),
      token: other.token,
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe(`Batch ${newest.batch_number} not found`);
  });

  it('401, 403, 404 across businesses, 400 for a bad page', async () => {
    const url = `/v1/businesses/${owner.businessId}/uploadproducts/batches`;
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url, token: cashier.token })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url, token: other.token })).statusCode).toBe(404);
    const bad = await t.request({ method: 'GET', url: `${url}?page=0`, token: owner.token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('page');
  });
});
