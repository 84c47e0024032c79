import type { CreateProductBody } from '@ms/contracts';
import type { Database } from '../db/database.js';
import { createCategory, createSubcategory } from '../modules/categories/index.js';
import { createModifierSet } from '../modules/modifiers/index.js';
import { createOption } from '../modules/options/index.js';
import { createProduct } from '../modules/products/index.js';
import { createTag } from '../modules/tags/index.js';

/**
 * A small catalogue for the demo business, made through the same services the API uses: categories
 * with subcategories, tags, an option, a modifier set, simple products with stock in both stores,
 * a product sold in sizes, a service, and a few items low or out of stock so every inventory
 * screen has something to show.
 */
export const seedDemoCatalogue = async (
  db: Database,
  ids: { businessId: string; userId: string; stores: [string, string] },
): Promise<void> => {
  const { businessId } = ids;
  const [lekki, yaba] = ids.stores;
  const provisions = await createCategory(db, businessId, 'Provisions');
  const beverages = await createSubcategory(db, businessId, {
    category_id: provisions._id,
    name: 'Beverages',
  });
  const grains = await createSubcategory(db, businessId, {
    category_id: provisions._id,
    name: 'Grains and pasta',
  });
  const toiletries = await createCategory(db, businessId, 'Toiletries');
  const drinks = await createCategory(db, businessId, 'Drinks');
  const bestSeller = await createTag(db, businessId, { label: 'Best seller' });
  const newArrival = await createTag(db, businessId, { label: 'New arrival' });
  await createOption(db, businessId, { name: 'Size', values: ['Small', 'Medium', 'Large'] });
  const giftWrap = await createModifierSet(db, businessId, {
    name: 'Gift wrap',
    modifiers: [
      { name: 'Gift bag', selling_price: 200 },
      { name: 'Ribbon', selling_price: 100 },
    ],
  });

  const stock = (l: number, y: number) => [
    { store_id: lekki, stock: l },
    { store_id: yaba, stock: y },
  ];
  const simple = (
    name: string,
    sku: string,
    barcode: string,
    cost: number,
    price: number,
    where: { category_id: string; subcategory_id?: string },
    levels: [number, number],
    extra: Partial<CreateProductBody> = {},
  ): CreateProductBody => ({
    name,
    sku,
    barcode,
    cost_price: cost,
    selling_price: price,
    ...where,
    low_stock_threshold: 5,
    store_stock: stock(...levels),
    ...extra,
  });

  const products: CreateProductBody[] = [
    simple(
      'Peak Milk Tin 400g',
      'PK-400',
      '6151100010011',
      1650,
      1900,
      { category_id: provisions._id, subcategory_id: beverages._id },
      [36, 20],
      { tags: [bestSeller._id] },
    ),
    simple(
      'Milo Refill 500g',
      'MILO-500',
      '6151100010028',
      2800,
      3200,
      { category_id: provisions._id, subcategory_id: beverages._id },
      [18, 3],
    ),
    simple(
      'Golden Penny Spaghetti 500g',
      'GP-SPAG',
      '6151100010035',
      720,
      850,
      { category_id: provisions._id, subcategory_id: grains._id },
      [60, 45],
      { tags: [bestSeller._id] },
    ),
    simple(
      'Mama Gold Rice 5kg',
      'MG-RICE5',
      '6151100010042',
      8200,
      9500,
      { category_id: provisions._id, subcategory_id: grains._id },
      [12, 0],
    ),
    simple(
      'Indomie Chicken 70g',
      'INDO-70',
      '6151100010059',
      180,
      250,
      { category_id: provisions._id, subcategory_id: grains._id },
      [240, 160],
    ),
    simple(
      'Dettol Soap 110g',
      'DET-110',
      '6151100010066',
      600,
      750,
      { category_id: toiletries._id },
      [30, 4],
    ),
    simple(
      'Close Up Toothpaste 140g',
      'CU-140',
      '6151100010073',
      950,
      1200,
      { category_id: toiletries._id },
      [0, 10],
      { tags: [newArrival._id] },
    ),
    simple('Coca-Cola 50cl', 'COKE-50', '6151100010080', 250, 350, { category_id: drinks._id }, [96, 48]),
    simple('Eva Water 75cl', 'EVA-75', '6151100010097', 150, 200, { category_id: drinks._id }, [120, 72]),
    {
      name: 'Ankara Tote Bag',
      sku: 'TOTE',
      cost_price: 2500,
      selling_price: 4000,
      tags: [newArrival._id],
      modifiers: [giftWrap.id],
      low_stock_threshold: 2,
      options: [{ name: 'Size', values: ['Small', 'Large'] }],
      varieties: [
        {
          name: 'Small',
          option_values: { Size: 'Small' },
          sku: 'TOTE-S',
          barcode: '6151100010103',
          cost_price: 2500,
          selling_price: 4000,
          store_stock: stock(8, 4),
        },
        {
          name: 'Large',
          option_values: { Size: 'Large' },
          sku: 'TOTE-L',
          barcode: '6151100010110',
          cost_price: 3200,
          selling_price: 5500,
          store_stock: stock(5, 1),
        },
      ],
    },
    { name: 'Home delivery (Lagos mainland)', product_type: 'service', selling_price: 1500 },
  ];
  for (const body of products) await createProduct(db, { businessId, userId: ids.userId }, body);
};
