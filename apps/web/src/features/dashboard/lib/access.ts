import { hasPermission, type Session } from '@/lib/session-store';

/**
 * Which home figures a role sees: each needs the permission its server route checks (admin sees
 * all). Items sold comes with the sales figures, so it needs both home.* keys.
 */
export const dashboardAccess = (session: Session | null) => {
  const sales = hasPermission(session, 'home.total_sales_amount');
  return {
    sales,
    items: sales && hasPermission(session, 'home.total_items_sold'),
    inventory: hasPermission(session, 'catalogue.view_inventory'),
    customers: hasPermission(session, 'customers.view'),
    recent: hasPermission(session, 'home.recent_sales'),
    invoiceLog: hasPermission(session, 'home.invoice_log') && hasPermission(session, 'invoices.view'),
  };
};
