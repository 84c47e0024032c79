import { z } from 'zod';
import { inputString } from '../validation/zod-rules.js';

const step = z.object({ status: z.boolean() });

/** Getting-started checklist (spec 000 §3), computed from real data. */
export const gettingStarted = z.object({
  kyc: step,
  firstSale: step,
  hasAddedAProduct: step,
  requestedTerminal: step,
  hasCreatedFixedAccount: step,
});
export type GettingStarted = z.infer<typeof gettingStarted>;

// ---------------------------------------------------------------------------------------------
// Figures (spec 000 §7.3). Days are Lagos days (Africa/Lagos); money is naira.

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isRealDay = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};
/** A Lagos calendar day, YYYY-MM-DD. */
export const dashboardDay = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .regex(DAY, `${field} must be a date like 2025-01-31`)
    .refine(isRealDay, `${field} must be a real date`);

/** Longest range a dashboard figure covers, in days. */
export const DASHBOARD_MAX_RANGE_DAYS = 366;

/** Days from start to end, both included (0 or less when end is before start). */
export const daysInRange = (start: string, end: string): number =>
  Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;

const storeOrAll = (field: string) =>
  z
    .string()
    .refine((s) => s === 'all' || z.uuid().safeParse(s).success, `${field} must be a store id or "all"`);

const rangeShape = {
  business: inputString('business'),
  start: dashboardDay('start'),
  end: dashboardDay('end'),
};
const rangeOk = (p: { start: string; end: string }) => daysInRange(p.start, p.end) >= 1;
const rangeShort = (p: { start: string; end: string }) =>
  daysInRange(p.start, p.end) <= DASHBOARD_MAX_RANGE_DAYS;
const endBeforeStart = { path: ['end'], message: 'end must not be before start' };
const rangeTooLong = {
  path: ['end'],
  message: `end must be at most ${DASHBOARD_MAX_RANGE_DAYS} days after start`,
};

export const inventoryRevenueParams = z
  .object({ ...rangeShape, store: storeOrAll('store') })
  .refine(rangeOk, endBeforeStart)
  .refine(rangeShort, rangeTooLong);
export const rangeByIdParams = z
  .object({ ...rangeShape, id: storeOrAll('id') })
  .refine(rangeOk, endBeforeStart)
  .refine(rangeShort, rangeTooLong);
export const dashboardBusinessParams = z.object({ business: inputString('business') });

export const inventoryRevenue = z.object({
  start: z.string(),
  end: z.string(),
  /** Stock on hand now × cost price. */
  stockValueAtCost: z.number(),
  /** Stock on hand now × selling price. */
  stockValueAtRetail: z.number(),
  /** Units on hand now (tracked items). */
  unitsInStock: z.number(),
  /** Units sold in the range (refunded units taken off). */
  unitsSold: z.number(),
  /** Cost of the units sold in the range, at today's cost prices. */
  costOfGoodsSold: z.number(),
});
export type InventoryRevenue = z.infer<typeof inventoryRevenue>;

export const salesPeriod = z.object({
  start: z.string(),
  end: z.string(),
  totalSales: z.number(),
  numberOfSales: z.number(),
  itemsSold: z.number(),
  refunds: z.number(),
  /** totalSales − refunds. */
  net: z.number(),
  /** totalSales ÷ numberOfSales (0 without sales). */
  averageSale: z.number(),
});
export type SalesPeriod = z.infer<typeof salesPeriod>;
export const salesRevenue = salesPeriod.extend({ previous: salesPeriod });
export type SalesRevenue = z.infer<typeof salesRevenue>;

export const customerAnalytics = z.object({
  start: z.string(),
  end: z.string(),
  /** Distinct customers with a sale in the range. */
  customersWhoBought: z.number(),
  /** Customers added in the range. */
  newCustomers: z.number(),
  revenueFromCustomers: z.number(),
  revenueFromWalkIns: z.number(),
  topCustomers: z.array(
    z.object({ id: z.string(), name: z.string(), totalSpent: z.number(), numberOfSales: z.number() }),
  ),
});
export type CustomerAnalytics = z.infer<typeof customerAnalytics>;

export const transactionTotals = z.object({ totalValue: z.number(), totalTransactions: z.number() });
export type TransactionTotals = z.infer<typeof transactionTotals>;
export const transactionAnalytics = z.object({
  today: transactionTotals,
  thisWeek: transactionTotals,
  thisMonth: transactionTotals,
});
export type TransactionAnalytics = z.infer<typeof transactionAnalytics>;

const commaList = (field: string, item: z.ZodType<string, string>) =>
  z
    .union([z.string(), z.array(z.string())], { error: `${field} must be a list` })
    .optional()
    .transform((v) =>
      (Array.isArray(v) ? v : v === undefined ? [] : [v])
        .flatMap((s) => s.split(','))
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item).max(200, `${field} can hold at most 200 values`));

export const transactionAnalyticsV2Query = z
  .object({
    startdate: dashboardDay('startdate').optional(),
    enddate: dashboardDay('enddate').optional(),
    storeIds: commaList('storeIds', z.uuid({ error: 'storeIds must hold store ids' })),
    /** Sales-agent codes: only the sales (and their refunds) these agents brought. */
    salesAgentCodes: commaList(
      'salesAgentCodes',
      z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'salesAgentCodes must hold codes of letters and digits'),
    ),
  })
  .refine((q) => !q.startdate || !q.enddate || daysInRange(q.startdate, q.enddate) >= 1, {
    path: ['enddate'],
    message: 'enddate must not be before startdate',
  })
  .refine(
    (q) => !q.startdate || !q.enddate || daysInRange(q.startdate, q.enddate) <= DASHBOARD_MAX_RANGE_DAYS,
    {
      path: ['enddate'],
      message: `enddate must be at most ${DASHBOARD_MAX_RANGE_DAYS} days after startdate`,
    },
  );

export const transactionAnalyticsV2 = transactionTotals.extend({
  startdate: z.string(),
  enddate: z.string(),
  totalItemsSold: z.number(),
  refunds: z.number(),
});
export type TransactionAnalyticsV2 = z.infer<typeof transactionAnalyticsV2>;

export const graphQuery = z.object({
  number_of_days: z.coerce
    .number({ error: 'number_of_days must be a number' })
    .int('number_of_days must be a whole number')
    .min(1, 'number_of_days must be at least 1')
    .max(90, 'number_of_days must be at most 90')
    .default(7),
});

export const graphPoint = z.object({
  date: z.string(),
  totalValue: z.number(),
  totalTransactions: z.number(),
  totalSales: z.number(),
  totalSalesValue: z.number(),
});
export type GraphPoint = z.infer<typeof graphPoint>;
export const graphData = z.array(graphPoint);
