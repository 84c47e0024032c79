/**
 * How sync modules are named to a person. The engine names them by table (`customers`, `pos`) and
 * its uploads by the twin table (`pos_unsynced`); the top bar and Sync Settings show these words.
 */
const LABELS: Record<string, string> = {
  customers: 'Customers',
  products: 'Products',
  categories: 'Categories',
  stores: 'Stores',
  payments: 'Payments',
  custom_payments: 'Payment methods',
  pos: 'Sales',
  tickets: 'Parked tickets',
  sales_history: 'Sales history',
  invoices: 'Invoices',
  bank_accounts: 'Bank accounts',
  employees: 'Employees',
};

const UNSYNCED = '_unsynced';

export const moduleLabel = (name: string): string => {
  const base = name.endsWith(UNSYNCED) ? name.slice(0, -UNSYNCED.length) : name;
  const label = LABELS[base] ?? base.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase());
  return name.endsWith(UNSYNCED) ? `${label} made here` : label;
};

type Pending = { customers: number; pos: number; tickets: number; invoices?: number; total: number };

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "2 sales, 1 customer and 1 invoice draft waiting to upload", or null when nothing waits. */
export const pendingSummary = (p: Pending): string | null => {
  if (p.total === 0) return null;
  const parts = [
    p.pos ? count(p.pos, 'sale', 'sales') : null,
    p.customers ? count(p.customers, 'customer', 'customers') : null,
    p.tickets ? count(p.tickets, 'parked ticket', 'parked tickets') : null,
    p.invoices ? count(p.invoices, 'invoice draft', 'invoice drafts') : null,
  ].filter((x): x is string => !!x);
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts[0];
  return `${list} waiting to upload`;
};
