import { expect } from 'vitest';
import { todayIn, type Invoice, type PermissionKey } from '@ms/contracts';
import { newId } from '../../src/lib/ids.js';
import { createNotifications } from '../../src/providers/notifications/index.js';
import type { signUp, TestApp } from '../helper.js';
import { addEmployee } from '../staff/staff-helper.js';

/** What the invoice tests share: a business with a client, invoices made through the API, roles. */

export type Owner = Awaited<ReturnType<typeof signUp>>;
type Who = { token: string } | null;

/** Today in Lagos (the default business zone), and days around it. */
export const today = () => todayIn('Africa/Lagos');
export const dayAfter = (day: string, days: number): string => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};

/** Calls the API as `who` (null: no token). */
export const call = (
  t: TestApp,
  who: Who,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
) =>
  t.request({ method, url, ...(who ? { token: who.token } : {}), ...(body === undefined ? {} : { body }) });

/** A customer of the owner's business (the invoice's client). */
export const addClient = async (
  t: TestApp,
  owner: Owner,
  over: { first_name?: string; last_name?: string; email?: string | null; phone?: string } = {},
): Promise<{ _id: string; email: string | null }> => {
  const email = over.email === undefined ? `client.${newId().slice(0, 8)}@example.ng` : over.email;
  const res = await call(t, owner, 'POST', '/v1/customers/', {
    first_name: over.first_name ?? 'Ngozi',
    last_name: over.last_name ?? 'Okafor',
    ...(email ? { email } : {}),
    ...(over.phone ? { phone: over.phone } : {}),
  });
  expect(res.statusCode, res.body).toBe(201);
  return { _id: res.json().data._id, email };
};

/** A body for POST /v1/invoices/: one free line of ₦10,000 (2 × ₦5,000), due in 14 days. */
export const invoiceBody = (owner: Owner, clientId: string, over: Record<string, unknown> = {}) => ({
  _id: newId(),
  store_id: owner.storeId,
  client: clientId,
  issue_date: today(),
  due_date: dayAfter(today(), 14),
  items: [{ name: 'Consulting', quantity: 2, price: 5_000 }],
  ...over,
});

/** Records an invoice (expects 201) and answers it. */
export const makeInvoice = async (
  t: TestApp,
  owner: Owner,
  clientId: string,
  over: Record<string, unknown> = {},
  who: Who = owner,
): Promise<Invoice> => {
  const res = await call(t, who, 'POST', '/v1/invoices/', invoiceBody(owner, clientId, over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Invoice;
};

/** E-mails the invoice to its client (marks it sent). */
export const sendIt = async (
  t: TestApp,
  who: Who,
  invoiceId: string,
  extra: Record<string, unknown> = {},
) => {
  const res = await call(t, who, 'POST', '/v1/invoices/actions/send', { invoice_id: invoiceId, ...extra });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.invoice as Invoice;
};

/** A manual payment of `amount` naira. */
export const logPayment = (t: TestApp, who: Who, invoiceId: string, amount: number, _id = newId()) =>
  call(t, who, 'PUT', `/v1/invoices/${invoiceId}/payments/log`, { _id, method: 'cash', amount });

export const getInvoice = async (t: TestApp, who: Who, invoiceId: string): Promise<Invoice> => {
  const res = await call(t, who, 'GET', `/v1/invoices/${invoiceId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Invoice;
};

let roleSeq = 0;
/** An employee of a role with exactly these permissions, assigned to `storeIds` (default: the owner's store). */
export const employeeWith = async (
  t: TestApp,
  owner: Owner,
  permissions: PermissionKey[],
  storeIds: string[] = [owner.storeId],
) => {
  const role = await call(t, owner, 'POST', `/v1/businesses/${owner.businessId}/roles`, {
    name: `Invoices role ${++roleSeq} ${newId().slice(0, 4)}`,
    permissions,
  });
  expect(role.statusCode, role.body).toBe(201);
  return addEmployee(t, owner, { roleId: role.json().data._id, storeIds });
};

/** The sandbox's sent e-mails to this address (newest first). */
export const emailsTo = async (t: TestApp, to: string) => {
  const res = await t.request({
    method: 'GET',
    url: `/dev/outbox?to=${encodeURIComponent(to)}&limit=100`,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as {
    subject: string;
    body: string;
    kind: string;
    meta: Record<string, unknown>;
  }[];
};

/** The job functions' dependencies, as the jobs plugin gives them. */
export const jobDeps = (t: TestApp) => ({
  db: t.db,
  notifications: createNotifications('sandbox', t.db),
  env: t.env,
});

/** Asserts a 400 whose message names `field`. */
export const expect400 = (res: { statusCode: number; body: string }, field: string, what = '') => {
  expect(res.statusCode, `${what} ${res.body}`).toBe(400);
  expect(JSON.parse(res.body).message, what).toContain(field);
};
