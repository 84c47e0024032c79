import type { ColumnType, Generated, GeneratedAlways } from 'kysely';

/** Row types of the database, as Kysely sees them. Never sent to clients as they are. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface BusinessesTable {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  address: string | null;
  business_type: string | null;
  logo_url: string | null;
  partner_bank: string | null;
  store_credit_active: Generated<boolean>;
  online_store_enabled: Generated<boolean>;
  require_device_otp: Generated<boolean>;
  /** IANA zone of every date shown and every day boundary (0011). */
  timezone: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface StoresTable {
  business_id: string;
  id: string;
  name: string;
  address: string | null;
  phone: string | null;
  email: string | null;
  is_active: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export interface RolesTable {
  business_id: string;
  id: string;
  name: string;
  permissions: string[];
  is_system: Generated<boolean>;
  active: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UsersTable {
  business_id: string;
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  password_hash: string;
  role_id: string;
  is_owner: Generated<boolean>;
  status: Generated<'active' | 'inactive'>;
  is_fraud: Generated<boolean>;
  last_login_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UserStoresTable {
  business_id: string;
  user_id: string;
  store_id: string;
}

export interface DevicesTable {
  business_id: string;
  id: string;
  device_id: string;
  user_id: string | null;
  device_model: string | null;
  browser_name: string | null;
  browser_version: string | null;
  device_type: Generated<string>;
  whitelisted: Generated<boolean>;
  last_seen_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export interface SessionsTable {
  business_id: string;
  id: string;
  user_id: string;
  device_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
}

export interface OtpsTable {
  id: string;
  business_id: string | null;
  user_id: string;
  purpose: string;
  device_id: string | null;
  code_hash: string;
  attempts: Generated<number>;
  reset_token_hash: string | null;
  expires_at: Timestamp;
  consumed_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface OutboxTable {
  id: string;
  business_id: string | null;
  channel: string;
  recipient: string;
  subject: string;
  body: string;
  kind: string;
  meta: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: Timestamp;
}

export interface RateLimitsTable {
  key: string;
  count: number;
  window_ends_at: Timestamp;
}

export interface UploadsTable {
  business_id: string;
  id: string;
  user_id: string;
  path: string;
  mime_type: string;
  size: number;
  original_name: string | null;
  created_at: Timestamp;
}

export interface SupportIssuesTable {
  id: string;
  name: string;
  description: string | null;
  sort: number;
}

export interface CountersTable {
  business_id: string;
  name: string;
  value: Generated<number>;
}

export interface CategoriesTable {
  business_id: string;
  id: string;
  name: string;
  parent_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export interface TagsTable {
  business_id: string;
  id: string;
  label: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export interface ProductOptionsTable {
  business_id: string;
  id: string;
  name: string;
  option_values: string[];
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export interface ModifierSetsTable {
  business_id: string;
  id: string;
  name: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export interface ModifiersTable {
  business_id: string;
  id: string;
  set_id: string;
  name: string;
  /** kobo */
  selling_price: Generated<number>;
  position: Generated<number>;
  deleted_at: NullableTimestamp;
}

/** One option of a variable product as stored: its name and the values used, e.g. Size: S, M. */
export type ProductOptionJson = { name: string; values: string[] };

export interface ProductsTable {
  business_id: string;
  id: string;
  name: string;
  sku: string | null;
  barcode: string | null;
  description: string | null;
  images: Generated<string[]>;
  product_type: Generated<'simple' | 'variable' | 'service'>;
  /** kobo */
  cost_price: Generated<number>;
  /** kobo */
  selling_price: Generated<number>;
  category_id: string | null;
  subcategory_id: string | null;
  tag_ids: Generated<string[]>;
  modifier_set_ids: Generated<string[]>;
  options: ColumnType<ProductOptionJson[], string | undefined, string>;
  track_stock: Generated<boolean>;
  low_stock_threshold: Generated<number>;
  wc_sync_status: string | null;
  created_by: string | null;
  created_at: Timestamp;
  /** Any change a device must download, stock included. */
  updated_at: Timestamp;
  /** The last change to what an editor edits (not stock): what a stale-edit check compares with. */
  edited_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export interface ProductVarietiesTable {
  business_id: string;
  id: string;
  product_id: string;
  name: string;
  option_values: ColumnType<Record<string, string>, string | undefined, string>;
  sku: string | null;
  barcode: string | null;
  cost_price: Generated<number>;
  selling_price: Generated<number>;
  position: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

/** Current stock of one item (a variety, or a product without varieties) in one store. */
export interface StockLevelsTable {
  business_id: string;
  store_id: string;
  item_id: string;
  product_id: string;
  variety_id: string | null;
  quantity: Generated<number>;
  updated_at: Timestamp;
}

export interface StockMovementsTable {
  business_id: string;
  id: string;
  store_id: string;
  item_id: string;
  product_id: string;
  variety_id: string | null;
  quantity: number;
  balance_after: number;
  reason: string;
  /** The shop's reason of a manual adjustment (received, damaged...); null for other movements. */
  adjustment_reason: Generated<string | null>;
  note: string | null;
  reference_type: string | null;
  reference_id: string | null;
  user_id: string | null;
  created_at: Timestamp;
}

export type TransferStatus = 'in_transit' | 'on_hold' | 'partially_received' | 'received' | 'cancelled';

export interface TransfersTable {
  business_id: string;
  id: string;
  transfer_number: string;
  from_store_id: string;
  to_store_id: string;
  status: TransferStatus;
  send_and_recieve: Generated<boolean>;
  note: string | null;
  created_by: string | null;
  received_by: string | null;
  sent_at: NullableTimestamp;
  received_at: NullableTimestamp;
  cancelled_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TransferItemsTable {
  business_id: string;
  transfer_id: string;
  item_id: string;
  product_id: string;
  variety_id: string | null;
  quantity: number;
  received_quantity: Generated<number>;
  returned_quantity: Generated<number>;
}

export type StockCountStatus = 'in_progress' | 'submitted' | 'completed' | 'cancelled';

export interface StockCountsTable {
  business_id: string;
  id: string;
  count_number: string;
  store_id: string;
  scope: 'store' | 'category';
  category_id: string | null;
  status: StockCountStatus;
  note: string | null;
  created_by: string | null;
  submitted_by: string | null;
  accepted_by: string | null;
  submitted_at: NullableTimestamp;
  accepted_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface StockCountItemsTable {
  business_id: string;
  count_id: string;
  item_id: string;
  product_id: string;
  variety_id: string | null;
  expected: number;
  counted: number | null;
}

export interface UploadBatchesTable {
  business_id: string;
  id: string;
  batch_number: Generated<number>;
  file_name: string;
  store_id: string | null;
  status: 'queued' | 'processing' | 'completed' | 'failed';
  total_rows: Generated<number>;
  processed_rows: Generated<number>;
  succeeded_rows: Generated<number>;
  failed_rows: Generated<number>;
  error: string | null;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  finished_at: NullableTimestamp;
}

export interface UploadBatchRowsTable {
  business_id: string;
  batch_id: string;
  row_number: number;
  data: ColumnType<Record<string, string>, string, string>;
  status: Generated<'pending' | 'succeeded' | 'failed'>;
  error: string | null;
  product_id: string | null;
  /** Row number of the first row of this row's handle (products with variants); null without a handle. */
  group_row: number | null;
  updated_at: Timestamp;
}

export interface CustomersTable {
  business_id: string;
  id: string;
  first_name: string;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  day_month: string | null;
  street: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  is_offline_data: Generated<boolean>;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export interface LoyaltySettingsTable {
  business_id: string;
  points_active: Generated<boolean>;
  kobo_per_point: Generated<number>;
  point_value_kobo: Generated<number>;
  updated_at: Timestamp;
}

export interface LoyaltyBalancesTable {
  business_id: string;
  customer_id: string;
  points: Generated<number>;
  store_credit_kobo: Generated<number>;
}

export interface PointsLedgerTable {
  business_id: string;
  id: string;
  customer_id: string;
  points: number;
  kind: 'earn' | 'redeem' | 'reverse' | 'adjust';
  reason: string;
  reference: string | null;
  user_id: string | null;
  created_at: Timestamp;
}

export interface StoreCreditLedgerTable {
  business_id: string;
  id: string;
  customer_id: string;
  amount_kobo: number;
  kind: 'spend' | 'refund' | 'adjust';
  reason: string;
  reference: string | null;
  user_id: string | null;
  created_at: Timestamp;
}

export interface RegistersTable {
  business_id: string;
  id: string;
  store_id: string;
  name: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export interface RegisterSessionsTable {
  business_id: string;
  id: string;
  register_id: string;
  store_id: string;
  status: 'open' | 'closed';
  opened_by: string;
  opened_at: Timestamp;
  operator_id: string;
  float_kobo: number;
  expected_kobo: number | null;
  counted_kobo: number | null;
  difference_kobo: number | null;
  closed_by: string | null;
  closed_at: NullableTimestamp;
  closing_note: string | null;
  updated_at: Timestamp;
}

export interface RegisterMovementsTable {
  business_id: string;
  id: string;
  session_id: string;
  register_id: string;
  store_id: string;
  kind: 'float' | 'sale' | 'refund' | 'cash_added' | 'cash_removed' | 'switch_user';
  amount_kobo: number;
  reason: string | null;
  reference_id: string | null;
  user_id: string;
  created_at: Timestamp;
}

/** A sale at the counter (0005). Money in kobo; id made on the device. */
export interface SalesTable {
  business_id: string;
  id: string;
  receipt_number: string;
  store_id: string;
  register_id: string | null;
  user_id: string | null;
  customer_id: string | null;
  status: 'completed' | 'unpaid' | 'partially_paid' | 'refunded' | 'partially_refunded';
  subtotal_kobo: number;
  order_discount_type: 'amount' | 'percentage' | null;
  /** kobo for amount, hundredths of a percent for percentage */
  order_discount_value: number | null;
  order_discount_kobo: Generated<number>;
  discount_total_kobo: Generated<number>;
  total_kobo: number;
  amount_paid_kobo: Generated<number>;
  change_due_kobo: Generated<number>;
  refunded_kobo: Generated<number>;
  points_earned: Generated<number>;
  note: string | null;
  offline_date: NullableTimestamp;
  is_offline_data: Generated<boolean>;
  /** A customer made on the device, not on the server yet (0008; linked when it lands). */
  pending_customer_id: string | null;
  /** Cash of an offline sale no open register session could take (0008). */
  unregistered_cash_kobo: Generated<number>;
  /** When it was made: least(offline_date, created_at) (0011). */
  sold_at: GeneratedAlways<Date>;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
  /** The sales agent who brought the sale, by code (0027). */
  sales_agent_code: string | null;
}

/** Modifier of a sale line as stored: price in kobo for one unit. */
export type SaleLineModifierJson = { _id: string; name: string; selling_price: number };

export interface SaleLinesTable {
  business_id: string;
  id: string;
  sale_id: string;
  position: number;
  product_id: string;
  variety_id: string | null;
  name: string;
  quantity: number;
  unit_price_kobo: number;
  modifiers: ColumnType<SaleLineModifierJson[], string | undefined, string>;
  discount_type: 'amount' | 'percentage' | null;
  discount_value: number | null;
  discount_kobo: Generated<number>;
  total_kobo: number;
  net_kobo: number;
  tracks_stock: boolean;
  refunded_quantity: Generated<number>;
  refunded_kobo: Generated<number>;
  /** Cost of one unit when it was sold (0011). */
  unit_cost_kobo: Generated<number>;
}

export interface SalePaymentsTable {
  business_id: string;
  id: string;
  sale_id: string;
  method: string;
  amount_kobo: number;
  points: number | null;
  user_id: string | null;
  created_at: Timestamp;
  /** The method's name when paid (0006); null on older rows. */
  method_label: string | null;
  /** fixed_account: the transfer that paid it (0025). */
  bank_transaction_id: Generated<string | null>;
  /** fixed_account: when its transfer landed or it was confirmed by hand; null while awaited. */
  confirmed_at: Generated<Date | null>;
  confirmed_by: Generated<string | null>;
}

export interface PaymentOptionsTable {
  business_id: string;
  id: string;
  name: string;
  instructions: string | null;
  active: Generated<boolean>;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export interface PaymentMethodSwitchesTable {
  business_id: string;
  method: string;
  enabled: boolean;
  updated_at: Timestamp;
}

export type RefundPayoutJson = { method: string; amount_kobo: number };

export interface RefundsTable {
  business_id: string;
  id: string;
  sale_id: string;
  store_id: string;
  user_id: string | null;
  amount_kobo: number;
  destination: 'cash' | 'original' | 'store_credit';
  payouts: ColumnType<RefundPayoutJson[], string | undefined, string>;
  reason: string | null;
  created_at: Timestamp;
}

export interface RefundLinesTable {
  business_id: string;
  id: string;
  refund_id: string;
  sale_line_id: string;
  quantity: number;
  amount_kobo: number;
  /** Cost of the units given back, at the line's unit cost (0011). */
  cost_kobo: Generated<number>;
}

export interface TicketsTable {
  business_id: string;
  id: string;
  store_id: string;
  user_id: string | null;
  name: string;
  cart: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

/** The money ledger (0020, decision 0010). Kobo; a posting's amount is signed: debit +, credit −. */
export type LedgerAccountKind = 'bank_clearing' | 'collections' | 'fees';

export interface LedgerAccountsTable {
  business_id: string;
  id: string;
  kind: LedgerAccountKind;
  store_id: string | null;
  normal: 'debit' | 'credit';
  debits_must_not_exceed_credits: Generated<boolean>;
  credits_must_not_exceed_debits: Generated<boolean>;
  debits_posted: Generated<number>;
  credits_posted: Generated<number>;
  debits_pending: Generated<number>;
  credits_pending: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export type LedgerPhase = 'posted' | 'pending' | 'post_pending' | 'void_pending';

export interface LedgerEntriesTable {
  business_id: string;
  id: string;
  reference: string;
  request_hash: string;
  kind: string;
  phase: LedgerPhase;
  pending_id: string | null;
  description: string | null;
  metadata: ColumnType<Record<string, unknown>, string | undefined, never>;
  occurred_at: Timestamp;
  created_at: Generated<Date>;
  written_by_tx: Generated<number>;
}

export interface LedgerPostingsTable {
  business_id: string;
  entry_id: string;
  account_id: string;
  amount: number;
}

/** Where payouts can go (0021); the name is the bank's answer to a name enquiry. */
export interface BankAccountsTable {
  business_id: string;
  id: string;
  store_id: string | null;
  bank_code: string;
  bank_name: string;
  account_number: string;
  account_name: string;
  created_by: string;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  deleted_at: Date | null;
}

/** Someone who brings customers to a store, known by a code the till records (0027). */
export interface SalesAgentsTable {
  business_id: string;
  id: string;
  store_id: string;
  name: string;
  phone: string | null;
  code: string;
  active: Generated<boolean>;
  created_by: string;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** A feature switched on or off for one scope (a store), off until set (0027). */
export interface FeatureTogglesTable {
  business_id: string;
  key: string;
  scope: string;
  scope_id: string;
  category: string;
  enabled: boolean;
  updated_by: string;
  updated_at: Generated<Date>;
}

/** A store's static virtual account at a partner bank (0022). */
export interface FixedAccountsTable {
  business_id: string;
  id: string;
  store_id: string;
  bank_code: string;
  bank_name: string;
  account_number: string;
  account_name: string;
  provider: string;
  provider_reference: string;
  created_by: string;
  created_at: Generated<Date>;
}

/** Every event the bank rail sent, stored once by its id (0023); a platform table. */
export interface BankEventsTable {
  provider: string;
  event_id: string;
  type: string;
  payload: string;
  business_id: string | null;
  status: 'applied' | 'duplicate' | 'unmatched' | 'ignored' | 'invalid';
  received_at: Generated<Date>;
}

/** A transfer received on a store's fixed account (0023). */
export interface BankTransactionsTable {
  business_id: string;
  id: string;
  store_id: string;
  /** A store's fixed account, or else `collection_account_id` (an invoice's or order's own account). */
  fixed_account_id: string | null;
  collection_account_id: Generated<string | null>;
  provider: string;
  provider_reference: string;
  amount_kobo: number;
  fee_kobo: number;
  payer_name: string | null;
  payer_bank_code: string | null;
  payer_bank_name: string | null;
  payer_account_number: string | null;
  narration: string | null;
  status: 'successful';
  paid_at: Timestamp;
  ledger_entry_id: string;
  /** The payout paying it now (pending or paid); null while it is still owed. */
  payout_id: Generated<string | null>;
  created_at: Generated<Date>;
}

export type SettlementType = 'business' | 'store';

export interface SettlementPreferencesTable {
  business_id: string;
  settlement_type: SettlementType;
  updated_by: string | null;
  updated_at: Generated<Date>;
}

export interface SettlementAccountsTable {
  business_id: string;
  id: string;
  /** Null: the business's own. */
  store_id: string | null;
  bank_account_id: string;
  requested_by: string;
  effective_at: Date;
  cancelled_at: Date | null;
  cancelled_by: string | null;
  created_at: Generated<Date>;
}

export interface TransactionPinsTable {
  business_id: string;
  user_id: string;
  pin_hash: string;
  failed_attempts: Generated<number>;
  blocked_until: Date | null;
  updated_at: Generated<Date>;
}

export type PayoutStatus = 'pending' | 'paid' | 'failed' | 'reversed';

export interface PayoutsTable {
  business_id: string;
  id: string;
  reference: string;
  run: 'scheduled' | 'on_demand';
  /** YYYY-MM-DD, the business day of the run. */
  settlement_day: string;
  store_id: string | null;
  bank_account_id: string;
  bank_code: string;
  bank_name: string;
  account_number: string;
  account_name: string;
  amount_kobo: number;
  transactions_count: number;
  status: PayoutStatus;
  failure_reason: string | null;
  provider: string;
  provider_reference: string | null;
  ledger_entry_id: string;
  created_at: Generated<Date>;
  sent_at: Date | null;
  paid_at: Date | null;
  failed_at: Date | null;
  reversed_at: Date | null;
  /** When the owner was e-mailed that it failed or was reversed (0028). */
  owner_told_at: Date | null;
}

export interface PayoutTransactionsTable {
  business_id: string;
  payout_id: string;
  transaction_id: string;
}

export interface DB {
  businesses: BusinessesTable;
  customers: CustomersTable;
  loyalty_settings: LoyaltySettingsTable;
  loyalty_balances: LoyaltyBalancesTable;
  points_ledger: PointsLedgerTable;
  store_credit_ledger: StoreCreditLedgerTable;
  stores: StoresTable;
  roles: RolesTable;
  users: UsersTable;
  user_stores: UserStoresTable;
  devices: DevicesTable;
  sessions: SessionsTable;
  otps: OtpsTable;
  outbox: OutboxTable;
  rate_limits: RateLimitsTable;
  uploads: UploadsTable;
  support_issues: SupportIssuesTable;
  counters: CountersTable;
  categories: CategoriesTable;
  tags: TagsTable;
  product_options: ProductOptionsTable;
  modifier_sets: ModifierSetsTable;
  modifiers: ModifiersTable;
  products: ProductsTable;
  product_varieties: ProductVarietiesTable;
  stock_levels: StockLevelsTable;
  stock_movements: StockMovementsTable;
  transfers: TransfersTable;
  transfer_items: TransferItemsTable;
  stock_counts: StockCountsTable;
  stock_count_items: StockCountItemsTable;
  upload_batches: UploadBatchesTable;
  upload_batch_rows: UploadBatchRowsTable;
  registers: RegistersTable;
  register_sessions: RegisterSessionsTable;
  register_movements: RegisterMovementsTable;
  sales: SalesTable;
  sale_lines: SaleLinesTable;
  sale_payments: SalePaymentsTable;
  refunds: RefundsTable;
  refund_lines: RefundLinesTable;
  tickets: TicketsTable;
  payment_options: PaymentOptionsTable;
  payment_method_switches: PaymentMethodSwitchesTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_entries: LedgerEntriesTable;
  ledger_postings: LedgerPostingsTable;
  bank_accounts: BankAccountsTable;
  fixed_accounts: FixedAccountsTable;
  bank_events: BankEventsTable;
  bank_transactions: BankTransactionsTable;
  settlement_preferences: SettlementPreferencesTable;
  settlement_accounts: SettlementAccountsTable;
  transaction_pins: TransactionPinsTable;
  payouts: PayoutsTable;
  payout_transactions: PayoutTransactionsTable;
  sales_agents: SalesAgentsTable;
  feature_toggles: FeatureTogglesTable;
  invoices: InvoicesTable;
  invoice_lines: InvoiceLinesTable;
  invoice_milestones: InvoiceMilestonesTable;
  invoice_payments: InvoicePaymentsTable;
  credit_notes: CreditNotesTable;
  invoice_reminders: InvoiceRemindersTable;
  collection_accounts: CollectionAccountsTable;
  online_stores: OnlineStoresTable;
  online_delivery_zones: OnlineDeliveryZonesTable;
  online_products: OnlineProductsTable;
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  order_fees: OrderFeesTable;
  order_payments: OrderPaymentsTable;
  order_events: OrderEventsTable;
  order_messages: OrderMessagesTable;
}

export interface InvoicesTable {
  business_id: string;
  id: string;
  number: string;
  store_id: string;
  customer_id: string;
  status: 'draft' | 'sent' | 'partially_paid' | 'paid' | 'overdue' | 'cancelled';
  order_status: Generated<'pending' | 'processing' | 'shipped' | 'delivered'>;
  order_note: string | null;
  /**
   * YYYY-MM-DD, a `date` column: select it as `due_date::text` (the driver answers a bare `date` column
   * as a Date at local midnight). The same for the milestones' `due_date` and reminders' `remind_on`.
   */
  issue_date: string;
  due_date: string;
  discount_type: 'amount' | 'percentage' | null;
  discount_value: string | number | null;
  taxes: ColumnType<{ name: string; rate: number; amount_kobo: number }[], string, string>;
  subtotal_kobo: number;
  discount_total_kobo: number;
  tax_total_kobo: number;
  total_kobo: number;
  paid_kobo: Generated<number>;
  credited_kobo: Generated<number>;
  balance_kobo: number;
  notes: string | null;
  reminder_days: Generated<number[]>;
  public_token: string;
  sent_at: NullableTimestamp;
  last_reminder_at: NullableTimestamp;
  cancelled_at: NullableTimestamp;
  is_offline_data: Generated<boolean>;
  created_by: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  deleted_at: NullableTimestamp;
}

export interface InvoiceLinesTable {
  business_id: string;
  invoice_id: string;
  id: string;
  position: number;
  product_id: string | null;
  variety_id: string | null;
  name: string;
  quantity: number;
  unit_price_kobo: number;
  discount_type: 'amount' | 'percentage' | null;
  discount_value: string | number | null;
  total_kobo: number;
}

export interface InvoiceMilestonesTable {
  business_id: string;
  invoice_id: string;
  id: string;
  position: number;
  name: string;
  amount_kobo: number;
  due_date: string;
}

export interface InvoicePaymentsTable {
  business_id: string;
  invoice_id: string;
  id: string;
  method: 'cash' | 'transfer' | 'card' | 'cheque' | 'other';
  source: 'manual' | 'rail';
  amount_kobo: number;
  paid_at: Timestamp;
  reference: string | null;
  payer_name: string | null;
  bank_transaction_id: string | null;
  recorded_by: string | null;
  owner_told_at: NullableTimestamp;
  created_at: Generated<Date>;
}

export interface CreditNotesTable {
  business_id: string;
  invoice_id: string;
  id: string;
  number: string;
  amount_kobo: number;
  reason: string;
  created_by: string | null;
  created_at: Generated<Date>;
}

export interface InvoiceRemindersTable {
  business_id: string;
  invoice_id: string;
  id: string;
  kind: 'scheduled' | 'manual';
  remind_on: string | null;
  status: 'waiting' | 'sent' | 'skipped';
  claimed_at: NullableTimestamp;
  sent_at: NullableTimestamp;
  skip_reason: string | null;
  created_at: Generated<Date>;
}

export interface CollectionAccountsTable {
  business_id: string;
  id: string;
  store_id: string;
  purpose: 'invoice' | 'order';
  subject_id: string;
  bank_code: string;
  bank_name: string;
  account_number: string;
  account_name: string;
  provider: string;
  provider_reference: string;
  created_at: Generated<Date>;
}

export interface OnlineStoresTable {
  business_id: string;
  slug: string;
  name: string;
  about: string | null;
  store_id: string;
  pickup: Generated<boolean>;
  pay_on_delivery: Generated<boolean>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface OnlineDeliveryZonesTable {
  business_id: string;
  id: string;
  position: number;
  name: string;
  fee_kobo: number;
  deleted_at: NullableTimestamp;
}

export interface OnlineProductsTable {
  business_id: string;
  product_id: string;
  published: Generated<boolean>;
  online_price_kobo: number | null;
  online_description: string | null;
  updated_at: Generated<Date>;
}

export type OrderStatusColumn = 'pending' | 'confirmed' | 'ready' | 'shipped' | 'delivered' | 'cancelled';

export interface OrdersTable {
  business_id: string;
  id: string;
  number: string;
  store_id: string;
  status: OrderStatusColumn;
  fulfilment: 'delivery' | 'pickup';
  payment_method: 'transfer' | 'on_delivery';
  stock_state: 'held' | 'gone' | 'released';
  shopper_name: string;
  shopper_phone: string;
  shopper_email: string | null;
  delivery_address: string | null;
  delivery_zone: string | null;
  note: string | null;
  subtotal_kobo: number;
  fee_total_kobo: Generated<number>;
  total_kobo: number;
  paid_kobo: Generated<number>;
  public_token: string;
  sale_id: string | null;
  placed_from: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface OrderLinesTable {
  business_id: string;
  order_id: string;
  id: string;
  position: number;
  product_id: string;
  variety_id: string | null;
  item_id: string;
  name: string;
  quantity: number;
  unit_price_kobo: number;
  unit_cost_kobo: Generated<number>;
  total_kobo: number;
  tracks_stock: boolean;
}

export interface OrderFeesTable {
  business_id: string;
  order_id: string;
  id: string;
  name: string;
  amount_kobo: number;
  created_by: string | null;
  created_at: Generated<Date>;
}

export interface OrderPaymentsTable {
  business_id: string;
  order_id: string;
  id: string;
  method: 'cash' | 'transfer' | 'card' | 'pos' | 'other';
  source: 'manual' | 'rail';
  amount_kobo: number;
  paid_at: Timestamp;
  reference: string | null;
  payer_name: string | null;
  bank_transaction_id: string | null;
  recorded_by: string | null;
  created_at: Generated<Date>;
}

export interface OrderEventsTable {
  business_id: string;
  order_id: string;
  id: string;
  status: string;
  note: string | null;
  user_id: string | null;
  at: Generated<Date>;
}

export interface OrderMessagesTable {
  business_id: string;
  order_id: string;
  id: string;
  recipient: 'shopper' | 'owner';
  kind: string;
  status: Generated<'waiting' | 'sent'>;
  claimed_at: NullableTimestamp;
  sent_at: NullableTimestamp;
  created_at: Generated<Date>;
}
