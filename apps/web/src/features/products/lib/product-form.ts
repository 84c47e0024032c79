import type { FieldErrors, Resolver } from 'react-hook-form';
import { set } from 'react-hook-form';
import {
  createProductBody,
  ruleMessages,
  updateProductBody,
  type CreateProductBody,
  type Product,
  type ProductType,
  type UpdateProductBody,
} from '@ms/contracts';
import { formResolver, humanizeMessage } from '@/lib/form-resolver';
import {
  cleanOptions,
  varietyKey,
  varietyName,
  type NumberField,
  type OptionDraft,
  type StoreStockDraft,
  type VarietyRow,
} from './varieties';

/**
 * The add/edit product form: what the inputs hold, how it becomes the request body of
 * POST /v2/business/{b}/products/ or PUT .../products/{id}, and its validation (the contracts'
 * schemas, plus the few rules of the form itself such as "a product with variants needs options").
 */
export type ProductFormValues = {
  name: string;
  sku: string;
  barcode: string;
  description: string;
  images: string[];
  product_type: ProductType;
  cost_price: NumberField;
  selling_price: NumberField;
  category_id: string | null;
  subcategory_id: string | null;
  tags: string[];
  modifiers: string[];
  track_stock: boolean;
  low_stock_threshold: NumberField;
  options: OptionDraft[];
  varieties: VarietyRow[];
  /** Opening stock per store of a product without variants (create only). */
  store_stock: StoreStockDraft[];
};

export type ProductFormMode = 'create' | 'edit';
export type ProductBody = CreateProductBody | UpdateProductBody;

export const emptyStoreStock = (storeIds: readonly string[]): StoreStockDraft[] =>
  storeIds.map((store_id) => ({ store_id, stock: '' }));

export const emptyProduct = (storeIds: readonly string[] = []): ProductFormValues => ({
  name: '',
  sku: '',
  barcode: '',
  description: '',
  images: [],
  product_type: 'simple',
  cost_price: '',
  selling_price: '',
  category_id: null,
  subcategory_id: null,
  tags: [],
  modifiers: [],
  track_stock: true,
  low_stock_threshold: 5,
  options: [],
  varieties: [],
  store_stock: emptyStoreStock(storeIds),
});

/** The form filled with a saved product (edit). Stock is shown, not edited: adjustments change it. */
export const fromProduct = (p: Product): ProductFormValues => ({
  name: p.name,
  sku: p.sku ?? '',
  barcode: p.barcode ?? '',
  description: p.description ?? '',
  images: p.images,
  product_type: p.product_type,
  cost_price: p.cost_price || '',
  selling_price: p.selling_price,
  category_id: p.category_id,
  subcategory_id: p.subcategory_id,
  tags: p.tags.map((t) => t._id),
  modifiers: p.modifiers,
  track_stock: p.track_stock,
  low_stock_threshold: p.low_stock_threshold,
  options: p.options.map((o) => ({ name: o.name, values: [...o.values] })),
  varieties: p.varieties.map((v) => ({
    key: varietyKey(v.option_values),
    _id: v._id,
    option_values: v.option_values,
    sku: v.sku ?? '',
    barcode: v.barcode ?? '',
    cost_price: v.cost_price || '',
    selling_price: v.selling_price,
    store_stock: [],
    stock: v.stock,
  })),
  store_stock: [],
});

const num = (v: NumberField | null | undefined): number | undefined =>
  v === '' || v === null || v === undefined || Number.isNaN(v) ? undefined : Number(v);

/** Stock typed per store, without the stores left empty or at 0 (nothing to record). */
const openingStock = (rows: readonly StoreStockDraft[]) =>
  rows
    .map((r, index) => ({ store_id: r.store_id, stock: num(r.stock), index }))
    .filter(
      (r): r is { store_id: string; stock: number; index: number } => r.stock !== undefined && r.stock !== 0,
    );

/** Margin of a sale: the profit and its share of the price. Null until both prices are known. */
export const margin = (cost: NumberField, price: NumberField): { amount: number; percent: number } | null => {
  const c = num(cost);
  const p = num(price);
  // A cost of 0 is a cost nobody entered: no margin to show.
  if (c === undefined || c <= 0 || p === undefined || p <= 0) return null;
  const amount = Math.round((p - c) * 100) / 100;
  return { amount, percent: Math.round((amount / p) * 1000) / 10 };
};

type BuildContext = { mode: ProductFormMode; original?: Product | null };

/**
 * Text the merchant left blank: on create it is not sent; on edit it is sent as "" only to clear a
 * value the product had (so the server is never asked to store "" where nothing was).
 */
const text = (value: string, had: string | null | undefined, { mode }: BuildContext) => {
  const t = value.trim();
  if (t) return t;
  return mode === 'edit' && had ? '' : undefined;
};

/** The request body for the form's values. Field names and indexes match the form's. */
export const toBody = (v: ProductFormValues, ctx: BuildContext): Record<string, unknown> => {
  const o = ctx.original ?? null;
  const variable = v.product_type === 'variable';
  const service = v.product_type === 'service';
  const options = variable ? cleanOptions(v.options) : [];
  const varieties = variable
    ? v.varieties.map((row) => {
        const isNew = !row._id;
        const stock = openingStock(row.store_stock);
        const origVariety = o?.varieties.find((x) => x._id === row._id);
        return {
          ...(row._id ? { _id: row._id } : {}),
          name: varietyName(row.option_values, options),
          option_values: row.option_values,
          sku: text(row.sku, origVariety?.sku, ctx),
          barcode: text(row.barcode, origVariety?.barcode, ctx),
          // A blank cost is 0 (the server would otherwise give the variety the product's cost).
          cost_price: num(row.cost_price) ?? 0,
          selling_price: num(row.selling_price),
          ...(isNew && stock.length
            ? { store_stock: stock.map(({ store_id, stock: s }) => ({ store_id, stock: s })) }
            : {}),
        };
      })
    : [];
  // A product with variants is sold at its varieties' prices; its own price is the lowest ("from").
  let sellingPrice = num(v.selling_price);
  let costPrice = num(v.cost_price);
  if (variable) {
    const priced = varieties.filter((x) => x.selling_price !== undefined);
    const cheapest = priced.reduce<(typeof priced)[number] | undefined>(
      (min, x) => (min === undefined || x.selling_price! < min.selling_price! ? x : min),
      undefined,
    );
    sellingPrice = cheapest?.selling_price ?? 0;
    costPrice = cheapest?.cost_price ?? 0;
  }
  const body: Record<string, unknown> = {
    name: v.name,
    sku: text(v.sku, o?.sku, ctx),
    barcode: text(v.barcode, o?.barcode, ctx),
    description: text(v.description, o?.description, ctx),
    images: v.images,
    product_type: v.product_type,
    cost_price: costPrice ?? (ctx.mode === 'create' ? undefined : 0),
    selling_price: sellingPrice,
    category_id: v.category_id || null,
    subcategory_id: v.category_id ? v.subcategory_id || null : null,
    tags: v.tags,
    modifiers: v.modifiers,
    options,
    varieties,
    track_stock: service ? false : v.track_stock,
    low_stock_threshold: num(v.low_stock_threshold) ?? 0,
  };
  if (ctx.mode === 'create' && !variable && !service) {
    const stock = openingStock(v.store_stock);
    if (stock.length) body.store_stock = stock.map(({ store_id, stock: s }) => ({ store_id, stock: s }));
  }
  if (ctx.mode === 'edit') body.updated_at = o?.updated_at ?? '';
  for (const key of Object.keys(body)) if (body[key] === undefined) delete body[key];
  return body;
};

/** A body path ("store_stock.0.stock") as the form's field name (indexes of skipped stores put back). */
const formPath = (path: PropertyKey[], v: ProductFormValues): string => {
  const parts = path.map(String);
  const fix = (rows: readonly StoreStockDraft[], at: number) => {
    const sent = openingStock(rows);
    const i = Number(parts[at]);
    if (Number.isInteger(i) && sent[i]) parts[at] = String(sent[i].index);
  };
  if (parts[0] === 'store_stock' && parts.length > 1) fix(v.store_stock, 1);
  if (parts[0] === 'varieties' && parts[2] === 'store_stock' && parts.length > 3) {
    const row = v.varieties[Number(parts[1])];
    if (row) fix(row.store_stock, 3);
  }
  // The option inputs are cleaned before sending; their errors show on the options block.
  if (parts[0] === 'options') return 'options.root';
  if (parts[0] === 'varieties' && parts[2] === 'name') return `varieties.${parts[1]}.selling_price`;
  if (parts[0] === 'varieties' && parts.length === 1) return 'varieties.root';
  return parts.join('.');
};

const required = (field: string) => ruleMessages.generic_required(field);

/** The form's own rules, checked before the contract's schema. */
export const formRules = (v: ProductFormValues): Record<string, string> => {
  const errors: Record<string, string> = {};
  if (!v.name.trim()) errors.name = required('name');
  if (v.product_type === 'variable') {
    if (cleanOptions(v.options).length === 0)
      errors['options.root'] = 'Add at least one option with its values, e.g. Size: S, M, L.';
    else if (v.varieties.length === 0) errors['varieties.root'] = 'Keep at least one variety.';
    v.varieties.forEach((row, i) => {
      if (row.selling_price === '') errors[`varieties.${i}.selling_price`] = required('selling price');
    });
  } else if (v.selling_price === '') errors.selling_price = required('selling price');
  return errors;
};

/** Validates the values as the server will (contracts) and hands on the request body. */
export const productResolver = (ctx: BuildContext): Resolver<ProductFormValues, unknown, ProductBody> =>
  formResolver<ProductFormValues, unknown, ProductBody, ProductFormValues>(async (values) => {
    const flat: Record<string, string> = formRules(values);
    const body = toBody(values, ctx);
    const schema = ctx.mode === 'create' ? createProductBody : updateProductBody;
    const parsed = schema.safeParse(body);
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const path = formPath(issue.path, values);
        flat[path] ??= humanizeMessage(issue.message);
      }
    if (Object.keys(flat).length === 0 && parsed.success) return { values: parsed.data, errors: {} };
    const errors: FieldErrors<ProductFormValues> = {};
    for (const [path, message] of Object.entries(flat)) set(errors, path, { type: 'validate', message });
    return { values: {}, errors };
  });
