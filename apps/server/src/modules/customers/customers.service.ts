import type {
  CreateCustomerBody,
  Customer,
  CustomerDetail,
  CustomerPage,
  UpdateCustomerBody,
} from '@ms/contracts';
import { fromKobo } from '@ms/contracts';
import type { Database } from '../../db/database.js';
import { downloadHorizon, lastChangeCursor } from '../../db/snapshot.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { conflict, HttpError, notFound } from '../../lib/errors.js';
import { isUuid, newId } from '../../lib/ids.js';
import type { AuthContext } from '../../plugins/auth.js';
import { balancesOf } from '../loyalty/index.js';
import {
  countCustomers,
  customerById,
  customerByPhone,
  customersChangedSince,
  idTaken,
  insertCustomer,
  lastCustomerChange,
  pageCustomers,
  toCustomer,
  updateCustomer,
  type CustomerPatch,
  type CustomerRow,
} from './customers.repository.js';

type Caller = Pick<AuthContext, 'businessId' | 'userId'>;

const fullName = (c: Pick<CustomerRow, 'first_name' | 'last_name'>) =>
  [c.first_name, c.last_name].filter(Boolean).join(' ');

/** 409 naming the customer who has the phone; `data` is that customer (an offline upload links to it). */
const duplicatePhone = (existing: CustomerRow) =>
  new HttpError(
    409,
    `A customer with the phone ${existing.phone} already exists: ${fullName(existing)}.`,
    'phone_taken',
    toCustomer(existing),
  );

/** Stored in one form so "+2348031234567" and "08031234567" are the same customer. */
const normalPhone = (phone: string | null | undefined) =>
  phone ? phone.replace(/^\+234/, '0') : (phone ?? null);

/** Incremental download of spec 000 §7.4, like stores. */
export const syncCustomers = async (db: Database, caller: Caller, updatedAt?: number) => {
  const since = updatedAt === undefined ? undefined : new Date(updatedAt);
  const horizon = await downloadHorizon(db);
  const last = await lastCustomerChange(db, caller.businessId);
  const lastUpdate = lastChangeCursor(last, horizon, updatedAt);
  const rows = await customersChangedSince(db, caller.businessId, since);
  return {
    items: rows.filter((r) => !r.deleted_at).map(toCustomer),
    metaData: { lastUpdate, recordsRemoved: rows.filter((r) => r.deleted_at).map((r) => r.id) },
  };
};

export const listCustomerPage = async (
  db: Database,
  caller: Caller,
  query: { page: number; limit: number; search?: string },
): Promise<CustomerPage> => {
  const search = query.search || undefined;
  const [total, rows] = await Promise.all([
    countCustomers(db, caller.businessId, search),
    pageCustomers(db, caller.businessId, search, {
      offset: (query.page - 1) * query.limit,
      limit: query.limit,
    }),
  ]);
  return { items: rows.map(toCustomer), total, page: query.page, limit: query.limit };
};

/**
 * Adds a customer. A device that made the customer offline sends its own `_id`: sending it again
 * returns the stored customer instead of a second one.
 */
export const createCustomer = async (
  db: Database,
  caller: Caller,
  body: CreateCustomerBody,
): Promise<{ customer: Customer; created: boolean }> => {
  const id = body._id ?? newId();
  const phone = normalPhone(body.phone);
  const row = await insertCustomer(db, {
    business_id: caller.businessId,
    id,
    first_name: body.first_name,
    last_name: body.last_name || null,
    email: body.email ?? null,
    phone,
    day_month: body.day_month ?? null,
    street: body.address?.street || null,
    city: body.address?.city || null,
    state: body.address?.state || null,
    country: body.address?.country || null,
    is_offline_data: body.is_offline_data ?? false,
    created_by: caller.userId,
  });
  if (row) return { customer: toCustomer(row), created: true };
  const stored = await customerById(db, caller.businessId, id);
  if (stored) return { customer: toCustomer(stored), created: false };
  if (phone) {
    const same = await customerByPhone(db, caller.businessId, phone);
    if (same) throw duplicatePhone(same);
  }
  if (await idTaken(db, id)) throw conflict('This _id is already used by another record.');
  throw conflict('The customer could not be saved. Try again.');
};

const customerOrNotFound = async (db: Database, caller: Caller, id: string) => {
  const row = isUuid(id) ? await customerById(db, caller.businessId, id) : undefined;
  if (!row) throw notFound('Customer');
  return row;
};

export const customerDetail = async (db: Database, caller: Caller, id: string): Promise<CustomerDetail> => {
  const row = await customerOrNotFound(db, caller, id);
  const balance = await balancesOf(db, caller.businessId, row.id);
  return { ...toCustomer(row), points: balance.points, store_credit: fromKobo(balance.store_credit_kobo) };
};

export const editCustomer = async (
  db: Database,
  caller: Caller,
  id: string,
  body: UpdateCustomerBody,
): Promise<Customer> => {
  await customerOrNotFound(db, caller, id);
  const patch: CustomerPatch = {};
  if (body.first_name !== undefined) patch.first_name = body.first_name;
  if (body.last_name !== undefined) patch.last_name = body.last_name || null;
  if (body.email !== undefined) patch.email = body.email;
  if (body.phone !== undefined) patch.phone = normalPhone(body.phone);
  if (body.day_month !== undefined) patch.day_month = body.day_month;
  if (body.address) {
    for (const key of ['street', 'city', 'state', 'country'] as const)
      if (body.address[key] !== undefined) patch[key] = body.address[key] || null;
  }
  try {
    const row = await updateCustomer(db, caller.businessId, id, patch);
    if (!row) throw notFound('Customer');
    return toCustomer(row);
  } catch (error) {
    if (isUniqueViolation(error, 'customers_phone_uq') && patch.phone) {
      const same = await customerByPhone(db, caller.businessId, patch.phone);
      if (same) throw duplicatePhone(same);
    }
    throw error;
  }
};
