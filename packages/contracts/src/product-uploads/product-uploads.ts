import { z } from 'zod';
import { inputString } from '../validation/zod-rules.js';
import { createProductBody } from '../products/products.js';

/**
 * Bulk product upload (spec 001 §7 "Products (v1)"): a CSV or XLSX file becomes a batch whose rows
 * are created as products in the background. Served at
 *   POST /v1/businesses/{b}/uploadproducts                       (spec: POST /uploadproducts)
 *   GET  /v1/businesses/{b}/uploadproducts/batches               (spec: GET /uploadproducts/batches)
 *   GET  /v1/businesses/{b}/{batchNumber}/upload-batch/products  (spec: GET /{batchNumber}/upload-batch/products)
 *   POST /v1/businesses/{b}/reprocess/product                    (spec: POST /reprocess/product)
 *   GET  /v1/businesses/{b}/uploadproducts/template              (the CSV template)
 */

/** At most this many product rows in one file. */
export const MAX_UPLOAD_ROWS = 100_000;
/** Largest file accepted (CSV or XLSX). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export type UploadColumn = {
  key: string;
  required: boolean;
  description: string;
  example: [string, string];
};

/** The columns a file may have, in template order. Header names are matched case-insensitively. */
export const UPLOAD_COLUMNS: readonly UploadColumn[] = [
  {
    key: 'name',
    required: true,
    description: 'Product name as it shows on receipts',
    example: ['Rice 50kg', 'Peak Milk Tin 400g'],
  },
  {
    key: 'sku',
    required: false,
    description: 'Your own product code; each product needs a different one',
    example: ['RICE-50', 'PEAK-400'],
  },
  {
    key: 'barcode',
    required: false,
    description: 'The number under the barcode on the pack',
    example: ['6151100030153', ''],
  },
  {
    key: 'description',
    required: false,
    description: 'A short description',
    example: ['Long grain parboiled rice', ''],
  },
  {
    key: 'category',
    required: false,
    description: 'Category name; a new name creates the category',
    example: ['Grains', 'Beverages'],
  },
  {
    key: 'cost_price',
    required: false,
    description: 'What one unit costs you, in naira (e.g. 42000 or 42,000.50)',
    example: ['42000', '1650.50'],
  },
  { key: 'selling_price', required: true, description: 'Selling price in naira', example: ['45500', '1900'] },
  {
    key: 'stock',
    required: false,
    description: 'Opening stock (whole number) in the store you choose when uploading',
    example: ['20', '120'],
  },
  {
    key: 'low_stock_threshold',
    required: false,
    description: 'Warn when stock falls to this number',
    example: ['5', '24'],
  },
  {
    key: 'track_stock',
    required: false,
    description: 'yes or no (empty means yes)',
    example: ['yes', 'yes'],
  },
];

export const UPLOAD_COLUMN_KEYS = UPLOAD_COLUMNS.map((c) => c.key);
export const REQUIRED_UPLOAD_COLUMNS = UPLOAD_COLUMNS.filter((c) => c.required).map((c) => c.key);

/**
 * The columns of products with variants (sizes, colours), as Shopify's product CSV has them: rows
 * with the same handle are one product. Its first row carries the product (name, description,
 * category, low_stock_threshold, track_stock, the option names) and its first variant; each next
 * row of the handle one more variant (option values, sku, barcode, prices, stock).
 */
export const VARIANT_UPLOAD_COLUMNS: readonly UploadColumn[] = [
  {
    key: 'handle',
    required: false,
    description:
      'Rows with the same handle are the variants of one product; the first row also has the name, category and option names',
    example: ['ankara-shirt', 'ankara-shirt'],
  },
  {
    key: 'option1_name',
    required: false,
    description: 'First option of a product with variants, on its first row (e.g. Size)',
    example: ['Size', ''],
  },
  {
    key: 'option1_value',
    required: false,
    description: 'This variant’s value of the first option (e.g. M)',
    example: ['M', 'L'],
  },
  {
    key: 'option2_name',
    required: false,
    description: 'Second option, on the first row (e.g. Colour)',
    example: ['Colour', ''],
  },
  {
    key: 'option2_value',
    required: false,
    description: 'This variant’s second value',
    example: ['Blue', 'Blue'],
  },
  { key: 'option3_name', required: false, description: 'Third option, on the first row', example: ['', ''] },
  { key: 'option3_value', required: false, description: 'This variant’s third value', example: ['', ''] },
];

/** Every column a file may have (simple products and products with variants). */
export const ALL_UPLOAD_COLUMN_KEYS = [...UPLOAD_COLUMN_KEYS, ...VARIANT_UPLOAD_COLUMNS.map((c) => c.key)];

/** Other header spellings people use, mapped to our column names. */
const HEADER_ALIASES: Record<string, string> = {
  product: 'name',
  product_name: 'name',
  item: 'name',
  item_name: 'name',
  price: 'selling_price',
  sale_price: 'selling_price',
  sales_price: 'selling_price',
  cost: 'cost_price',
  qty: 'stock',
  quantity: 'stock',
  opening_stock: 'stock',
  category_name: 'category',
  low_stock: 'low_stock_threshold',
  reorder_level: 'low_stock_threshold',
  // Shopify's product CSV.
  title: 'name',
  body: 'description',
  variant_sku: 'sku',
  variant_barcode: 'barcode',
  variant_price: 'selling_price',
  cost_per_item: 'cost_price',
  variant_inventory_qty: 'stock',
  option_1_name: 'option1_name',
  option_1_value: 'option1_value',
  option_2_name: 'option2_name',
  option_2_value: 'option2_value',
  option_3_name: 'option3_name',
  option_3_value: 'option3_value',
};

/** "Selling Price (₦)*" -> "selling_price"; unknown headers come back normalised but unmapped. */
export const normaliseHeader = (header: string): string => {
  const key = header
    .replace(/^\uFEFF/, '')
    .replace(/\(.*?\)/g, '')
    .replace(/\*/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s\-.]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return HEADER_ALIASES[key] ?? key;
};

const csvCell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** The downloadable template: the header row and two example rows. */
export const uploadTemplateCsv = (): string =>
  [UPLOAD_COLUMN_KEYS, UPLOAD_COLUMNS.map((c) => c.example[0]), UPLOAD_COLUMNS.map((c) => c.example[1])]
    .map((row) => row.map(csvCell).join(','))
    .join('\r\n') + '\r\n';

/**
 * The template of products with variants: every column, a product in three sizes (rows grouped by
 * handle) and a product without variants (no handle).
 */
export const variantTemplateCsv = (): string => {
  const keys = [
    'handle',
    'name',
    'option1_name',
    'option1_value',
    'option2_name',
    'option2_value',
    'option3_name',
    'option3_value',
    'sku',
    'barcode',
    'description',
    'category',
    'cost_price',
    'selling_price',
    'stock',
    'low_stock_threshold',
    'track_stock',
  ];
  const rows: Record<string, string>[] = [
    {
      handle: 'ankara-shirt',
      name: 'Ankara Shirt',
      option1_name: 'Size',
      option1_value: 'M',
      option2_name: 'Colour',
      option2_value: 'Blue',
      sku: 'ANK-M-BLU',
      description: 'Cotton Ankara print shirt',
      category: 'Clothing',
      cost_price: '6000',
      selling_price: '9500',
      stock: '10',
      low_stock_threshold: '2',
      track_stock: 'yes',
    },
    {
      handle: 'ankara-shirt',
      option1_value: 'L',
      option2_value: 'Blue',
      sku: 'ANK-L-BLU',
      selling_price: '9500',
      stock: '8',
    },
    {
      handle: 'ankara-shirt',
      option1_value: 'XL',
      option2_value: 'Red',
      sku: 'ANK-XL-RED',
      selling_price: '10500',
      stock: '4',
    },
    {
      name: 'Rice 50kg',
      sku: 'RICE-50',
      barcode: '6151100030153',
      category: 'Grains',
      cost_price: '42000',
      selling_price: '45500',
      stock: '20',
      low_stock_threshold: '5',
      track_stock: 'yes',
    },
  ];
  return (
    [keys, ...rows.map((r) => keys.map((k) => r[k] ?? ''))]
      .map((row) => row.map(csvCell).join(','))
      .join('\r\n') + '\r\n'
  );
};

/** Largest opening stock of a row (as the product form's stock fields). */
const MAX_OPENING_STOCK = 10_000_000;

/** One product row of a file, as it will be created. */
export type ParsedUploadRow = {
  name: string;
  sku?: string;
  barcode?: string;
  description?: string;
  category?: string;
  cost_price?: number;
  selling_price: number;
  stock?: number;
  low_stock_threshold?: number;
  track_stock?: boolean;
};

const quoted = (value: string) => `“${value.length > 40 ? `${value.slice(0, 40)}…` : value}”`;

/** "₦1,500.50" or "1500.5" -> 1500.5; anything else is NaN. */
const parseAmount = (raw: string): number => {
  const text = raw.replace(/[₦,\s]/g, '').replace(/^NGN/i, '');
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : NaN;
};

const YES = new Set(['yes', 'y', 'true', '1']);
const NO = new Set(['no', 'n', 'false', '0']);

/**
 * Reads one row of a file (cells as text, keys as UPLOAD_COLUMN_KEYS) into a product, or says in
 * one sentence what is wrong with it, naming the column. The same rules as creating a product by
 * hand (createProductBody).
 */
export const parseUploadRow = (
  data: Readonly<Record<string, string | null | undefined>>,
): { ok: true; value: ParsedUploadRow } | { ok: false; error: string } => {
  const cell = (key: string) => String(data[key] ?? '').trim();
  const out: Record<string, unknown> = {};
  for (const key of ['name', 'sku', 'barcode', 'description', 'category']) {
    if (cell(key)) out[key] = cell(key);
  }
  if (!cell('name')) return { ok: false, error: 'name is required' };
  if (!cell('selling_price')) return { ok: false, error: 'selling_price is required' };
  for (const key of ['cost_price', 'selling_price']) {
    if (!cell(key)) continue;
    const n = parseAmount(cell(key));
    if (Number.isNaN(n))
      return { ok: false, error: `${key} must be a number in naira, not ${quoted(cell(key))}` };
    out[key] = n;
  }
  for (const key of ['stock', 'low_stock_threshold']) {
    if (!cell(key)) continue;
    const n = parseAmount(cell(key));
    if (!Number.isInteger(n))
      return { ok: false, error: `${key} must be a whole number, not ${quoted(cell(key))}` };
    out[key] = n;
  }
  if (cell('track_stock')) {
    const flag = cell('track_stock').toLowerCase();
    if (!YES.has(flag) && !NO.has(flag))
      return { ok: false, error: `track_stock must be yes or no, not ${quoted(cell('track_stock'))}` };
    out.track_stock = YES.has(flag);
  }
  if (out.track_stock === false && typeof out.stock === 'number' && out.stock > 0)
    return { ok: false, error: 'stock: a product with track_stock no cannot have opening stock' };
  if (typeof out.stock === 'number' && out.stock < 0) return { ok: false, error: 'stock cannot be negative' };
  if (typeof out.stock === 'number' && out.stock > MAX_OPENING_STOCK)
    return { ok: false, error: 'stock is too large' };
  if (typeof out.category === 'string' && out.category.length > 100)
    return { ok: false, error: 'category must be at most 100 characters' };

  const { category, stock, ...product } = out;
  const checked = createProductBody.safeParse(product);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    const field = issue?.path.join('.') ?? '';
    const message = issue?.message ?? 'is invalid';
    return { ok: false, error: field && !message.includes(field) ? `${field}: ${message}` : message };
  }
  return {
    ok: true,
    value: {
      ...(checked.data as ParsedUploadRow),
      ...(category ? { category: category as string } : {}),
      ...(stock !== undefined ? { stock: stock as number } : {}),
    },
  };
};

/** Most variants one product may have, and values one option may have (as on the product form). */
export const MAX_UPLOAD_VARIANTS = 250;
export const MAX_OPTION_VALUES = 50;
const OPTION_KEYS = [1, 2, 3].map((n) => ({ name: `option${n}_name`, value: `option${n}_value` }));

/** The grouping key of a handle cell ('' when the row has none). */
export const handleKey = (handle: string | null | undefined): string => (handle ?? '').trim().toLowerCase();

/** One variant of a handle's rows, as it will be created. */
export type ParsedVariant = {
  option_values: Record<string, string>;
  sku?: string;
  barcode?: string;
  cost_price?: number;
  selling_price: number;
  stock?: number;
};

type Outcome<T> = { ok: true; value: T } | { ok: false; error: string };

/** The product of a handle's rows: the first row's fields and the option names it gives. */
export type ParsedGroup = {
  product: Outcome<ParsedUploadRow & { options: string[] }>;
  /** One per row, in the order given (the first row's own variant first). */
  variants: Outcome<ParsedVariant>[];
};

/**
 * Reads the rows of one handle (file order; the first is the product's row) into a product with
 * variants, or says per row what is wrong. Rules (docs/decisions/0007-bulk-product-import.md):
 * - the first row carries the product and needs option1_name (option2_name, option3_name
 *   optional); the name, description, category, low_stock_threshold and track_stock of later rows
 *   are not read;
 * - every row needs a value for each option named, and none for an option not named; two rows with
 *   the same values (whatever the case) are one variant twice: the later one fails;
 * - a row's empty selling_price or cost_price is the first row's;
 * - the first row failing fails the group (its product cannot be made); a later row failing
 *   fails alone and the product is made with the other variants.
 */
export const parseVariantGroup = (
  rows: readonly { rowNumber: number; data: Readonly<Record<string, string | null | undefined>> }[],
): ParsedGroup => {
  const [lead, ...rest] = rows;
  if (!lead) return { product: { ok: false, error: 'no rows' }, variants: [] };
  const leadCell = (key: string) => String(lead.data[key] ?? '').trim();
  const handle = leadCell('handle');
  const fail = (error: string) => ({ ok: false as const, error });

  const options: string[] = [];
  let productError: string | null = null;
  for (const [i, k] of OPTION_KEYS.entries()) {
    const name = leadCell(k.name);
    if (!name) continue;
    if (options.length < i) {
      productError = `${k.name}: fill option${options.length + 1}_name first`;
      break;
    }
    if (name.length > 60) {
      productError = `${k.name} must be at most 60 characters`;
      break;
    }
    if (options.some((o) => o.toLowerCase() === name.toLowerCase())) {
      productError = `${k.name}: “${name}” is already option ${options.length}`;
      break;
    }
    options.push(name);
  }
  if (!productError && options.length === 0)
    productError = `option1_name is required: rows with handle ${quoted(handle)} are the variants of one product; name its option (e.g. Size) on its first row`;
  const base = parseUploadRow(lead.data);
  const product: ParsedGroup['product'] = productError
    ? fail(productError)
    : base.ok
      ? { ok: true, value: { ...base.value, options } }
      : base;

  const leadPrice = leadCell('selling_price');
  const leadCost = leadCell('cost_price');
  const seen = new Map<string, number>();
  const valuesPerOption = options.map(() => new Map<string, string>());
  let count = 0;
  const variants = [lead, ...rest].map((row): Outcome<ParsedVariant> => {
    const cell = (key: string) => String(row.data[key] ?? '').trim();
    const optionValues: Record<string, string> = {};
    for (const [i, k] of OPTION_KEYS.entries()) {
      const value = cell(k.value);
      const name = options[i];
      if (!name) {
        if (value) return fail(`${k.value}: the first row of handle ${quoted(handle)} names no ${k.name}`);
        continue;
      }
      if (!value) return fail(`${k.value} is required: the ${name} of this variant`);
      if (value.length > 60) return fail(`${k.value} must be at most 60 characters`);
      optionValues[name] = valuesPerOption[i]?.get(value.toLowerCase()) ?? value;
    }
    // The same checks as a product row: prices, stock, sku and barcode lengths.
    const parsed = parseUploadRow({
      name: String(lead.data.name ?? '').trim() || 'variant',
      sku: cell('sku'),
      barcode: cell('barcode'),
      selling_price: cell('selling_price') || leadPrice,
      cost_price: cell('cost_price') || leadCost,
      stock: cell('stock'),
      track_stock: leadCell('track_stock'),
    });
    if (!parsed.ok) return parsed;
    const combo = options.map((o) => (optionValues[o] ?? '').toLowerCase()).join('\u0000');
    const before = seen.get(combo);
    if (before !== undefined)
      return fail(`this variant (${Object.values(optionValues).join(' / ')}) is already on row ${before}`);
    for (const [i, name] of options.entries()) {
      const values = valuesPerOption[i]!;
      const value = optionValues[name]!;
      if (!values.has(value.toLowerCase()) && values.size >= MAX_OPTION_VALUES)
        return fail(`${OPTION_KEYS[i]!.value}: an option can have at most ${MAX_OPTION_VALUES} values`);
    }
    if (count >= MAX_UPLOAD_VARIANTS)
      return fail(
        `a product can have at most ${MAX_UPLOAD_VARIANTS} variants: put the rest under another handle`,
      );
    seen.set(combo, row.rowNumber);
    count += 1;
    for (const [i, name] of options.entries()) {
      const value = optionValues[name]!;
      if (!valuesPerOption[i]!.has(value.toLowerCase())) valuesPerOption[i]!.set(value.toLowerCase(), value);
    }
    return { ok: true, value: variantOf(parsed.value, optionValues) };
  });
  return { product, variants };
};

const variantOf = (row: ParsedUploadRow, optionValues: Record<string, string>): ParsedVariant => ({
  option_values: optionValues,
  ...(row.sku ? { sku: row.sku } : {}),
  ...(row.barcode ? { barcode: row.barcode } : {}),
  ...(row.cost_price !== undefined ? { cost_price: row.cost_price } : {}),
  selling_price: row.selling_price,
  ...(row.stock !== undefined ? { stock: row.stock } : {}),
});

export const UPLOAD_BATCH_STATUSES = ['queued', 'processing', 'completed', 'failed'] as const;
export const uploadBatchStatus = z.enum(UPLOAD_BATCH_STATUSES);
export type UploadBatchStatus = z.infer<typeof uploadBatchStatus>;

/** A batch with its progress. `failed` means no row could be created. */
export const uploadBatch = z.object({
  _id: z.string(),
  id: z.string(),
  batch_number: z.number(),
  file_name: z.string(),
  store_id: z.string().nullable(),
  status: uploadBatchStatus,
  total_rows: z.number(),
  processed_rows: z.number(),
  succeeded_rows: z.number(),
  failed_rows: z.number(),
  /** 0-100, processed rows over total rows. */
  progress: z.number(),
  error: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  finished_at: z.string().nullable(),
});
export type UploadBatch = z.infer<typeof uploadBatch>;

/** One row of a file: its spreadsheet row number (the header is row 1), its cells and what happened. */
export const uploadBatchRow = z.object({
  row_number: z.number(),
  data: z.record(z.string(), z.string()),
  status: z.enum(['pending', 'succeeded', 'failed']),
  error: z.string().nullable(),
  product_id: z.string().nullable(),
});
export type UploadBatchRow = z.infer<typeof uploadBatchRow>;

export const uploadBatchListQuery = z.object({
  page: z.coerce.number().int().min(1, 'page must be 1 or more').default(1),
  limit: z.coerce.number().int().min(1).max(100, 'limit must be between 1 and 100').default(20),
});
export const uploadBatchPage = z.object({
  items: z.array(uploadBatch),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
});
export type UploadBatchPage = z.infer<typeof uploadBatchPage>;

export const batchNumberParams = z.object({
  businessId: inputString('businessId'),
  batchNumber: z.coerce
    .number({ error: 'batchNumber must be a number' })
    .int('batchNumber must be a whole number')
    .min(1, 'batchNumber must be 1 or more')
    .max(Number.MAX_SAFE_INTEGER, 'batchNumber is too large'),
});

export const failedRowsQuery = z.object({
  page: z.coerce.number().int().min(1, 'page must be 1 or more').default(1),
  limit: z.coerce.number().int().min(1).max(500, 'limit must be between 1 and 500').default(50),
});
/** GET .../{batchNumber}/upload-batch/products: the batch and a page of its failed rows. */
export const failedRowsData = z.object({
  batch: uploadBatch,
  items: z.array(uploadBatchRow),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
});
export type FailedRowsData = z.infer<typeof failedRowsData>;

const cellValue = z
  .union([z.string(), z.number(), z.boolean(), z.null()], {
    error: 'every cell of a row should be text or a number',
  })
  .transform((v) => (v === null ? '' : String(v)));

/** POST .../reprocess/product: corrected cells for some failed rows, then every failed row is tried again. */
export const reprocessBody = z.object({
  batch_number: z.coerce
    .number({ error: 'batch_number should be an numeric' })
    .int('batch_number must be a whole number')
    .min(1, 'batch_number must be 1 or more')
    .max(Number.MAX_SAFE_INTEGER, 'batch_number is too large'),
  rows: z
    .array(
      z.object({
        row_number: z
          .number({ error: 'row_number should be an numeric' })
          .int('row_number must be a whole number')
          .min(2, 'row_number must be 2 or more (row 1 is the header)'),
        data: z.record(z.string(), cellValue, { error: 'data should be an object' }),
      }),
      { error: 'rows should be an array' },
    )
    .max(1000, 'At most 1000 rows at a time')
    .optional(),
});
export type ReprocessBody = z.input<typeof reprocessBody>;
