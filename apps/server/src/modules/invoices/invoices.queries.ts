import {
  fromKobo,
  offlineInvoiceRecord,
  type Invoice,
  type InvoiceList,
  type InvoicePayInstructions,
  type PublicInvoice,
  type UploadResponse,
} from '@ms/contracts';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { invoiceListQuery } from '@ms/contracts';
import type { Database } from '../../db/database.js';
import type { Deps } from '../../deps.js';
import { capDownload, inDownloadSnapshot } from '../../db/snapshot.js';
import { conflict } from '../../lib/errors.js';
import { runUploadBatch } from '../../lib/upload-batch.js';
import type { AuthContext } from '../../plugins/auth.js';
import { loadBusinessData } from '../business/index.js';
import { openCollectionAccount } from '../collection-accounts/index.js';
import { invoiceRow, invoicesQuery, toInvoices } from './invoices.repository.js';
import { createInvoice, today } from './invoices.service.js';
import { escapeLike } from '../../lib/like.js';

type Caller = Pick<AuthContext, 'businessId' | 'userId' | 'isAdmin' | 'storeIds'>;

/**
 * GET /v1/invoices/businesses/{b}. With `updated_at`: the device's incremental download (every invoice
 * touched since, tombstones as `recordsRemoved`, read in one snapshot with its cursor). Without: a page
 * of the list by the filters, newest first, and counts and sums per status over the same filters less
 * the status (the list's tabs).
 */
export const listInvoices = async (
  db: Database,
  caller: Caller,
  query: z.output<typeof invoiceListQuery>,
): Promise<InvoiceList> => {
  const scoped = <Q extends ReturnType<typeof invoicesQuery>>(q: Q) =>
    (caller.isAdmin
      ? q
      : q.where('i.store_id', 'in', caller.storeIds.length ? [...caller.storeIds] : [''])) as Q;
  const day = await today(db, caller.businessId);

  if (query.updated_at !== undefined) {
    const since = new Date(query.updated_at);
    const { value, horizon } = await inDownloadSnapshot(db, async (tx): Promise<InvoiceList> => {
      if (!caller.isAdmin && caller.storeIds.length === 0)
        return {
          items: [],
          total: 0,
          page: 1,
          limit: 0,
          sums: [],
          metaData: { lastUpdate: query.updated_at!, recordsRemoved: [] },
        };
      // A page at a time (`limit`, oldest change first): the device asks again from `lastUpdate` while
      // `hasMore`. A page that stops inside one millisecond is asked again from it (the rows merge by id).
      const fetched = await scoped(invoicesQuery(tx, caller.businessId))
        .where('i.updated_at', '>=', since)
        .orderBy('i.updated_at')
        .orderBy('i.id')
        .limit(query.limit + 1)
        .execute();
      const hasMore = fetched.length > query.limit;
      let rows = hasMore ? fetched.slice(0, query.limit) : fetched;
      const ms = (r: (typeof rows)[number]) => new Date(r.updated_at).getTime();
      let newest = rows.reduce((a, r) => Math.max(a, ms(r)), -1);
      let last = hasMore ? newest : Math.max(newest + 1, query.updated_at!);
      if (hasMore && newest === query.updated_at) {
        // A whole page inside the millisecond asked from: take all of that millisecond, and go past it.
        rows = await scoped(invoicesQuery(tx, caller.businessId))
          .where('i.updated_at', '>=', since)
          .where('i.updated_at', '<', new Date(newest + 1))
          .orderBy('i.id')
          .execute();
        newest = rows.reduce((a, r) => Math.max(a, ms(r)), newest);
        last = newest + 1;
      }
      const live = rows.filter((r) => !r.deleted_at);
      return {
        items: await toInvoices(tx, caller.businessId, live, day),
        total: live.length,
        page: 1,
        limit: query.limit,
        sums: [],
        metaData: {
          lastUpdate: last,
          recordsRemoved: rows.filter((r) => r.deleted_at).map((r) => r.id),
          hasMore,
        },
      };
    });
    // The cursor stops short of invoices still being written (capDownload).
    return { ...value, metaData: capDownload(value.metaData, horizon, query.updated_at) };
  }

  if (!caller.isAdmin && caller.storeIds.length === 0)
    return {
      items: [],
      total: 0,
      page: query.page,
      limit: query.limit,
      sums: [],
      metaData: { lastUpdate: 0, recordsRemoved: [] },
    };
  let filtered = scoped(invoicesQuery(db, caller.businessId)).where('i.deleted_at', 'is', null);
  if (query.client) filtered = filtered.where('i.customer_id', '=', query.client);
  if (query.store_id) filtered = filtered.where('i.store_id', '=', query.store_id);
  if (query.startdate) filtered = filtered.where('i.issue_date', '>=', query.startdate);
  if (query.enddate) filtered = filtered.where('i.issue_date', '<=', query.enddate);
  if (query.search) {
    const like = `%${escapeLike(query.search.toLowerCase())}%`;
    filtered = filtered.where((eb) =>
      eb.or([
        eb(sql`lower(i.number)`, 'like', like),
        eb(sql`lower(concat_ws(' ', c.first_name, c.last_name))`, 'like', like),
        eb(sql`coalesce(c.phone, '')`, 'like', like),
      ]),
    );
  }
  const sumsRows = await filtered
    .clearSelect()
    .select([
      'i.status',
      sql<number>`count(*)::int`.as('count'),
      sql<number>`coalesce(sum(i.total_kobo), 0)::bigint`.as('total'),
      sql<number>`coalesce(sum(i.balance_kobo), 0)::bigint`.as('balance'),
    ])
    .groupBy('i.status')
    .execute();
  const listed = query.status ? filtered.where('i.status', '=', query.status) : filtered;
  const rows = await listed
    .orderBy('i.issue_date', 'desc')
    .orderBy('i.number', 'desc')
    .offset((query.page - 1) * query.limit)
    .limit(query.limit)
    .execute();
  const sums = sumsRows.map((s) => ({
    status: s.status,
    count: Number(s.count),
    total: fromKobo(Number(s.total)),
    balance: fromKobo(Number(s.balance)),
  }));
  const total = query.status
    ? (sums.find((s) => s.status === query.status)?.count ?? 0)
    : sums.reduce((a, s) => a + s.count, 0);
  return {
    items: await toInvoices(db, caller.businessId, rows, day),
    total,
    page: query.page,
    limit: query.limit,
    sums,
    metaData: { lastUpdate: 0, recordsRemoved: [] },
  };
};

/**
 * How to pay an invoice by transfer: its own account at the bank (opened the first time), the amount
 * still owed and the invoice number as the reference. Refused (409) once nothing is owed or the
 * invoice is cancelled: a client is never shown an account to pay into for nothing.
 */
export const payInstructions = async (
  deps: Pick<Deps, 'db' | 'banking' | 'env'>,
  businessId: string,
  invoiceId: string,
): Promise<InvoicePayInstructions> => {
  const row = await invoiceRow(deps.db, businessId, invoiceId);
  if (!row) throw conflict('This invoice is no longer available.');
  if (row.status === 'cancelled') throw conflict('This invoice was cancelled: nothing is owed.');
  if (row.balance_kobo === 0) throw conflict('This invoice is paid: nothing is owed.');
  const business = await loadBusinessData(deps.db, businessId);
  const account = await openCollectionAccount(deps, {
    businessId,
    storeId: row.store_id,
    purpose: 'invoice',
    subjectId: row.id,
    accountName: `${business?.name ?? row.store_name} ${row.number}`.trim(),
  });
  return {
    method: 'transfer',
    bank_name: account.bank_name,
    account_number: account.account_number,
    account_name: account.account_name,
    amount: fromKobo(row.balance_kobo),
    reference: row.number,
  };
};

/** POST /v1/invoices/sync: invoices drafted offline, each recorded on its own (idempotent on `_id`). */
export const syncOfflineInvoices = (
  db: Database,
  auth: AuthContext,
  records: readonly unknown[],
  log: (error: unknown, id: string) => void,
): Promise<UploadResponse<Invoice>> =>
  runUploadBatch({
    records,
    schema: offlineInvoiceRecord,
    log,
    record: async (input) => {
      const { invoice, created } = await db
        .transaction()
        .execute((tx) => createInvoice(tx, auth, { ...input, send: false }, { offline: true }));
      return { data: invoice, created };
    },
  });

/** The invoice a public link names (not deleted), with its business's name; undefined for any other token. */
export const invoiceByToken = async (db: Database, token: string) => {
  const found = await db
    .selectFrom('invoices')
    .select(['business_id', 'id'])
    .where('public_token', '=', token)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!found) return undefined;
  const row = await invoiceRow(db, found.business_id, found.id);
  if (!row) return undefined;
  const [invoice] = await toInvoices(db, found.business_id, [row], await today(db, found.business_id));
  const business = await loadBusinessData(db, found.business_id);
  return { businessId: found.business_id, businessName: business?.name ?? '', invoice: invoice! };
};

/** What the client sees: this invoice and nothing else of the business (no ids, costs, staff, other clients). */
export const toPublicInvoice = (businessName: string, i: Invoice): PublicInvoice => ({
  business_name: businessName,
  store_name: i.store_name,
  number: i.number ?? '',
  client_name: i.client_name,
  status: i.status,
  issue_date: i.issue_date,
  due_date: i.due_date,
  items: i.items.map(({ name, quantity, price, total }) => ({ name, quantity, price, total })),
  taxes: i.taxes,
  subtotal: i.subtotal,
  discount_total: i.discount_total,
  tax_total: i.tax_total,
  total: i.total,
  amount_paid: i.amount_paid,
  amount_credited: i.amount_credited,
  balance: i.balance,
  milestones: i.milestones.map(({ _id: _, ...m }) => m),
  notes: i.notes,
});
