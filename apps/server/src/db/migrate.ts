import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import type { Database } from './database.js';
import * as m0001 from './migrations/0001_foundation.js';
import * as m0002 from './migrations/0002_catalogue_inventory.js';
import * as m0003 from './migrations/0003_customers_loyalty.js';
import * as m0004 from './migrations/0004_registers.js';
import * as m0005 from './migrations/0005_sales.js';
import * as m0006 from './migrations/0006_payment_options.js';
import * as m0007 from './migrations/0007_registers_backfill.js';
import * as m0008 from './migrations/0008_offline_sync.js';
import * as m0011 from './migrations/0011_sale_times_costs.js';
import * as m0012 from './migrations/0012_stock_totals.js';
import * as m0014 from './migrations/0014_upload_row_groups.js';
import * as m0015 from './migrations/0015_auth_changes.js';
import * as m0016 from './migrations/0016_receipt_number_at_commit.js';
import * as m0017 from './migrations/0017_stock_totals_plans.js';
import * as m0018 from './migrations/0018_stock_out_index.js';
import * as m0019 from './migrations/0019_stock_list_order.js';
import * as m0020 from './migrations/0020_ledger.js';
import * as m0021 from './migrations/0021_bank_accounts.js';
import * as m0022 from './migrations/0022_fixed_accounts.js';
import * as m0023 from './migrations/0023_bank_transactions.js';
import * as m0024 from './migrations/0024_payouts.js';
import * as m0025 from './migrations/0025_transfer_payments.js';
import * as m0026 from './migrations/0026_settlement_accounts.js';
import * as m0027 from './migrations/0027_sales_agents.js';
import * as m0028 from './migrations/0028_payout_notices.js';
import * as m0029 from './migrations/0029_invoices.js';
import * as m0030 from './migrations/0030_online_store.js';
import * as m0031 from './migrations/0031_sale_days.js';

/** Ordered, forward-only migrations. Add the next file here in order. */
const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_catalogue_inventory': m0002,
  '0003_customers_loyalty': m0003,
  '0004_registers': m0004,
  '0005_sales': m0005,
  '0006_payment_options': m0006,
  '0007_registers_backfill': m0007,
  '0008_offline_sync': m0008,
  '0011_sale_times_costs': m0011,
  '0012_stock_totals': m0012,
  '0014_upload_row_groups': m0014,
  '0015_auth_changes': m0015,
  '0016_receipt_number_at_commit': m0016,
  '0017_stock_totals_plans': m0017,
  '0018_stock_out_index': m0018,
  '0019_stock_list_order': m0019,
  '0020_ledger': m0020,
  '0021_bank_accounts': m0021,
  '0022_fixed_accounts': m0022,
  '0023_bank_transactions': m0023,
  '0024_payouts': m0024,
  '0025_transfer_payments': m0025,
  '0026_settlement_accounts': m0026,
  '0027_sales_agents': m0027,
  '0028_payout_notices': m0028,
  '0029_invoices': m0029,
  '0030_online_store': m0030,
  '0031_sale_days': m0031,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export const migrateToLatest = async (db: Database): Promise<void> => {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(
      `migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
};
