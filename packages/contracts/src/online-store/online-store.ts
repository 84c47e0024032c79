import { z } from 'zod';
import { nairaAmount } from '../products/products.js';
import { pageLimit, pageNumber } from '../shared/sync.js';
import { id, inputString, optionalText, requiredText } from '../validation/zod-rules.js';

/**
 * The online store's settings and catalogue as the business manages them (spec 001 §2 "Online
 * store", tab-online-catalogue; §6 "Online store: catalogue, view orders, manage orders, shipping
 * fees"; issue 15). Turning it on and off is `POST /v1/stores/onlinestore/{business}/toggle`.
 */

/** Lower-case letters, digits and dashes; the address of the store page is `/shop/<slug>`. */
export const SHOP_SLUG = /^[a-z0-9](?:[a-z0-9-]{1,38}[a-z0-9])$/;

export const deliveryZone = z.object({ _id: z.string(), name: z.string(), fee: z.number() });

export const onlineStore = z.object({
  enabled: z.boolean(),
  slug: z.string(),
  name: z.string(),
  about: z.string().nullable(),
  /** The store whose stock the shop sells, where pickups happen and orders are fulfilled. */
  store_id: z.string(),
  store_name: z.string(),
  pickup: z.boolean(),
  pay_on_delivery: z.boolean(),
  delivery_zones: z.array(deliveryZone),
  /** `/shop/<slug>`. */
  link: z.string(),
  published_count: z.number(),
});
export type OnlineStore = z.infer<typeof onlineStore>;

export const onlineStoreParams = z.object({ businessId: inputString('businessId') });

/** PATCH /v1/online-store/businesses/{b}: catalogue for the shop's details, shipping_fees for the zones. */
export const updateOnlineStoreBody = z
  .object({
    slug: inputString('slug')
      .trim()
      .toLowerCase()
      .regex(
        SHOP_SLUG,
        'slug must be 3 to 40 letters, digits or dashes, starting and ending with a letter or digit',
      ),
    name: requiredText('name', 80),
    about: optionalText('about', 1000).nullable(),
    store_id: id('store_id'),
    pickup: z.boolean({ error: 'pickup should be boolean' }),
    pay_on_delivery: z.boolean({ error: 'pay_on_delivery should be boolean' }),
    delivery_zones: z
      .array(
        z.object({
          _id: id('delivery_zones _id').optional(),
          name: requiredText('delivery_zones name', 60),
          fee: nairaAmount('delivery_zones fee'),
        }),
        { error: 'delivery_zones should be an array' },
      )
      .max(30, 'delivery_zones can hold at most 30 zones'),
  })
  .partial()
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Send at least one field' });
export type UpdateOnlineStoreBody = z.input<typeof updateOnlineStoreBody>;

export const onlineCatalogueItem = z.object({
  product_id: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  category_name: z.string().nullable(),
  variation: z.boolean(),
  selling_price: z.number(),
  /** Null: the shop sells at the selling price (of each variety). */
  online_price: z.number().nullable(),
  /** Null: the shop shows the product's own description. */
  online_description: z.string().nullable(),
  published: z.boolean(),
  /** Units the shop can sell: the store's stock less what orders hold (null: stock not tracked). */
  available: z.number().nullable(),
});
export type OnlineCatalogueItem = z.infer<typeof onlineCatalogueItem>;

export const onlineCatalogueQuery = z.object({
  search: inputString('search').trim().max(100).optional(),
  published: z.enum(['true', 'false'], { error: 'published must be true or false' }).optional(),
  page: pageNumber(),
  limit: pageLimit(200, 50),
});
export const onlineCatalogue = z.object({
  items: z.array(onlineCatalogueItem),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
});

/** PATCH /v1/online-store/businesses/{b}/products (online_store.catalogue): publish, price, describe. */
export const updateOnlineCatalogueBody = z.object({
  items: z
    .array(
      z
        .object({
          product_id: id('product_id'),
          published: z.boolean({ error: 'published should be boolean' }).optional(),
          online_price: nairaAmount('online_price')
            .refine((n) => n > 0, 'online_price must be more than 0')
            .nullable()
            .optional(),
          online_description: optionalText('online_description', 2000).nullable().optional(),
        })
        .refine(
          (i) =>
            i.published !== undefined || i.online_price !== undefined || i.online_description !== undefined,
          {
            message: 'items: send published, online_price or online_description',
          },
        ),
      { error: 'items should be an array' },
    )
    .min(1, 'items must hold at least one product')
    .max(200, 'items can hold at most 200 products'),
});
export type UpdateOnlineCatalogueBody = z.input<typeof updateOnlineCatalogueBody>;
