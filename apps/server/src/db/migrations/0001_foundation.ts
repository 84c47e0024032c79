import { sql, type Kysely } from 'kysely';
import { runStatements } from '../run-statements.js';

/** Accounts, businesses, stores, staff and roles, devices, sessions, OTPs, outbox, rate limits, uploads. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE OR REPLACE FUNCTION set_updated_at() RETURNS trigger AS $$ BEGIN NEW.updated_at = clock_timestamp(); RETURN NEW; END; $$ LANGUAGE plpgsql;

    CREATE TABLE businesses (
      id uuid PRIMARY KEY,
      name text NOT NULL,
      email text,
      phone text,
      address text,
      business_type text,
      logo_url text,
      partner_bank text,
      store_credit_active boolean NOT NULL DEFAULT false,
      online_store_enabled boolean NOT NULL DEFAULT false,
      require_device_otp boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      updated_at timestamptz NOT NULL DEFAULT clock_timestamp()
    );

    CREATE TABLE stores (
      business_id uuid NOT NULL REFERENCES businesses(id),
      id uuid NOT NULL,
      name text NOT NULL,
      address text,
      phone text,
      email text,
      is_active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      deleted_at timestamptz,
      PRIMARY KEY (business_id, id),
      UNIQUE (id)
    );
    CREATE UNIQUE INDEX stores_name_uq ON stores (business_id, lower(name)) WHERE deleted_at IS NULL;
    CREATE INDEX stores_updated_idx ON stores (business_id, updated_at);

    CREATE TABLE roles (
      business_id uuid NOT NULL REFERENCES businesses(id),
      id uuid NOT NULL,
      name text NOT NULL,
      permissions text[] NOT NULL DEFAULT '{}',
      is_system boolean NOT NULL DEFAULT false,
      active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      PRIMARY KEY (business_id, id),
      UNIQUE (id)
    );
    CREATE UNIQUE INDEX roles_name_uq ON roles (business_id, lower(name));

    CREATE TABLE users (
      business_id uuid NOT NULL REFERENCES businesses(id),
      id uuid NOT NULL,
      first_name text NOT NULL,
      last_name text NOT NULL,
      email text NOT NULL,
      phone text,
      password_hash text NOT NULL,
      role_id uuid NOT NULL,
      is_owner boolean NOT NULL DEFAULT false,
      status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive')),
      is_fraud boolean NOT NULL DEFAULT false,
      last_login_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      PRIMARY KEY (business_id, id),
      UNIQUE (id),
      FOREIGN KEY (business_id, role_id) REFERENCES roles(business_id, id)
    );
    CREATE UNIQUE INDEX users_email_uq ON users (lower(email));

    CREATE TABLE user_stores (
      business_id uuid NOT NULL,
      user_id uuid NOT NULL,
      store_id uuid NOT NULL,
      PRIMARY KEY (business_id, user_id, store_id),
      FOREIGN KEY (business_id, user_id) REFERENCES users(business_id, id) ON DELETE CASCADE,
      FOREIGN KEY (business_id, store_id) REFERENCES stores(business_id, id)
    );

    CREATE TABLE devices (
      business_id uuid NOT NULL REFERENCES businesses(id),
      id uuid NOT NULL,
      device_id text NOT NULL,
      user_id uuid,
      device_model text,
      browser_name text,
      browser_version text,
      device_type text NOT NULL DEFAULT 'browser',
      whitelisted boolean NOT NULL DEFAULT false,
      last_seen_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      deleted_at timestamptz,
      PRIMARY KEY (business_id, id),
      UNIQUE (business_id, device_id)
    );

    CREATE TABLE sessions (
      business_id uuid NOT NULL,
      id uuid NOT NULL,
      user_id uuid NOT NULL,
      device_id text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz,
      PRIMARY KEY (business_id, id),
      UNIQUE (id),
      FOREIGN KEY (business_id, user_id) REFERENCES users(business_id, id) ON DELETE CASCADE
    );
    CREATE INDEX sessions_user_idx ON sessions (business_id, user_id);

    CREATE TABLE otps (
      id uuid PRIMARY KEY,
      business_id uuid,
      user_id uuid NOT NULL,
      purpose text NOT NULL,
      device_id text,
      code_hash text NOT NULL,
      attempts integer NOT NULL DEFAULT 0,
      reset_token_hash text,
      expires_at timestamptz NOT NULL,
      consumed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp()
    );
    CREATE INDEX otps_user_idx ON otps (user_id, purpose, created_at DESC);

    CREATE TABLE outbox (
      id uuid PRIMARY KEY,
      business_id uuid,
      channel text NOT NULL,
      recipient text NOT NULL,
      subject text NOT NULL,
      body text NOT NULL,
      kind text NOT NULL,
      meta jsonb NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT clock_timestamp()
    );
    CREATE INDEX outbox_recipient_idx ON outbox (lower(recipient), created_at DESC);

    CREATE TABLE rate_limits (
      key text PRIMARY KEY,
      count integer NOT NULL,
      window_ends_at timestamptz NOT NULL
    );

    CREATE TABLE uploads (
      business_id uuid NOT NULL REFERENCES businesses(id),
      id uuid NOT NULL,
      user_id uuid NOT NULL,
      path text NOT NULL,
      mime_type text NOT NULL,
      size integer NOT NULL,
      original_name text,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      PRIMARY KEY (business_id, id)
    );

    CREATE TABLE support_issues (
      id uuid PRIMARY KEY,
      name text NOT NULL,
      description text,
      sort integer NOT NULL
    );
    INSERT INTO support_issues (id, name, description, sort) VALUES
      ('01900000-0000-7000-8000-000000000001', 'Login or account access', 'I cannot log in, reset my password or verify a device', 1),
      ('01900000-0000-7000-8000-000000000002', 'Point of sale', 'A sale, receipt or register problem', 2),
      ('01900000-0000-7000-8000-000000000003', 'Products and inventory', 'Products, stock, transfers or counts', 3),
      ('01900000-0000-7000-8000-000000000004', 'Payments and settlement', 'A payment, payout or settlement account problem', 4),
      ('01900000-0000-7000-8000-000000000005', 'Wallet and bills', 'Transfers, airtime, data or bill payments', 5),
      ('01900000-0000-7000-8000-000000000006', 'Offline and sync', 'Records waiting to upload or not showing on other devices', 6),
      ('01900000-0000-7000-8000-000000000007', 'Something else', NULL, 7);
  `,
  );

  for (const table of ['businesses', 'stores', 'roles', 'users', 'devices']) {
    await sql`CREATE TRIGGER ${sql.raw(`${table}_updated_at`)} BEFORE UPDATE ON ${sql.table(table)}
      FOR EACH ROW EXECUTE FUNCTION set_updated_at()`.execute(db);
  }
}
