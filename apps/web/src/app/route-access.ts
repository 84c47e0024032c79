import type { PermissionKey } from '@ms/contracts';
import type { RouteName } from '@/lib/route-paths';

/**
 * Who may open a named route: any one of these permissions (admin holds all). The same keys the
 * route's page checks and the server enforces; a route not listed is open to every signed-in user
 * (admin-only routes are marked on their menu entries and guarded by AdminOnly). Menus show an
 * entry only when its route may be opened, so a role never lands on "Your role does not let you...".
 */
export const ROUTE_PERMISSIONS: Partial<Record<RouteName, readonly PermissionKey[]>> = {
  Pos: ['pos.make_sale'],
  Registers: ['pos.make_sale', 'sales_history.view'],
  Products: ['catalogue.view_product'],
  ProductsTab: ['catalogue.view_product'],
  Categories: ['catalogue.view_category'],
  InventoryTab: ['catalogue.view_inventory'],
  StockAdjustment: ['inventory.adjust_stock', 'inventory.adjustment_log'],
  InventoryTransfer: ['inventory.initiate_transfer', 'inventory.receive_transfer'],
  StockCount: ['inventory.stock_counts'],
  PrintLabel: ['inventory.print_labels'],
  Customers: ['customers.view'],
  SalesHistory: ['sales_history.view', 'pos.make_sale'],
  SalesReport: ['sales_history.view'],
  Payments: ['transactions.manage_payments'],
  Payouts: ['transactions.payouts'],
  PayoutDetails: ['transactions.payouts'],
  SettlementAccount: ['settings.bank_account'],
  FixedAccount: ['settings.payment_methods', 'transactions.manage_payments', 'pos.make_sale'],
  Invoices: ['invoices.view'],
  AddInvoice: ['invoices.create', 'invoices.edit', 'invoices.duplicate'],
  InvoiceDetails: ['invoices.view'],
  OnlineCatalogue: ['online_store.catalogue', 'online_store.shipping_fees'],
  Orders: ['online_store.view_orders', 'online_store.manage_orders'],
  OrderDetails: ['online_store.view_orders', 'online_store.manage_orders'],
  AddPayment: ['online_store.manage_orders'],
};

export type Access = { admin: boolean; permissions: readonly string[] };

/** Whether this person may open the named route. */
export const mayOpenRoute = (route: string, who: Access): boolean => {
  if (who.admin) return true;
  const needed = ROUTE_PERMISSIONS[route as RouteName];
  return !needed || needed.some((key) => who.permissions.includes(key));
};
