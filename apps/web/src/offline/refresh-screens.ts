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
};

/** Marks the screens reading a table stale after a download changed it: open ones look again. */
export const refreshScreensOf = (table: TableName): void => {
  for (const root of SCREENS[table] ?? []) void queryClient.invalidateQueries({ queryKey: [root] });
};
