import { sql } from 'kysely';
import type { Customer } from '@ms/contracts';
import type { Database, Tx } from '../../db/database.js';
import type { CustomersTable } from '../../db/schema.js';
import { escapeLike } from '../../lib/like.js';

export type CustomerRow = Pick<
  CustomersTable,
  | 'business_id'
  | 'id'
  | 'first_name'
  | 'last_name'
  | 'email'
  | 'phone'
  | 'day_month'
  | 'street'
  | 'city'
  | 'state'
  | 'country'
> & { is_offline_data: boolean; created_at: Date; updated_at: Date; deleted_at: Date | null };

export const CUSTOMER_COLUMNS = [
  'business_id',
  'id',
  'first_name',
  'last_name',
  'email',
  'phone',
  'day_month',
  'street',
  'city',
  'state',
  'country',
  'is_offline_data',
  'created_at',
  'updated_at',
  'deleted_at',
] as const;

export const toCustomer = (c: CustomerRow): Customer => ({
  _id: c.id,
  id: c.id,
  business: c.business_id,
  first_name: c.first_name,
  last_name: c.last_name,
  email: c.email,
  phone: c.phone,
  day_month: c.day_month,
  address: { street: c.street, city: c.city, state: c.state, country: c.country },
  is_offline_data: c.is_offline_data,
  created_at: c.created_at.toISOString(),
  updated_at: c.updated_at.toISOString(),
});

/** Live customers, or with `since` every customer touched at or after it, tombstones included. */
export const customersChangedSince = (db: Database, businessId: string, since?: Date) => {
  let q = db.selectFrom('customers').select(CUSTOMER_COLUMNS).where('business_id', '=', businessId);
  q = since ? q.where('updated_at', '>=', since) : q.where('deleted_at', 'is', null);
  return q.orderBy('created_at').orderBy('id').execute();
};

/** Just past the newest change, in whole ms (see stores.repository storesChangedSince). */
export const lastCustomerChange = async (db: Database, businessId: string): Promise<number | null> => {
  const row = await db
    .selectFrom('customers')
    .select(sql<number | null>`(floor(extract(epoch from max(updated_at)) * 1000) + 1)::float8`.as('last'))
    .where('business_id', '=', businessId)
    .executeTakeFirst();
  return row?.last ?? null;
};

const filtered = (db: Database, businessId: string, search?: string) => {
  let q = db.selectFrom('customers').where('business_id', '=', businessId).where('deleted_at', 'is', null);
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    // "0803 123" and "+234803..." find 0803123...: compare phones on their digits after the country code.
    const digits = search.replace(/\D/g, '').replace(/^234/, '0');
    q = q.where((eb) =>
      eb.or([
        eb(sql`first_name || ' ' || coalesce(last_name, '')`, 'ilike', pattern),
        eb('last_name', 'ilike', pattern),
        eb('email', 'ilike', pattern),
        eb('phone', 'ilike', pattern),
        ...(digits.length >= 3
          ? [
              eb(
                sql`regexp_replace(regexp_replace(phone, '^\\+234', '0'), '\\D', '', 'g')`,
                'like',
                `%${digits}%`,
              ),
            ]
          : []),
      ]),
    );
  }
  return q;
};

export const countCustomers = async (db: Database, businessId: string, search?: string): Promise<number> =>
  Number(
    (
      await filtered(db, businessId, search)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

export const pageCustomers = (
  db: Database,
  businessId: string,
  search: string | undefined,
  page: { offset: number; limit: number },
) =>
  filtered(db, businessId, search)
    .select(CUSTOMER_COLUMNS)
    .orderBy(sql`lower(first_name)`)
    .orderBy(sql`lower(coalesce(last_name, ''))`)
    .orderBy('id')
    .offset(page.offset)
    .limit(page.limit)
    .execute();

export const customerById = (db: Database, businessId: string, id: string) =>
  db
    .selectFrom('customers')
    .select(CUSTOMER_COLUMNS)
    .where('business_id', '=', businessId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();

export const customerByPhone = (db: Database, businessId: string, phone: string) =>
  db
    .selectFrom('customers')
    .select(CUSTOMER_COLUMNS)
    .where('business_id', '=', businessId)
    .where('phone', '=', phone)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();

export type NewCustomer = {
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
  is_offline_data: boolean;
  created_by: string;
};

/** Inserts unless the id (or a live phone of the business) is taken; undefined then. */
export const insertCustomer = (db: Database, c: NewCustomer) =>
  db
    .insertInto('customers')
    .values(c)
    .onConflict((oc) => oc.doNothing())
    .returning(CUSTOMER_COLUMNS)
    .executeTakeFirst();

export type CustomerPatch = Partial<
  Pick<
    NewCustomer,
    'first_name' | 'last_name' | 'email' | 'phone' | 'day_month' | 'street' | 'city' | 'state' | 'country'
  >
>;

export const updateCustomer = (db: Database, businessId: string, id: string, patch: CustomerPatch) =>
  db
    .updateTable('customers')
    .set(patch)
    .where('business_id', '=', businessId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returning(CUSTOMER_COLUMNS)
    .executeTakeFirst();

/** Whether this id is used by any customer, in any business (ids are unique across businesses). */
export const idTaken = async (db: Database, id: string): Promise<boolean> =>
  !!(await db.selectFrom('customers').select('id').where('id', '=', id).executeTakeFirst());

/** Keeps an e-mail address for a customer who had none (one given when an invoice was sent to them). */
export const rememberCustomerEmail = (tx: Tx, businessId: string, customerId: string, email: string) =>
  tx
    .updateTable('customers')
    .set({ email, updated_at: sql`clock_timestamp()` })
    .where('business_id', '=', businessId)
    .where('id', '=', customerId)
    .where('email', 'is', null)
    .where('deleted_at', 'is', null)
    .execute();
