import { z } from 'zod';

/**
 * The default permission catalogue of spec 000 §6. A permission key is "<module>.<action>".
 * Admin holds every permission; other roles hold the keys granted to them.
 */
export const PERMISSION_CATALOGUE = [
  {
    key: 'home',
    name: 'Home Page',
    actions: {
      wallet_card: 'Wallet card',
      account_details: 'Account details',
      balance: 'Balance',
      add_fund: 'Add fund',
      transfer: 'Transfer',
      airtime_bills: 'Airtime/bills',
      account_number: 'Account number',
      invoice_log: 'Invoice log',
      credit_note: 'Credit note',
      total_sales_amount: 'Total sales amount',
      total_items_sold: 'Total items sold',
      recent_sales: 'Recent sales',
    },
  },
  {
    key: 'invoices',
    name: 'Create & Modify Invoices',
    actions: {
      create: 'Create',
      delete: 'Delete',
      share: 'Share',
      duplicate: 'Duplicate',
      resend: 'Resend',
      edit: 'Edit',
      request_payment: 'Request payment',
      view: 'View',
      download: 'Download',
    },
  },
  {
    key: 'transactions',
    name: 'Transactions',
    actions: { manage_payments: 'View and manage payments', payouts: 'Payouts' },
  },
  {
    key: 'wallet',
    name: 'Wallet and Accounts',
    actions: {
      create_wallet: 'Create wallet',
      view_balance: 'View details and balance',
      transfer: 'Transfer',
      beneficiaries: 'Beneficiaries',
      airtime_bills: 'Airtime/bills',
      history: 'History and statements',
    },
  },
  {
    key: 'catalogue',
    name: 'Products and Categories',
    actions: {
      create_product: 'Create products',
      delete_product: 'Delete products',
      edit_product: 'Edit products',
      view_product: 'View products',
      create_category: 'Create categories',
      edit_category: 'Edit categories',
      delete_category: 'Delete categories',
      view_category: 'View categories',
      view_inventory: 'View products and inventory',
    },
  },
  {
    key: 'inventory',
    name: 'Inventory Management',
    actions: {
      stock_counts: 'Initiate and view stock counts',
      adjust_stock: 'Adjust stock',
      adjustment_log: 'View adjustment log',
      initiate_transfer: 'Initiate transfer',
      receive_transfer: 'View and receive transfer',
      print_labels: 'Print labels',
    },
  },
  {
    key: 'pos',
    name: 'Point of sale',
    actions: {
      make_sale: 'Make sale',
      discounts: 'Discounts or price changes',
      manage_tickets: 'Manage tickets',
    },
  },
  {
    key: 'sales_history',
    name: 'Sales History',
    actions: { view: 'View', reissue_receipts: 'Re-issue receipts' },
  },
  {
    key: 'online_store',
    name: 'Online store',
    actions: {
      catalogue: 'Catalogue',
      view_orders: 'View orders',
      manage_orders: 'Manage orders',
      shipping_fees: 'Shipping fees',
    },
  },
  { key: 'customers', name: 'Customers', actions: { manage: 'Create and manage', view: 'View details' } },
  {
    key: 'settings',
    name: 'Settings',
    actions: {
      business_information: 'Business information',
      users_roles: 'Users and roles',
      stores: 'Stores',
      payment_methods: 'Payment methods',
      offline_mode: 'Offline mode',
      bank_account: 'Bank account',
      settlement: 'Payment and settlement settings',
    },
  },
] as const;

type Catalogue = typeof PERMISSION_CATALOGUE;
type ModuleOf<M> = M extends { key: infer K extends string; actions: infer A }
  ? `${K}.${keyof A & string}`
  : never;
export type PermissionKey = ModuleOf<Catalogue[number]>;

export const ALL_PERMISSIONS: PermissionKey[] = PERMISSION_CATALOGUE.flatMap((m) =>
  Object.keys(m.actions).map((a) => `${m.key}.${a}` as PermissionKey),
);

export const isPermissionKey = (value: string): value is PermissionKey =>
  (ALL_PERMISSIONS as string[]).includes(value);

export const permissionKey = z
  .string({ error: 'permissions must hold permission keys such as "pos.make_sale"' })
  .refine(isPermissionKey, { error: (issue) => `"${String(issue.input)}" is not a known permission` });

/** Permissions given to the roles every new business starts with (besides admin, who has all). */
export const DEFAULT_ROLE_PERMISSIONS: Record<string, PermissionKey[]> = {
  manager: ALL_PERMISSIONS.filter(
    (p) => !p.startsWith('wallet.') && p !== 'settings.users_roles' && p !== 'settings.bank_account',
  ),
  cashier: [
    'pos.make_sale',
    'pos.manage_tickets',
    'sales_history.view',
    'sales_history.reissue_receipts',
    'customers.manage',
    'customers.view',
    'catalogue.view_product',
    'catalogue.view_category',
    'home.total_sales_amount',
    'home.total_items_sold',
    'home.recent_sales',
  ],
};

export const ADMIN_ROLE = 'admin';
