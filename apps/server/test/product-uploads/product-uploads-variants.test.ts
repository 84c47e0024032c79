import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../helper.js';
import { seedProduct } from '../catalogue/fixtures.js';
import { csv, uploadFile, waitForBatch, xlsx } from './upload-helper.js';

// Products with variants in a file: rows grouped by a handle column, as Shopify's product CSV.
let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let other: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t);
  other = await signUp(t);
});
afterAll(async () => t.close());

const HEADER = [
  'handle',
  'name',
  'option1_name',
  'option1_value',
  'option2_name',
  'option2_value',
  'sku',
  'category',
  'cost_price',
  'selling_price',
  'stock',
];

type Variety = {
  _id: string;
  name: string;
  option_values: Record<string, string>;
  sku: string | null;
  cost_price: number;
  selling_price: number;
  stock: number;
};
type Product = {
  _id: string;
  name: string;
  product_type: string;
  options: { name: string; values: string[] }[];
  varieties: Variety[];
  selling_price: number;
  category_id: string | null;
  stock: number;
};

const upload = async (rows: (string | number)[][], caller = owner) => {
  const res = await uploadFile(t, caller, { data: csv(rows) }, { storeId: caller.storeId });
  expect(res.statusCode).toBe(202);
  const batchNumber = res.json().data.batch_number as number;
  return { batchNumber, done: await waitForBatch(t, caller, batchNumber) };
};

/** The products of that name, as the products screen reads them. */
const productsNamed = async (name: string, caller = owner): Promise<Product[]> => {
  const ids = await t.db
    .selectFrom('products')
    .select('id')
    .where('business_id', '=', caller.businessId)
    .where('name', '=', name)
    .where('deleted_at', 'is', null)
    .orderBy('created_at')
    .execute();
  return Promise.all(
    ids.map(async ({ id }) => {
      const res = await t.request({
        method: 'GET',
        url: `/v2/business/${caller.businessId}/products/${id}`,
        token: caller.token,
      });
      expect(res.statusCode).toBe(200);
      return res.json().data as Product;
    }),
  );
};

const reasons = async (batchNumber: number, caller = owner) => {
  const res = await t.request({
    method: 'GET',
    url: `/v1/businesses/${caller.businessId}/${batchNumber}/upload-batch/products?limit=500`,
    token: caller.token,
  });
  expect(res.statusCode).toBe(200);
  return Object.fromEntries(
    (res.json().data.items as { row_number: number; error: string }[]).map((r) => [r.row_number, r.error]),
  );
};

describe('the template with variants', () => {
  it('downloads a CSV whose example product has three variants under one handle, and it uploads as such', async () => {
    const res = await t.request({
      method: 'GET',
      url: `/v1/businesses/${owner.businessId}/uploadproducts/template/variants`,
      token: owner.token,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('products-with-variants-template.csv');
    const lines = res.body.trim().split(/\r?\n/);
    expect(lines[0]!.startsWith('handle,name,option1_name,option1_value')).toBe(true);
    expect(lines.filter((l) => l.startsWith('ankara-shirt,'))).toHaveLength(3);

    const sent = await uploadFile(t, owner, { data: res.body }, { storeId: owner.storeId });
    expect(sent.statusCode).toBe(202);
    const done = await waitForBatch(t, owner, sent.json().data.batch_number);
    expect(done).toMatchObject({ status: 'completed', total_rows: 4, succeeded_rows: 4, failed_rows: 0 });
    const [shirt] = await productsNamed('Ankara Shirt');
    expect(shirt!.varieties.map((v) => v.name)).toEqual(['M / Blue', 'L / Blue', 'XL / Red']);
    expect((await productsNamed('Rice 50kg'))[0]!.product_type).toBe('simple');

    const anon = await t.request({
      method: 'GET',
      url: `/v1/businesses/${owner.businessId}/uploadproducts/template/variants`,
    });
    expect(anon.statusCode).toBe(401);
    const foreign = await t.request({
      method: 'GET',
      url: `/v1/businesses/${owner.businessId}/uploadproducts/template/variants`,
      token: other.token,
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('rows grouped by handle', () => {
  it('make one product with variants: options, each variant’s SKU, prices and opening stock', async () => {
    const { done } = await upload([
      HEADER,
      ['tee', 'Polo Tee', 'Size', 'M', 'Colour', 'Blue', 'TEE-M-B', 'Shirts', '3000', '5000', '4'],
      ['tee', '', '', 'L', '', 'Blue', 'TEE-L-B', '', '', '5500', '2'],
      ['TEE ', '', '', 'm', '', 'Red', 'TEE-M-R', '', '3100', '', ''],
      ['', 'Plain Cap', '', '', '', '', 'CAP-1', 'Hats', '', '1500', '6'],
    ]);
    expect(done).toMatchObject({ status: 'completed', total_rows: 4, succeeded_rows: 4, failed_rows: 0 });

    const [tee, ...more] = await productsNamed('Polo Tee');
    expect(more).toHaveLength(0);
    expect(tee).toMatchObject({
      product_type: 'variable',
      options: [
        { name: 'Size', values: ['M', 'L'] },
        { name: 'Colour', values: ['Blue', 'Red'] },
      ],
      // The cheapest variant's price, as the product form sets it.
      selling_price: 5000,
      stock: 6,
    });
    expect(tee!.category_id).not.toBeNull();
    const byName = Object.fromEntries(tee!.varieties.map((v) => [v.name, v]));
    expect(Object.keys(byName)).toEqual(['M / Blue', 'L / Blue', 'M / Red']);
    expect(byName['M / Blue']).toMatchObject({
      sku: 'TEE-M-B',
      selling_price: 5000,
      cost_price: 3000,
      stock: 4,
    });
    // An empty price is the first row's; the value "m" is the first row's "M".
    expect(byName['L / Blue']).toMatchObject({
      sku: 'TEE-L-B',
      selling_price: 5500,
      cost_price: 3000,
      stock: 2,
    });
    expect(byName['M / Red']).toMatchObject({
      option_values: { Size: 'M', Colour: 'Red' },
      selling_price: 5000,
      cost_price: 3100,
      stock: 0,
    });
    const [cap] = await productsNamed('Plain Cap');
    expect(cap).toMatchObject({ product_type: 'simple', stock: 6, varieties: [] });
  });

  it('a bad row inside a group fails alone with its reason; the product is made with the others', async () => {
    const { batchNumber, done } = await upload([
      HEADER,
      ['gown', 'Lace Gown', 'Size', '8', '', '', 'GOWN-8', '', '', '20000', '1'], // row 2
      ['gown', '', '', '10', '', '', 'GOWN-10', '', '', 'twenty', '1'], // row 3: bad price
      ['gown', '', '', '', '', '', 'GOWN-X', '', '', '', ''], // row 4: no size
      ['gown', '', '', '8', '', '', 'GOWN-8B', '', '', '', ''], // row 5: size 8 again
      ['gown', '', '', '12', '', 'Red', 'GOWN-12', '', '', '', ''], // row 6: option2 not named
      ['gown', '', '', '14', '', '', 'gown-8', '', '', '', ''], // row 7: SKU of row 2
      ['gown', '', '', '16', '', '', 'GOWN-16', '', '', '21000', '-1'], // row 8: negative stock
      ['gown', '', '', '18', '', '', 'GOWN-18', '', '', '', '3'], // row 9: good
    ]);
    expect(done).toMatchObject({ status: 'completed', total_rows: 8, succeeded_rows: 2, failed_rows: 6 });
    expect(await reasons(batchNumber)).toEqual({
      3: 'selling_price must be a number in naira, not “twenty”',
      4: 'option1_value is required: the Size of this variant',
      5: 'this variant (8) is already on row 2',
      6: 'option2_value: the first row of handle “gown” names no option2_name',
      7: 'SKU gown-8 is already used by Lace Gown (8)',
      8: 'stock cannot be negative',
    });
    const [gown] = await productsNamed('Lace Gown');
    expect(gown!.varieties.map((v) => v.name)).toEqual(['8', '18']);
    expect(gown!.stock).toBe(4);
  });

  it('a bad first row fails the whole group, each row with a reason; reprocess makes it', async () => {
    const seeded = await seedProduct(t, owner.businessId, { name: 'Old Wrapper' });
    await t.db.updateTable('products').set({ sku: 'WRAP-S' }).where('id', '=', seeded.productId).execute();
    const { batchNumber, done } = await upload([
      HEADER,
      ['wrap', 'Ankara Wrapper', '', 'S', '', '', 'WRAP-1', '', '', '8000', ''], // row 2: no option1_name
      ['wrap', '', '', 'M', '', '', 'WRAP-2', '', '', '', ''], // row 3
      ['wrap', '', '', 'M', '', '', 'WRAP-3', '', '', '', ''], // row 4: also its own problem
      ['kaftan', 'Kaftan', 'Size', 'S', '', '', 'WRAP-S', '', '', '9000', ''], // row 5: SKU taken
      ['kaftan', '', '', 'M', '', '', 'KAF-M', '', '', '', ''], // row 6
    ]);
    expect(done).toMatchObject({ status: 'failed', total_rows: 5, succeeded_rows: 0, failed_rows: 5 });
    const got = await reasons(batchNumber);
    expect(got[2]).toBe(
      'option1_name is required: rows with handle “wrap” are the variants of one product; name its option (e.g. Size) on its first row',
    );
    expect(got[3]).toMatch(
      /^the first row of handle “wrap” \(row 2\) could not be created: option1_name is required/,
    );
    expect(got[5]).toBe('SKU WRAP-S is already used by Old Wrapper');
    expect(got[6]).toBe(
      'the first row of handle “kaftan” (row 5) could not be created: SKU WRAP-S is already used by Old Wrapper',
    );
    expect(await productsNamed('Ankara Wrapper')).toHaveLength(0);
    expect(await productsNamed('Kaftan')).toHaveLength(0);

    const res = await t.request({
      method: 'POST',
      url: `/v1/businesses/${owner.businessId}/reprocess/product`,
      token: owner.token,
      body: {
        batch_number: batchNumber,
        rows: [
          {
            row_number: 2,
            data: {
              handle: 'wrap',
              name: 'Ankara Wrapper',
              option1_name: 'Size',
              option1_value: 'S',
              selling_price: '8000',
            },
          },
          {
            row_number: 5,
            data: {
              handle: 'kaftan',
              name: 'Kaftan',
              option1_name: 'Size',
              option1_value: 'S',
              sku: 'KAF-S',
              selling_price: '9000',
            },
          },
        ],
      },
    });
    expect(res.statusCode).toBe(202);
    const again = await waitForBatch(t, owner, batchNumber);
    expect(again).toMatchObject({ status: 'completed', succeeded_rows: 4, failed_rows: 1 });
    expect(await reasons(batchNumber)).toEqual({ 4: 'this variant (M) is already on row 3' });
    expect((await productsNamed('Ankara Wrapper'))[0]!.varieties.map((v) => v.name)).toEqual(['S', 'M']);
    expect((await productsNamed('Kaftan'))[0]!.varieties.map((v) => v.sku)).toEqual(['KAF-S', 'KAF-M']);
  });

  it('a later row fixed and reprocessed is added to the product its handle made', async () => {
    const { batchNumber, done } = await upload([
      HEADER,
      ['sandal', 'Leather Sandal', 'Size', '40', '', '', 'SAN-40', '', '', '7000', '2'],
      ['sandal', '', '', '41', '', '', 'SAN-41', '', '', 'abc', '3'],
    ]);
    expect(done).toMatchObject({ succeeded_rows: 1, failed_rows: 1 });
    const res = await t.request({
      method: 'POST',
      url: `/v1/businesses/${owner.businessId}/reprocess/product`,
      token: owner.token,
      body: {
        batch_number: batchNumber,
        rows: [
          {
            row_number: 3,
            data: { handle: 'sandal', option1_value: '41', sku: 'SAN-41', selling_price: '7500', stock: '3' },
          },
        ],
      },
    });
    expect(res.statusCode).toBe(202);
    expect(await waitForBatch(t, owner, batchNumber)).toMatchObject({ succeeded_rows: 2, failed_rows: 0 });
    const [sandal, ...more] = await productsNamed('Leather Sandal');
    expect(more).toHaveLength(0);
    expect(sandal).toMatchObject({ options: [{ name: 'Size', values: ['40', '41'] }], stock: 5 });
    expect(sandal!.varieties.map((v) => [v.name, v.selling_price, v.stock])).toEqual([
      ['40', 7000, 2],
      ['41', 7500, 3],
    ]);
  });

  it('a handle used again in another file makes another product; the same SKUs are refused row by row', async () => {
    const file = [
      HEADER,
      ['boot', 'Rain Boot', 'Size', '42', '', '', 'BOOT-42', '', '', '12000', ''],
      ['boot', '', '', '43', '', '', 'BOOT-43', '', '', '', ''],
    ];
    expect((await upload(file)).done).toMatchObject({ succeeded_rows: 2 });
    const again = await upload(file);
    expect(again.done).toMatchObject({ status: 'failed', succeeded_rows: 0, failed_rows: 2 });
    expect(await reasons(again.batchNumber)).toEqual({
      2: 'SKU BOOT-42 is already used by Rain Boot (42)',
      // A row's own problem is named first.
      3: 'SKU BOOT-43 is already used by Rain Boot (43)',
    });
    const other = await upload([
      HEADER,
      ['boot', 'Rain Boot', 'Size', '44', '', '', 'BOOT-44', '', '', '12000', ''],
    ]);
    expect(other.done).toMatchObject({ succeeded_rows: 1 });
    expect((await productsNamed('Rain Boot')).map((p) => p.varieties.map((v) => v.name))).toEqual([
      ['42', '43'],
      ['44'],
    ]);
  });
});

describe('hostile files', () => {
  it('NUL characters, huge numbers and 1,000-character cells fail their row, never the batch or the server', async () => {
    const long = 'x'.repeat(1000);
    const book = xlsx([
      HEADER,
      ['', 'Nul\u0000Soap', '', '', '', '', 'NUL-1', '', '', '300', ''], // row 2: NUL dropped, made
      ['', 'Huge price', '', '', '', '', '', '', '', '1e400', ''], // row 3
      ['', 'Huge price 2', '', '', '', '', '', '', '', '99999999999999999999999', ''], // row 4
      ['', 'Huge stock', '', '', '', '', '', '', '', '10', '99999999999999'], // row 5
      ['', long, '', '', '', '', '', '', '', '10', ''], // row 6
      ['', 'Long sku', '', '', '', '', long, '', '', '10', ''], // row 7
      ['', 'Long category', '', '', '', '', '', long, '', '10', ''], // row 8
      [long, 'Long handle', 'Size', long, '', '', '', '', '', '10', ''], // row 9: long value
      [long, '', '', 'M', '', '', '', '', '', '10', ''], // row 10: its group's first row failed
      ['h', 'Long option', long, 'S', '', '', '', '', '', '10', ''], // row 11
    ]);
    const res = await uploadFile(
      t,
      owner,
      {
        data: book,
        filename: 'hostile.xlsx',
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      },
      { storeId: owner.storeId },
    );
    expect(res.statusCode).toBe(202);
    const batchNumber = res.json().data.batch_number;
    const done = await waitForBatch(t, owner, batchNumber);
    expect(done).toMatchObject({ status: 'completed', total_rows: 10, succeeded_rows: 1, failed_rows: 9 });
    const got = await reasons(batchNumber);
    expect(got).toMatchObject({
      3: 'selling_price must be a number in naira, not “1e400”',
      4: 'selling_price is too large',
      5: 'stock is too large',
      7: expect.stringContaining('sku'),
      8: 'category must be at most 100 characters',
      9: 'option1_value must be at most 60 characters',
      11: 'option1_name must be at most 60 characters',
    });
    expect(got[6]).toContain('name');
    expect(got[10]).toMatch(/^the first row of handle .* \(row 9\) could not be created/);
    expect((await productsNamed('NulSoap'))[0]).toMatchObject({ selling_price: 300 });

    // A NUL or a huge cell sent back through reprocess is answered, not a server error.
    const again = await t.request({
      method: 'POST',
      url: `/v1/businesses/${owner.businessId}/reprocess/product`,
      token: owner.token,
      body: {
        batch_number: batchNumber,
        rows: [
          { row_number: 3, data: { name: 'Fixed\u0000 price', selling_price: '12' } },
          { row_number: 4, data: { name: long, selling_price: 1e308 } },
        ],
      },
    });
    expect(again.statusCode).toBe(202);
    const after = await waitForBatch(t, owner, batchNumber);
    expect(after).toMatchObject({ succeeded_rows: 2, failed_rows: 8 });
    expect(await productsNamed('Fixed price')).toHaveLength(1);
  });
});
