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
export const MAX_UPLOAD_ROWS = 20_000;
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
