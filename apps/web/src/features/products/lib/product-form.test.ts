import { describe, expect, it } from 'vitest';
import type { FieldErrors, ResolverOptions } from 'react-hook-form';
import type { Product } from '@ms/contracts';
import { emptyProduct, fromProduct, margin, productResolver, type ProductFormValues } from './product-form';
import { generateVarieties } from './varieties';

const STORE_A = '0190a1b2-0000-7000-8000-00000000000a';
const STORE_B = '0190a1b2-0000-7000-8000-00000000000b';
const TAG = '0190a1b2-0000-7000-8000-0000000000c1';

const opts = {} as ResolverOptions<ProductFormValues>;
const run = (values: ProductFormValues, mode: 'create' | 'edit' = 'create', original?: Product) =>
  productResolver({ mode, original })(values, undefined, opts);

/** The message shown under a field ("varieties.1.selling_price"). */
const messageAt = (errors: FieldErrors, path: string): string | undefined => {
  let node: unknown = errors;
  for (const part of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return (node as { message?: string } | undefined)?.message;
};

const simple = (patch: Partial<ProductFormValues> = {}): ProductFormValues => ({
  ...emptyProduct([STORE_A, STORE_B]),
  name: 'Peak Milk 400g',
  selling_price: 2500,
  cost_price: 2000,
  ...patch,
});

describe('product form validation', () => {
  it('asks for the name and the selling price, in words', async () => {
    const { errors } = await run(simple({ name: '  ', selling_price: '' }));
    expect(messageAt(errors, 'name')).toBe('The name field is required.');
    expect(messageAt(errors, 'selling_price')).toBe('The selling price field is required.');
  });

  it("shows the contracts' messages under the field they name", async () => {
    const { errors } = await run(simple({ cost_price: -5, selling_price: 10.555, name: 'x'.repeat(201) }));
    expect(messageAt(errors, 'cost_price')).toBe('cost price cannot be negative');
    expect(messageAt(errors, 'selling_price')).toBe('selling price must have at most 2 decimals');
    expect(messageAt(errors, 'name')).toBe('The name field must be between 1 and 200.');
  });

  it('puts an opening-stock error under the store it belongs to, even when earlier stores are empty', async () => {
    const { errors } = await run(
      simple({
        store_stock: [
          { store_id: STORE_A, stock: '' },
          { store_id: STORE_B, stock: 2.5 },
        ],
      }),
    );
    expect(messageAt(errors, 'store_stock.1.stock')).toBe('stock must be a whole number');
  });

  it('sends a simple product with its opening stock, leaving out blank fields and empty stores', async () => {
    const { values, errors } = await run(
      simple({
        sku: ' PM-400 ',
        tags: [TAG],
        store_stock: [
          { store_id: STORE_A, stock: 12 },
          { store_id: STORE_B, stock: '' },
        ],
      }),
    );
    expect(errors).toEqual({});
    expect(values).toMatchObject({
      name: 'Peak Milk 400g',
      sku: 'PM-400',
      product_type: 'simple',
      selling_price: 2500,
      cost_price: 2000,
      tags: [TAG],
      store_stock: [{ store_id: STORE_A, stock: 12 }],
    });
    expect(values).not.toHaveProperty('barcode');
    expect(values).not.toHaveProperty('description');
  });

  it('needs options and a price on every variety for a product with variants', async () => {
    const noOptions = await run(simple({ product_type: 'variable' }));
    expect(messageAt(noOptions.errors, 'options.root')).toMatch(/at least one option/);

    const options = [{ name: 'Size', values: ['S', 'M'] }];
    const varieties = generateVarieties(options, [], { storeIds: [STORE_A] });
    varieties[0]!.selling_price = 3000;
    const { errors } = await run(simple({ product_type: 'variable', options, varieties }));
    expect(messageAt(errors, 'varieties.1.selling_price')).toBe('The selling price field is required.');
    expect(messageAt(errors, 'varieties.0.selling_price')).toBeUndefined();
  });

  it('sends the varieties with their opening stock; the product is priced from its cheapest variety', async () => {
    const options = [
      { name: 'Size', values: ['S', 'M'] },
      { name: 'Colour', values: ['Red'] },
    ];
    const varieties = generateVarieties(options, [], { storeIds: [STORE_A, STORE_B] }).map((v, i) => ({
      ...v,
      selling_price: [5000, 4500][i]!,
      cost_price: [3000, 2800][i]!,
      store_stock: [
        { store_id: STORE_A, stock: '' as const },
        { store_id: STORE_B, stock: i + 3 },
      ],
    }));
    const { values, errors } = await run(simple({ product_type: 'variable', options, varieties }));
    expect(errors).toEqual({});
    expect(values).toMatchObject({
      product_type: 'variable',
      selling_price: 4500,
      cost_price: 2800,
      options,
      varieties: [
        {
          name: 'S / Red',
          option_values: { Size: 'S', Colour: 'Red' },
          selling_price: 5000,
          store_stock: [{ store_id: STORE_B, stock: 3 }],
        },
        { name: 'M / Red', selling_price: 4500, store_stock: [{ store_id: STORE_B, stock: 4 }] },
      ],
    });
    expect(values).not.toHaveProperty('store_stock');
  });

  it('on edit sends the loaded updated_at, clears a removed SKU and keeps the existing varieties by id', async () => {
    const product = {
      _id: '0190a1b2-0000-7000-8000-0000000000e1',
      updated_at: '2025-01-02T03:04:05.678Z',
      name: 'Ankara shirt',
      sku: 'ANK-1',
      barcode: null,
      description: null,
      images: [],
      product_type: 'variable',
      cost_price: 0,
      selling_price: 7000,
      category_id: null,
      subcategory_id: null,
      tags: [],
      modifiers: [],
      options: [{ name: 'Size', values: ['S'] }],
      varieties: [
        {
          _id: '0190a1b2-0000-7000-8000-0000000000f1',
          name: 'S',
          option_values: { Size: 'S' },
          sku: null,
          barcode: null,
          cost_price: 0,
          selling_price: 7000,
          stock: 4,
          store_stock: [{ store_id: STORE_A, stock: 4 }],
        },
      ],
      track_stock: true,
      low_stock_threshold: 2,
    } as unknown as Product;
    const values = { ...fromProduct(product), sku: '' };
    values.varieties[0]!.selling_price = 7500;
    const { values: body, errors } = await run(values, 'edit', product);
    expect(errors).toEqual({});
    expect(body).toMatchObject({
      updated_at: '2025-01-02T03:04:05.678Z',
      sku: '',
      varieties: [{ _id: '0190a1b2-0000-7000-8000-0000000000f1', selling_price: 7500 }],
    });
    expect(body).not.toHaveProperty('barcode');
    expect((body as { varieties: object[] }).varieties[0]).not.toHaveProperty('store_stock');
  });
});

describe('margin', () => {
  it('is the profit and its share of the price, once both prices are known', () => {
    expect(margin(2000, 2500)).toEqual({ amount: 500, percent: 20 });
    expect(margin('', 2500)).toBeNull();
    expect(margin(0, 2500)).toBeNull();
    expect(margin(3000, 2500)).toEqual({ amount: -500, percent: -20 });
  });
});
