import type { ColumnType, Generated } from 'kysely';

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

export interface DB {
  businesses: BusinessesTable;
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
}
