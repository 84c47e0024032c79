import { sql } from 'kysely';
import {
  parseUploadRow,
  parseVariantGroup,
  type CreateProductBody,
  type ParsedUploadRow,
  type ParsedVariant,
} from '@ms/contracts';
import type { Tx } from '../../db/database.js';
import { classifyDatabaseError, contentErrorReason, isUniqueViolation } from '../../lib/db-errors.js';
import { HttpError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { addProducts, addVarieties, ProductItemError, takenSkus } from '../products/index.js';

export type ClaimedRow = {
  row_number: number;
  data: Record<string, string>;
  /** The first row of the row's handle (null without a handle). */
  group_row?: number | null;
  /** For a later row of a handle whose first row is not in this claim: that row's cells and product. */
  lead_data?: Record<string, string> | null;
  lead_product_id?: string | null;
};
export type RowResult = {
  row_number: number;
  status: 'succeeded' | 'failed';
  error: string | null;
  product_id: string | null;
};
export type ImportContext = {
  businessId: string;
  userId: string | null;
  storeId: string | null;
  log: { error: (obj: object, msg: string) => void };
};

const key = (text: string) => text.trim().toLowerCase();
const OUR_SIDE =
  'This product could not be created because of a problem on our side. Reprocess the batch to try again.';

/** Top-level categories by lower-cased name; names not found are created (a concurrent creator wins harmlessly). */
const resolveCategories = async (
  tx: Tx,
  businessId: string,
  names: readonly string[],
): Promise<Map<string, string>> => {
  const wanted = [...new Map(names.map((n) => [key(n), n.trim()])).entries()];
  const out = new Map<string, string>();
  if (wanted.length === 0) return out;
  const find = async (lowered: string[]) => {
    if (lowered.length === 0) return;
    const { rows } = await sql<{ id: string; lname: string }>`
      SELECT id, lower(name) AS lname FROM categories
      WHERE business_id = ${businessId}::uuid AND parent_id IS NULL AND deleted_at IS NULL
        AND lower(name) = ANY (${lowered}::text[])`.execute(tx);
    for (const r of rows) out.set(r.lname, r.id);
  };
  await find(wanted.map(([k]) => k));
  const missing = wanted.filter(([k]) => !out.has(k));
  if (missing.length) {
    await sql`
      INSERT INTO categories (business_id, id, name, parent_id)
      SELECT ${businessId}::uuid, x.id, x.name, NULL
      FROM unnest(${missing.map(() => newId())}::uuid[], ${missing.map(([, n]) => n)}::text[]) AS x(id, name)
      ON CONFLICT DO NOTHING`.execute(tx);
    await find(missing.map(([k]) => k));
  }
  return out;
};

/** A row of a product being made: the row and, for a variant, what it adds. */
type Part = { row: ClaimedRow; variant?: ParsedVariant; sku?: string; label: string };

/** One product to create: a row without handle, or the rows of a handle (the first row first). */
type Item = {
  name: string;
  product: ParsedUploadRow & { options?: string[] };
  parts: Part[];
  handle: string;
};

const bodyOf = (item: Item, categoryId: string | null, storeId: string | null): CreateProductBody => {
  const { category: _category, stock, options, ...fields } = item.product;
  void _category;
  const stockOf = (n: number | undefined) =>
    storeId && n && n > 0 ? { store_stock: [{ store_id: storeId, stock: n }] } : {};
  if (!options) {
    return {
      ...fields,
      product_type: 'simple',
      ...(categoryId ? { category_id: categoryId } : {}),
      ...stockOf(stock),
    };
  }
  const variants = item.parts.map((p) => p.variant!);
  // As the product form does: the product's own price is its cheapest variant's ("from").
  const cheapest = variants.reduce((min, v) => (v.selling_price < min.selling_price ? v : min));
  return {
    name: fields.name,
    ...(fields.description ? { description: fields.description } : {}),
    ...(fields.low_stock_threshold !== undefined ? { low_stock_threshold: fields.low_stock_threshold } : {}),
    ...(fields.track_stock !== undefined ? { track_stock: fields.track_stock } : {}),
    product_type: 'variable',
    selling_price: cheapest.selling_price,
    cost_price: cheapest.cost_price ?? 0,
    ...(categoryId ? { category_id: categoryId } : {}),
    options: options.map((name) => ({
      name,
      values: [...new Set(variants.map((v) => v.option_values[name]!))],
    })),
    varieties: variants.map((v) => varietyOf(v, options, storeId)),
  };
};

const varietyOf = (v: ParsedVariant, options: readonly string[], storeId: string | null) => ({
  name: options.map((o) => v.option_values[o]).join(' / '),
  option_values: v.option_values,
  ...(v.sku ? { sku: v.sku } : {}),
  ...(v.barcode ? { barcode: v.barcode } : {}),
  cost_price: v.cost_price ?? 0,
  selling_price: v.selling_price,
  ...(storeId && v.stock && v.stock > 0 ? { store_stock: [{ store_id: storeId, stock: v.stock }] } : {}),
});

/**
 * Creates the products of a chunk of rows set-based (products module addProducts: one statement per
 * table for the chunk) inside the caller's transaction. Every row gets its own result: a row the
 * rules refuse fails with the reason naming the column; a SKU already used (by a product, or by an
 * earlier row of the file) fails that row only; anything the database refuses is found by
 * splitting the chunk in halves under savepoints until the row is alone, so the others are kept.
 * Rows of a handle make one product with variants (rules in parseVariantGroup).
 */
export const importRows = async (
  tx: Tx,
  ctx: ImportContext,
  rows: readonly ClaimedRow[],
): Promise<RowResult[]> => {
  const results = new Map<number, RowResult>();
  const fail = (row: ClaimedRow, error: string) =>
    results.set(row.row_number, { row_number: row.row_number, status: 'failed', error, product_id: null });
  const succeed = (row: ClaimedRow, productId: string) =>
    results.set(row.row_number, {
      row_number: row.row_number,
      status: 'succeeded',
      error: null,
      product_id: productId,
    });

  // Rows by product: a row alone, or the rows of one handle; later rows whose first row is done.
  const groups = new Map<number, ClaimedRow[]>();
  const orphans: ClaimedRow[] = [];
  const order: (ClaimedRow | number)[] = [];
  for (const row of [...rows].sort((a, b) => a.row_number - b.row_number)) {
    const lead = row.group_row ?? null;
    if (lead === null) order.push(row);
    else if (lead === row.row_number || groups.has(lead)) {
      if (!groups.has(lead)) {
        groups.set(lead, []);
        order.push(lead);
      }
      groups.get(lead)!.push(row);
    } else orphans.push(row);
  }

  const items: Item[] = [];
  /** The first row of a handle failed: its product cannot be made, so every row of it fails. */
  const groupFails = (group: readonly ClaimedRow[], leadError: string) => {
    const [lead, ...rest] = group;
    if (!lead) return;
    fail(lead, leadError);
    for (const r of rest)
      fail(
        r,
        `the first row of handle “${lead.data.handle ?? ''}” (row ${lead.row_number}) could not be created: ${leadError}`,
      );
  };
  for (const entry of order) {
    if (typeof entry !== 'number') {
      const p = parseUploadRow(entry.data);
      if (!p.ok) fail(entry, p.error);
      else
        items.push({
          name: p.value.name,
          product: p.value,
          parts: [{ row: entry, sku: p.value.sku, label: p.value.name }],
          handle: '',
        });
      continue;
    }
    const group = groups.get(entry)!;
    const lead = group[0]!;
    // A handle on one row with no option is a product without variants.
    if (group.length === 1 && !lead.data.option1_name && !lead.data.option2_name && !lead.data.option3_name) {
      const p = parseUploadRow(lead.data);
      if (!p.ok) fail(lead, p.error);
      else
        items.push({
          name: p.value.name,
          product: p.value,
          parts: [{ row: lead, sku: p.value.sku, label: p.value.name }],
          handle: '',
        });
      continue;
    }
    const parsed = parseVariantGroup(group.map((r) => ({ rowNumber: r.row_number, data: r.data })));
    if (!parsed.product.ok) {
      groupFails(group, parsed.product.error);
      continue;
    }
    const first = parsed.variants[0];
    if (!first?.ok) {
      groupFails(group, first?.error ?? 'no rows');
      continue;
    }
    const product = parsed.product.value;
    const parts: Part[] = [];
    parsed.variants.forEach((v, i) => {
      const row = group[i]!;
      if (!v.ok) fail(row, v.error);
      else
        parts.push({
          row,
          variant: v.value,
          sku: v.value.sku,
          label: `${product.name} (${product.options.map((o) => v.value.option_values[o]).join(' / ')})`,
        });
    });
    items.push({ name: product.name, product, parts, handle: lead.data.handle ?? '' });
  }

  // SKUs already used by a product of the business, or by an earlier row: that row fails alone.
  const taken = await takenSkus(tx, ctx.businessId, [
    ...new Set(items.flatMap((i) => i.parts.flatMap((p) => (p.sku ? [key(p.sku)] : [])))),
  ]);
  const skuFailed = (part: Part, owner: string) =>
    fail(part.row, `SKU ${part.sku} is already used by ${owner}`);
  const ready = items.filter((item) => {
    item.parts = item.parts.filter((part) => {
      if (!part.sku) return true;
      const owner = taken.get(key(part.sku));
      if (owner) {
        skuFailed(part, owner);
        return false;
      }
      taken.set(key(part.sku), part.label);
      return true;
    });
    return keepsItsFirstRow(item);
  });

  const categories = await resolveCategories(
    tx,
    ctx.businessId,
    ready.flatMap((i) => (i.product.category ? [i.product.category] : [])),
  );
  const categoryOf = (i: Item) =>
    i.product.category ? (categories.get(key(i.product.category)) ?? null) : null;

  /** The item's first row failed: its product cannot be made, so its other rows fail with it. */
  function keepsItsFirstRow(item: Item): boolean {
    const leadRow = item.parts[0]?.row;
    const group = leadRow?.group_row;
    if (leadRow && (group === null || group === undefined || group === leadRow.row_number)) return true;
    const leadNumber = item.parts[0]?.row.group_row ?? null;
    const leadResult = leadNumber !== null ? results.get(leadNumber) : undefined;
    for (const part of item.parts)
      fail(
        part.row,
        `the first row of handle “${item.handle}” (row ${leadNumber ?? '?'}) could not be created: ${leadResult?.error ?? 'see that row'}`,
      );
    return false;
  }

  const caller = { businessId: ctx.businessId, userId: ctx.userId };
  const write = async (list: Item[]): Promise<void> => {
    if (list.length === 0) return;
    await sql`SAVEPOINT upload_rows`.execute(tx);
    try {
      const added = await addProducts(
        tx,
        caller,
        list.map((i) => bodyOf(i, categoryOf(i), ctx.storeId)),
      );
      await sql`RELEASE SAVEPOINT upload_rows`.execute(tx);
      list.forEach((item, i) => item.parts.forEach((p) => succeed(p.row, added[i]!.id)));
    } catch (error) {
      await sql`ROLLBACK TO SAVEPOINT upload_rows`.execute(tx);
      await sql`RELEASE SAVEPOINT upload_rows`.execute(tx);
      if (error instanceof ProductItemError) {
        const bad = list[error.index]!;
        await retryAlone(bad, error.error);
        await write(list.filter((_, i) => i !== error.index));
      } else if (list.length > 1) {
        const half = Math.ceil(list.length / 2);
        await write(list.slice(0, half));
        await write(list.slice(half));
      } else await retryAlone(list[0]!, error);
    }
  };

  /** One product the database refused: a SKU taken meanwhile fails its row (the rest is tried again); else it fails. */
  const retryAlone = async (item: Item, error: unknown) => {
    const skuProblem = isUniqueViolation(error) || (error instanceof HttpError && error.statusCode === 409);
    if (skuProblem) {
      const now = await takenSkus(
        tx,
        ctx.businessId,
        item.parts.flatMap((p) => (p.sku ? [key(p.sku)] : [])),
      );
      const clashing = item.parts.filter((p) => p.sku && now.has(key(p.sku)));
      if (clashing.length) {
        clashing.forEach((p) => skuFailed(p, now.get(key(p.sku!))!));
        item.parts = item.parts.filter((p) => !clashing.includes(p));
        if (keepsItsFirstRow(item)) await write([item]);
        return;
      }
    }
    failItem(item, error);
  };

  const failItem = (item: Item, error: unknown) => {
    let reason: string;
    if (error instanceof HttpError && error.statusCode < 500) reason = error.message;
    else if (classifyDatabaseError(error) === 'content') reason = contentErrorReason(error);
    else {
      ctx.log.error(
        { err: error, row: item.parts[0]?.row.row_number },
        'bulk upload: a row could not be created',
      );
      reason = OUR_SIDE;
    }
    const [first, ...rest] = item.parts;
    if (first) fail(first.row, reason);
    for (const p of rest)
      fail(
        p.row,
        `the first row of handle “${item.handle}” (row ${first?.row.row_number}) could not be created: ${reason}`,
      );
  };

  await write(ready);

  // Later rows of a handle whose product exists (a reprocess after they failed): added to it.
  for (const row of orphans) {
    const leadData = row.lead_data;
    if (!row.lead_product_id || !leadData) {
      fail(
        row,
        `the first row of handle “${row.data.handle ?? ''}” (row ${row.group_row}) was not created: fix that row and reprocess`,
      );
      continue;
    }
    const parsed = parseVariantGroup([
      { rowNumber: row.group_row ?? 0, data: leadData },
      { rowNumber: row.row_number, data: row.data },
    ]);
    const v = parsed.variants[1];
    if (!parsed.product.ok || !v) {
      fail(row, parsed.product.ok ? 'no rows' : parsed.product.error);
      continue;
    }
    if (!v.ok) {
      fail(row, v.error);
      continue;
    }
    const sku = v.value.sku;
    const owner = sku ? (await takenSkus(tx, ctx.businessId, [key(sku)])).get(key(sku)) : undefined;
    if (sku && owner) {
      fail(row, `SKU ${sku} is already used by ${owner}`);
      continue;
    }
    await sql`SAVEPOINT upload_row`.execute(tx);
    try {
      await addVarieties(tx, caller, row.lead_product_id, [
        varietyOf(v.value, parsed.product.value.options, ctx.storeId),
      ]);
      await sql`RELEASE SAVEPOINT upload_row`.execute(tx);
      succeed(row, row.lead_product_id);
    } catch (error) {
      await sql`ROLLBACK TO SAVEPOINT upload_row`.execute(tx);
      await sql`RELEASE SAVEPOINT upload_row`.execute(tx);
      if (error instanceof HttpError && error.statusCode < 500) fail(row, error.message);
      else if (classifyDatabaseError(error) === 'content') fail(row, contentErrorReason(error));
      else {
        ctx.log.error({ err: error, row: row.row_number }, 'bulk upload: a variant could not be added');
        fail(row, OUR_SIDE);
      }
    }
  }

  return rows.map(
    (r) =>
      results.get(r.row_number) ?? {
        row_number: r.row_number,
        status: 'failed',
        error: OUR_SIDE,
        product_id: null,
      },
  );
};
