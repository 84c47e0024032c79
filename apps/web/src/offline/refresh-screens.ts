import { queryClient } from '@/lib/query-client';
import type { TableName } from './tables';

/** The screens (TanStack Query key roots) that show a local table's records. */
const SCREENS: Partial<Record<TableName, readonly string[]>> = {
  products: ['products', 'inventory'],
  customers: ['customers'],
  categories: ['categories'],
  stores: ['stores'],
  custom_payments: ['payment-options'],
  sales_agents: ['sales-agents'],
  feature_toggles: ['sales-agents'],
  sales_history: ['sales-history'],
  employees: ['staff'],
  bank_accounts: ['bank-accounts'],
  invoices: ['invoices'],
};

/** The query key roots of the screens showing a table's records. */
export const screensOf = (table: TableName): readonly string[] => SCREENS[table] ?? [];

/**
 * Marks the screens reading a table stale after a download changed it: open ones look again. The
 * one refresh of those screens for that download: live changes (live-changes.ts) leave them to it.
 */
export const refreshScreensOf = (table: TableName): void => {
  for (const root of screensOf(table)) void queryClient.invalidateQueries({ queryKey: [root] });
};
