import { z } from 'zod';
import type { PermissionKey } from '../staff/permissions.js';
import { DEFAULT_TIME_ZONE, todayIn } from '../shared/time-zone.js';
import { id, inputString } from '../validation/zod-rules.js';

/**
 * Sales reports (spec 001 §2 /sales-report, §7 "Customers" and "Sales"): by product, by employee,
 * one employee's summary, by customer. Days are days of the business's time zone (default
 * Africa/Lagos) written YYYY-MM-DD; `startdate` and `enddate` are inclusive and default to today. Money is naira.
 * Refunds are counted against the sale they refund (the sale's day), and subtract: net = sales − refunds.
 * Every report also answers CSV with `?format=csv` (a header row, then one row per line).
 */

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const realDay = (s: string) => {
  if (!DAY.test(s)) return true; // the pattern's message says it
  const d = new Date(`${s}T00:00:00Z`);
  const year = Number(s.slice(0, 4));
  // PostgreSQL has no year 0: days outside 1900-2999 reach no query (they mean a typing slip).
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && year >= 1900 && year <= 2999;
};
export const reportDay = (field: string) =>
  z
    .string({ error: `${field} should be string` })
    .regex(DAY, `${field} must be a date like 2024-01-31`)
    .refine(realDay, `${field} is not a real date`);

/** Today in Lagos as YYYY-MM-DD (the default zone; a business's own zone: `todayIn`). */
export const lagosToday = (now = new Date()): string => todayIn(DEFAULT_TIME_ZONE, now);

const storeIdsField = z
  .union([z.string(), z.array(z.string())], { error: 'store_ids should be a list of store ids' })
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim().toLowerCase()).filter(Boolean))
  .pipe(z.array(id('store_ids')).max(100, 'store_ids has too many stores'));

const rangeShape = {
  startdate: reportDay('startdate').optional(),
  enddate: reportDay('enddate').optional(),
  store_ids: storeIdsField.optional(),
  format: z.enum(['json', 'csv'], { error: 'format must be json or csv' }).optional(),
};
const endNotBeforeStart = (q: { startdate?: string | undefined; enddate?: string | undefined }) =>
  !q.startdate || !q.enddate || q.enddate >= q.startdate;
const endMessage = { message: 'enddate must be on or after startdate', path: ['enddate'] };

export const reportRangeQuery = z.object(rangeShape).refine(endNotBeforeStart, endMessage);
export type ReportRangeQuery = z.infer<typeof reportRangeQuery>;

/** Optional body of the POST reports: `{store_ids: [...]}` (the query's store_ids also works). */
export const reportStoresBody = z
  .object({ store_ids: storeIdsField.optional() })
  .nullish()
  .transform((b) => b ?? {});

export const employeeReportQuery = z
  .object({ ...rangeShape, employeeid: id('employeeid').optional() })
  .refine(endNotBeforeStart, endMessage);
export type EmployeeReportQuery = z.infer<typeof employeeReportQuery>;

export const customerSalesQuery = z.object({
  customerid: id('customerid'),
  format: rangeShape.format,
});
export type CustomerSalesQuery = z.infer<typeof customerSalesQuery>;

export const reportBusinessParams = z.object({ businessId: inputString('businessId') });
export const employeeSummaryParams = z.object({ id: id('employee') });

const money = z.number();

/**
 * Who may see cost and profit (reports, exports): admin, or a role holding this permission, the one
 * that already shows stock value at cost and the cost of goods sold (stock summary, dashboard).
 */
export const COST_PERMISSION = 'catalogue.view_inventory' as const satisfies PermissionKey;
const range = { startdate: z.string(), enddate: z.string() };

export const productSalesRow = z.object({
  product_id: z.string(),
  variety_id: z.string().nullable(),
  name: z.string(),
  variety_name: z.string().nullable(),
  quantity_sold: z.number(),
  quantity_refunded: z.number(),
  net_quantity: z.number(),
  gross_sales: money,
  refunds: money,
  net_sales: money,
  /** Cost and profit are the owner's: only for roles that may see cost (`COST_PERMISSION`). */
  cost: money.optional(),
  profit: money.optional(),
});
export type ProductSalesRow = z.infer<typeof productSalesRow>;
export const productSalesTotals = productSalesRow.omit({
  product_id: true,
  variety_id: true,
  name: true,
  variety_name: true,
});
export const productSalesReport = z.object({
  ...range,
  store_ids: z.array(z.string()).nullable(),
  rows: z.array(productSalesRow),
  totals: productSalesTotals,
});
export type ProductSalesReport = z.infer<typeof productSalesReport>;

const salesFigures = {
  sales_count: z.number(),
  total: money,
  refunds: money,
  net_total: money,
  average_sale: money,
};
export const employeeSalesRow = z.object({ employee_id: z.string(), name: z.string(), ...salesFigures });
export type EmployeeSalesRow = z.infer<typeof employeeSalesRow>;
export const dailySalesRow = z.object({ date: z.string(), ...salesFigures });
export type DailySalesRow = z.infer<typeof dailySalesRow>;
export const employeeSalesReport = z.object({
  ...range,
  store_ids: z.array(z.string()).nullable(),
  rows: z.array(employeeSalesRow),
  totals: z.object(salesFigures),
  /** With `employeeid`: that employee's totals day by day (days with sales only). */
  days: z.array(dailySalesRow).nullable(),
});
export type EmployeeSalesReport = z.infer<typeof employeeSalesReport>;

export const employeeSummary = z.object({
  ...range,
  employee_id: z.string(),
  name: z.string(),
  ...salesFigures,
  items_sold: z.number(),
  /** `method_label`: Cash, bank transfer (fixed), ... or a custom payment option's name. */
  payments: z.array(z.object({ method: z.string(), method_label: z.string(), amount: money })),
});
export type EmployeeSummary = z.infer<typeof employeeSummary>;

export const customerSalesRow = z.object({
  customer_id: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  ...salesFigures,
  last_purchase: z.string().nullable(),
});
export type CustomerSalesRow = z.infer<typeof customerSalesRow>;
export const customerSalesReport = z.object({
  ...range,
  store_ids: z.array(z.string()).nullable(),
  rows: z.array(customerSalesRow),
  totals: z.object(salesFigures),
});
export type CustomerSalesReport = z.infer<typeof customerSalesReport>;

export const customerSales = customerSalesRow.extend({
  sales: z.array(
    z.object({
      id: z.string(),
      receipt_number: z.string(),
      store_id: z.string(),
      status: z.string(),
      total: money,
      refunded: money,
      /** When the sale was made (an offline sale: on the device), ISO. */
      created_at: z.string(),
    }),
  ),
});
export type CustomerSales = z.infer<typeof customerSales>;

/** One CSV cell: quoted when it holds a comma, quote or line break; formulas are defused. */
export const csvCell = (v: string | number | null | undefined): string => {
  if (v === null || v === undefined) return '';
  let s = typeof v === 'number' ? String(v) : v;
  if (typeof v === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** A CSV document: a header row, then the rows, CRLF line ends. */
export const toCsv = (header: string[], rows: (string | number | null | undefined)[][]): string =>
  [header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
