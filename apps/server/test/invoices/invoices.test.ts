import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceList } from '@ms/contracts';
import { newId } from '../../src/lib/ids.js';
import { seedProduct } from '../catalogue/fixtures.js';
import { addCashier, createTestApp, signUp, type TestApp } from '../helper.js';
import { addStore } from '../staff/staff-helper.js';
import {
  addClient,
  call,
  dayAfter,
  employeeWith,
  expect400,
  getInvoice,
  invoiceBody,
  logPayment,
  makeInvoice,
  sendIt,
  today,
  type Owner,
} from './invoice-helper.js';

/**
 * Invoices (issue 15): recording, numbering, totals, editing, cancelling, payments by hand, milestones,
 * fulfilment, credit notes, the list and its download, deleting — and every route's 401, 403, 404 and
 * 400 naming the field, never a 500.
 */

let t: TestApp;
let owner: Owner;
let other: Owner;
let client: { _id: string; email: string | null };
let otherClient: { _id: string };
/** A role with invoices.view only. */
let viewer: { token: string };
/** A role with no invoice permission at all. */
let nobody: { token: string };

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t);
  other = await signUp(t, { business_name: 'Other Ventures' });
  client = await addClient(t, owner);
  otherClient = await addClient(t, other);
  viewer = await employeeWith(t, owner, ['invoices.view']);
  nobody = await employeeWith(t, owner, ['customers.view']);
});
afterAll(async () => t?.close());

const listUrl = (businessId = owner.businessId, query = '') =>
  `/v1/invoices/businesses/${businessId}${query}`;
const list = async (query = '', who: { token: string } = owner): Promise<InvoiceList> => {
  const res = await call(t, who, 'GET', listUrl(owner.businessId, query));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

describe('POST /v1/invoices/', () => {
  it('numbers invoices INV-0001, INV-0002… per business, with no gap after a refused one', async () => {
    const fresh = await signUp(t);
    const who = await addClient(t, fresh);
    const first = await makeInvoice(t, fresh, who._id);
    expect(first).toMatchObject({ number: 'INV-0001', status: 'draft', client: who._id });
    // Refused after everything was checked but the milestones: no number is used up.
    const refused = await call(
      t,
      fresh,
      'POST',
      '/v1/invoices/',
      invoiceBody(fresh, who._id, {
        milestones: [{ name: 'Deposit', amount: 1, due_date: today() }],
      }),
    );
    expect400(refused, 'milestones');
    // A milestone id another invoice already uses is refused too (never a 500), and uses no number.
    const withMilestone = await makeInvoice(t, fresh, who._id, {
      milestones: [{ name: 'All', amount: 10_000, due_date: today() }],
    });
    expect(withMilestone.number).toBe('INV-0002');
    const taken = await call(
      t,
      fresh,
      'POST',
      '/v1/invoices/',
      invoiceBody(fresh, who._id, {
        milestones: [
          { _id: withMilestone.milestones[0]!._id, name: 'All', amount: 10_000, due_date: today() },
        ],
      }),
    );
    expect(taken.statusCode, taken.body).toBeGreaterThanOrEqual(400);
    expect(taken.statusCode, taken.body).toBeLessThan(500);
    expect(taken.json().message).toContain('milestones');
    const third = await makeInvoice(t, fresh, who._id);
    expect(third.number).toBe('INV-0003');
    // Another business starts its own sequence.
    const elsewhere = await makeInvoice(t, other, otherClient._id, { store_id: other.storeId });
    expect(elsewhere.number).toMatch(/^INV-\d{4}$/);
    // Many at once: each its own number, none skipped.
    const many = await Promise.all(
      Array.from({ length: 5 }, () => call(t, fresh, 'POST', '/v1/invoices/', invoiceBody(fresh, who._id))),
    );
    expect(many.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(many.map((r) => r.json().data.number).sort()).toEqual([
      'INV-0004',
      'INV-0005',
      'INV-0006',
      'INV-0007',
      'INV-0008',
    ]);
  });

  it('the same _id posted twice records one invoice: 201, then 200 with the same data', async () => {
    const body = invoiceBody(owner, client._id);
    const first = await call(t, owner, 'POST', '/v1/invoices/', body);
    expect(first.statusCode, first.body).toBe(201);
    const again = await call(t, owner, 'POST', '/v1/invoices/', {
      ...body,
      items: [{ name: 'Changed', quantity: 1, price: 1 }],
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toEqual(first.json().data);
    // Twice at the same moment: still one, and one number.
    const racing = invoiceBody(owner, client._id);
    const both = await Promise.all([
      call(t, owner, 'POST', '/v1/invoices/', racing),
      call(t, owner, 'POST', '/v1/invoices/', racing),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    expect(both[0]!.json().data.number).toBe(both[1]!.json().data.number);
    const rows = await t.db.selectFrom('invoices').select('id').where('id', '=', racing._id).execute();
    expect(rows).toHaveLength(1);
  });

  it('computes the totals in kobo: catalogue prices, free lines, line and order discounts, taxes', async () => {
    const rice = await seedProduct(t, owner.businessId, { name: 'Rice 50kg', sellingPrice: 150_000 });
    const shirt = await seedProduct(t, owner.businessId, {
      name: 'Shirt',
      sellingPrice: 80_000,
      varieties: ['M', 'L'],
    });
    const made = await makeInvoice(t, owner, client._id, {
      items: [
        // ₦1,500 × 3 = ₦4,500, less 10 % = ₦4,050
        { product_id: rice.productId, quantity: 3, discount_type: 'percentage', discount: 10 },
        // ₦800 × 1 (the variety's price)
        { product_id: shirt.productId, variety_id: shirt.varietyIds[1], quantity: 1 },
        // ₦1,000.25 × 2 = ₦2,000.50, less ₦0.50 = ₦2,000
        { name: 'Delivery', quantity: 2, price: 1_000.25, discount_type: 'amount', discount: 0.5 },
      ],
      // subtotal ₦6,850, less 5 % (₦342.50) = ₦6,507.50
      discount_type: 'percentage',
      discount: 5,
      // 7.5 % of ₦6,507.50 = ₦488.0625 → ₦488.06; 1.25 % = ₦81.34375 → ₦81.34
      taxes: [
        { name: 'VAT', rate: 7.5 },
        { name: 'Levy', rate: 1.25 },
      ],
    });
    expect(made.items.map((l) => [l.name, l.price, l.quantity, l.total])).toEqual([
      ['Rice 50kg', 1_500, 3, 4_050],
      ['Shirt (L)', 800, 1, 800],
      ['Delivery', 1_000.25, 2, 2_000],
    ]);
    expect(made).toMatchObject({
      subtotal: 6_850,
      discount_total: 450 + 0.5 + 342.5,
      tax_total: 569.4,
      total: 7_076.9,
      balance: 7_076.9,
      amount_paid: 0,
      taxes: [
        { name: 'VAT', rate: 7.5, amount: 488.06 },
        { name: 'Levy', rate: 1.25, amount: 81.34 },
      ],
    });
    const row = await t.db
      .selectFrom('invoices')
      .select(['subtotal_kobo', 'total_kobo', 'tax_total_kobo', 'balance_kobo'])
      .where('id', '=', made._id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      subtotal_kobo: 685_000,
      total_kobo: 707_690,
      tax_total_kobo: 56_940,
      balance_kobo: 707_690,
    });
    // An order discount in naira.
    const flat = await makeInvoice(t, owner, client._id, {
      items: [{ product_id: rice.productId, quantity: 2, price: 1_200 }],
      discount_type: 'amount',
      discount: 400,
    });
    expect(flat).toMatchObject({ subtotal: 2_400, discount_total: 400, total: 2_000 });
  });

  it('milestones must add up to the total (400 naming milestones)', async () => {
    const ok = await makeInvoice(t, owner, client._id, {
      milestones: [
        { name: 'Deposit', amount: 4_000, due_date: today() },
        { name: 'Balance', amount: 6_000, due_date: dayAfter(today(), 14) },
      ],
    });
    expect(ok.milestones.map((m) => [m.name, m.amount, m.status])).toEqual([
      ['Deposit', 4_000, 'pending'],
      ['Balance', 6_000, 'pending'],
    ]);
    const short = await call(
      t,
      owner,
      'POST',
      '/v1/invoices/',
      invoiceBody(owner, client._id, {
        milestones: [
          { name: 'Deposit', amount: 4_000, due_date: today() },
          { name: 'Balance', amount: 5_999.99, due_date: today() },
        ],
      }),
    );
    expect400(short, 'milestones');
  });

  it('names the field on bad input (400), never a 500', async () => {
    const base = () => invoiceBody(owner, client._id);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base(), _id: 'not-an-id' }, '_id'],
      [{ ...base(), _id: undefined }, '_id'],
      [{ ...base(), store_id: 'x' }, 'store_id'],
      [{ ...base(), client: 42 }, 'client'],
      [{ ...base(), issue_date: '2024-13' }, 'issue_date'],
      [{ ...base(), issue_date: '2025-02-30' }, 'issue_date'],
      [{ ...base(), due_date: '0000-01-01' }, 'due_date'],
      [{ ...base(), milestones: [{ name: 'M', amount: 10_000, due_date: '2025-13-01' }] }, 'due_date'],
      [{ ...base(), due_date: dayAfter(today(), -1) }, 'due_date'],
      [{ ...base(), items: [] }, 'items'],
      [{ ...base(), items: 'rice' }, 'items'],
      [{ ...base(), items: [{ name: 'A\u0000B', quantity: 1, price: 1 }] }, 'name'],
      [{ ...base(), items: [{ name: 'A', quantity: 1.5, price: 1 }] }, 'quantity'],
      [{ ...base(), items: [{ name: 'A', quantity: 1e12, price: 1 }] }, 'quantity'],
      [{ ...base(), items: [{ name: 'A', quantity: 1, price: 1e15 }] }, 'price'],
      [{ ...base(), items: [{ name: 'A', quantity: 1, price: '5' }] }, 'price'],
      [{ ...base(), items: [{ name: 'A', quantity: 1, price: 1.234 }] }, 'price'],
      [{ ...base(), items: [{ quantity: 1, price: 1 }] }, 'name'],
      [
        { ...base(), items: [{ name: 'A', quantity: 1, price: 10, discount_type: 'amount', discount: 11 }] },
        'discount',
      ],
      [
        {
          ...base(),
          items: [{ name: 'A', quantity: 1, price: 10, discount_type: 'percentage', discount: 101 }],
        },
        'discount',
      ],
      [{ ...base(), discount_type: 'amount', discount: 10_001 }, 'discount'],
      [{ ...base(), discount_type: 'bogus', discount: 1 }, 'discount_type'],
      [{ ...base(), taxes: [{ name: 'VAT', rate: 101 }] }, 'rate'],
      [{ ...base(), taxes: [{ name: '', rate: 5 }] }, 'name'],
      [{ ...base(), notes: 'a\u0000b' }, 'notes'],
      [{ ...base(), reminder_days: [1000] }, 'reminder_days'],
      [{ ...base(), reminder_days: 'soon' }, 'reminder_days'],
      [{ ...base(), milestones: [{ name: 'M', amount: -1, due_date: today() }] }, 'amount'],
      [{ ...base(), send: 'yes' }, 'send'],
      // Huge: every line within bounds, the total beyond any invoice.
      [
        {
          ...base(),
          items: [
            { name: 'A', quantity: 10_000_000, price: 1_000_000_000 },
            { name: 'B', quantity: 10_000_000, price: 1_000_000_000 },
          ],
        },
        'items',
      ],
      [
        {
          ...base(),
          items: [
            { name: 'A', quantity: 10_000_000, price: 1_000_000_000 },
            { name: 'B', quantity: 10_000_000, price: 1_000_000_000 },
          ],
          discount_type: 'percentage',
          discount: 100,
        },
        'items',
      ],
    ];
    for (const [body, field] of cases) {
      const res = await call(t, owner, 'POST', '/v1/invoices/', body);
      expect400(res, field, JSON.stringify(body).slice(0, 200));
    }
    // A product or client of another business is not found (404), never used.
    const foreignProduct = await seedProduct(t, other.businessId);
    const notMine = await call(
      t,
      owner,
      'POST',
      '/v1/invoices/',
      invoiceBody(owner, client._id, { items: [{ product_id: foreignProduct.productId, quantity: 1 }] }),
    );
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json().message).toContain('product_id');
    const foreignClient = await call(t, owner, 'POST', '/v1/invoices/', invoiceBody(owner, otherClient._id));
    expect(foreignClient.statusCode).toBe(404);
    expect(foreignClient.json().message).toContain('client');
    const foreignStore = await call(
      t,
      owner,
      'POST',
      '/v1/invoices/',
      invoiceBody(owner, client._id, { store_id: other.storeId }),
    );
    expect(foreignStore.statusCode).toBeGreaterThanOrEqual(400);
    expect(foreignStore.statusCode).toBeLessThan(500);
    // A variable product needs its variety; a variety of another product is not found.
    const shirt = await seedProduct(t, owner.businessId, { varieties: ['S'] });
    const rice = await seedProduct(t, owner.businessId);
    expect400(
      await call(
        t,
        owner,
        'POST',
        '/v1/invoices/',
        invoiceBody(owner, client._id, { items: [{ product_id: shirt.productId, quantity: 1 }] }),
      ),
      'variety_id',
    );
    const wrongVariety = await call(
      t,
      owner,
      'POST',
      '/v1/invoices/',
      invoiceBody(owner, client._id, {
        items: [{ product_id: rice.productId, variety_id: shirt.varietyIds[0], quantity: 1 }],
      }),
    );
    expect(wrongVariety.statusCode).toBe(404);
    // A variety without its product is refused, not stored on a free line.
    expect400(
      await call(
        t,
        owner,
        'POST',
        '/v1/invoices/',
        invoiceBody(owner, client._id, {
          items: [{ variety_id: shirt.varietyIds[0], name: 'Loose', price: 1, quantity: 1 }],
        }),
      ),
      'product_id',
    );
  });

  it('needs a token (401) and invoices.create (403); send: true needs invoices.share too', async () => {
    expect((await call(t, null, 'POST', '/v1/invoices/', invoiceBody(owner, client._id))).statusCode).toBe(
      401,
    );
    expect((await call(t, viewer, 'POST', '/v1/invoices/', invoiceBody(owner, client._id))).statusCode).toBe(
      403,
    );
    const maker = await employeeWith(t, owner, ['invoices.create', 'invoices.view']);
    expect(
      (await call(t, maker, 'POST', '/v1/invoices/', invoiceBody(owner, client._id, { send: true })))
        .statusCode,
    ).toBe(403);
    const made = await makeInvoice(t, owner, client._id, {}, maker);
    expect(made.status).toBe('draft');
  });

  it('send: true e-mails it at once and marks it sent; a client without e-mail → 400 and nothing recorded', async () => {
    const res = await call(t, owner, 'POST', '/v1/invoices/', invoiceBody(owner, client._id, { send: true }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ status: 'sent' });
    expect(res.json().data.sent_at).not.toBeNull();
    const silent = await addClient(t, owner, { email: null, phone: '08030001111' });
    const body = invoiceBody(owner, silent._id, { send: true });
    expect400(await call(t, owner, 'POST', '/v1/invoices/', body), 'email');
    expect((await call(t, owner, 'GET', `/v1/invoices/${body._id}`)).statusCode).toBe(404);
    // Without send, it is recorded as a draft.
    const later = await call(t, owner, 'POST', '/v1/invoices/', { ...body, send: false });
    expect(later.statusCode).toBe(201);
    expect(later.json().data.status).toBe('draft');
  });
});

describe('GET /v1/invoices/{id}', () => {
  it('answers the invoice; 401, 403, 404 for another business, a deleted or a malformed id', async () => {
    const made = await makeInvoice(t, owner, client._id);
    expect(await getInvoice(t, viewer, made._id)).toEqual(made);
    expect((await call(t, null, 'GET', `/v1/invoices/${made._id}`)).statusCode).toBe(401);
    expect((await call(t, nobody, 'GET', `/v1/invoices/${made._id}`)).statusCode).toBe(403);
    expect((await call(t, other, 'GET', `/v1/invoices/${made._id}`)).statusCode).toBe(404);
    expect((await call(t, owner, 'GET', `/v1/invoices/${newId()}`)).statusCode).toBe(404);
    expect((await call(t, owner, 'GET', '/v1/invoices/nope')).statusCode).toBe(404);
    const nul = await call(t, owner, 'GET', '/v1/invoices/a%00b');
    expect(nul.statusCode).toBe(400);
    expect(nul.json().message).toContain('id');
  });
});

describe('PATCH /v1/invoices/{id}', () => {
  it('edits anything while unpaid; the totals follow', async () => {
    const made = await makeInvoice(t, owner, client._id, {
      milestones: [{ name: 'All', amount: 10_000, due_date: today() }],
    });
    const res = await call(t, owner, 'PATCH', `/v1/invoices/${made._id}`, {
      items: [{ name: 'Design', quantity: 3, price: 2_000 }],
      milestones: [
        { _id: made.milestones[0]!._id, name: 'Half', amount: 3_000, due_date: today() },
        { name: 'Rest', amount: 3_000, due_date: dayAfter(today(), 7) },
      ],
      notes: 'Thank you',
      due_date: dayAfter(today(), 30),
      reminder_days: [3, 1, 1],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      total: 6_000,
      balance: 6_000,
      notes: 'Thank you',
      due_date: dayAfter(today(), 30),
      reminder_days: [1, 3],
      status: 'draft',
    });
    expect(res.json().data.milestones[0]._id).toBe(made.milestones[0]!._id);
    // Lines changed without milestones that still fit: 400 naming milestones.
    expect400(
      await call(t, owner, 'PATCH', `/v1/invoices/${made._id}`, {
        items: [{ name: 'Design', quantity: 1, price: 2_000 }],
      }),
      'milestones',
    );
    // Only the tax: the total moves from the stored lines.
    const noMilestones = await makeInvoice(t, owner, client._id);
    const taxed = await call(t, owner, 'PATCH', `/v1/invoices/${noMilestones._id}`, {
      taxes: [{ name: 'VAT', rate: 7.5 }],
    });
    expect(taxed.statusCode, taxed.body).toBe(200);
    expect(taxed.json().data).toMatchObject({ subtotal: 10_000, tax_total: 750, total: 10_750 });
  });

  it('after a payment: lines and amounts → 409; dates and notes still change', async () => {
    const made = await makeInvoice(t, owner, client._id);
    expect((await logPayment(t, owner, made._id, 1_000)).statusCode).toBe(200);
    const lines = await call(t, owner, 'PATCH', `/v1/invoices/${made._id}`, {
      items: [{ name: 'Cheaper', quantity: 1, price: 100 }],
    });
    expect(lines.statusCode).toBe(409);
    expect(
      (await call(t, owner, 'PATCH', `/v1/invoices/${made._id}`, { discount_type: 'amount', discount: 5 }))
        .statusCode,
    ).toBe(409);
    const notes = await call(t, owner, 'PATCH', `/v1/invoices/${made._id}`, { notes: 'Paid in part' });
    expect(notes.statusCode, notes.body).toBe(200);
    expect(notes.json().data).toMatchObject({ notes: 'Paid in part', total: 10_000, amount_paid: 1_000 });
  });

  it('cancels an invoice without payments; one with payments → 409; a cancelled one no longer changes', async () => {
    const made = await makeInvoice(t, owner, client._id);
    const cancelled = await call(t, owner, 'PATCH', `/v1/invoices/${made._id}`, { cancelled: true });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data).toMatchObject({ status: 'cancelled', balance: 0 });
    expect((await call(t, owner, 'PATCH', `/v1/invoices/${made._id}`, { notes: 'x' })).statusCode).toBe(409);
    expect((await logPayment(t, owner, made._id, 10)).statusCode).toBe(409);
    const paid = await makeInvoice(t, owner, client._id);
    await logPayment(t, owner, paid._id, 10);
    const refused = await call(t, owner, 'PATCH', `/v1/invoices/${paid._id}`, { cancelled: true });
    expect(refused.statusCode).toBe(409);
    expect((await getInvoice(t, owner, paid._id)).status).toBe('partially_paid');
  });

  it('401, 403 without invoices.edit, 404 for another business, 400 naming the field', async () => {
    const made = await makeInvoice(t, owner, client._id);
    const url = `/v1/invoices/${made._id}`;
    expect((await call(t, null, 'PATCH', url, { notes: 'x' })).statusCode).toBe(401);
    expect((await call(t, viewer, 'PATCH', url, { notes: 'x' })).statusCode).toBe(403);
    expect((await call(t, other, 'PATCH', url, { notes: 'x' })).statusCode).toBe(404);
    const cases: [unknown, string][] = [
      [{ notes: 'a\u0000b' }, 'notes'],
      [{ cancelled: false }, 'cancelled'],
      [{ due_date: dayAfter(today(), -5) }, 'due_date'],
      [{ items: [{ name: 'A', quantity: 1, price: 1e10 }] }, 'price'],
      [{ client: 'nobody' }, 'client'],
      [{ reminder_days: [1.5] }, 'reminder_days'],
    ];
    for (const [body, field] of cases) expect400(await call(t, owner, 'PATCH', url, body), field);
    const empty = await call(t, owner, 'PATCH', url, {});
    expect(empty.statusCode).toBe(400);
    expect((await call(t, owner, 'PATCH', url, { client: otherClient._id })).statusCode).toBe(404);
  });
});

describe('PUT /v1/invoices/{id}/payments/log', () => {
  it('partial → partially_paid, the rest → paid; more than owed → 400; the same _id counts once', async () => {
    const made = await makeInvoice(t, owner, client._id);
    const first = newId();
    const part = await logPayment(t, owner, made._id, 2_500, first);
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json().data).toMatchObject({ status: 'partially_paid', amount_paid: 2_500, balance: 7_500 });
    expect(part.json().data.payments[0]).toMatchObject({
      _id: first,
      method: 'cash',
      amount: 2_500,
      source: 'manual',
      recorded_by_name: 'Ada Obi',
    });
    // A retry of the same payment (even racing itself) counts once.
    const retries = await Promise.all([
      logPayment(t, owner, made._id, 2_500, first),
      logPayment(t, owner, made._id, 2_500, first),
    ]);
    expect(retries.map((r) => r.statusCode)).toEqual([200, 200]);
    expect((await getInvoice(t, owner, made._id)).amount_paid).toBe(2_500);
    expect400(await logPayment(t, owner, made._id, 7_500.01), 'amount');
    const rest = await logPayment(t, owner, made._id, 7_500);
    expect(rest.json().data).toMatchObject({
      status: 'paid',
      amount_paid: 10_000,
      balance: 0,
      refund_due: 0,
    });
    expect((await logPayment(t, owner, made._id, 1)).statusCode).toBe(409);
    // The same payment id on another invoice: 409, never a second payment.
    const another = await makeInvoice(t, owner, client._id);
    expect((await logPayment(t, owner, another._id, 10, first)).statusCode).toBe(409);
  });

  it('401, 403, 404 for another business, 400 naming the field', async () => {
    const made = await makeInvoice(t, owner, client._id);
    const url = `/v1/invoices/${made._id}/payments/log`;
    const body = { _id: newId(), method: 'cash', amount: 10 };
    expect((await call(t, null, 'PUT', url, body)).statusCode).toBe(401);
    expect((await call(t, viewer, 'PUT', url, body)).statusCode).toBe(403);
    expect((await call(t, other, 'PUT', url, body)).statusCode).toBe(404);
    const cases: [unknown, string][] = [
      [{ ...body, _id: 'x' }, '_id'],
      [{ ...body, method: 'barter' }, 'method'],
      [{ ...body, amount: 0 }, 'amount'],
      [{ ...body, amount: 1e12 }, 'amount'],
      [{ ...body, amount: '10' }, 'amount'],
      [{ ...body, paid_at: 'yesterday' }, 'paid_at'],
      [{ ...body, reference: 'a\u0000' }, 'reference'],
    ];
    for (const [b, field] of cases) expect400(await call(t, owner, 'PUT', url, b), field);
  });
});

describe('PATCH /v1/invoices/{id}/milestones/{mid}', () => {
  it('marks a milestone paid (a payment of it); again → 409; an unknown milestone → 404', async () => {
    const made = await makeInvoice(t, owner, client._id, {
      milestones: [
        { name: 'Deposit', amount: 3_000, due_date: today() },
        { name: 'Balance', amount: 7_000, due_date: dayAfter(today(), 10) },
      ],
    });
    const [deposit, balance] = made.milestones;
    const url = (mid: string) => `/v1/invoices/${made._id}/milestones/${mid}`;
    const res = await call(t, owner, 'PATCH', url(deposit!._id), { status: 'paid', method: 'transfer' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'partially_paid', amount_paid: 3_000 });
    expect(res.json().data.milestones.map((m: { status: string }) => m.status)).toEqual(['paid', 'pending']);
    expect(res.json().data.payments).toHaveLength(1);
    expect(res.json().data.payments[0]).toMatchObject({
      amount: 3_000,
      method: 'transfer',
      source: 'manual',
    });
    expect((await call(t, owner, 'PATCH', url(deposit!._id), { status: 'paid' })).statusCode).toBe(409);
    expect((await call(t, owner, 'PATCH', url(newId()), { status: 'paid' })).statusCode).toBe(404);
    expect((await call(t, owner, 'PATCH', url('nope'), { status: 'paid' })).statusCode).toBe(404);
    const last = await call(t, owner, 'PATCH', url(balance!._id), { status: 'paid' });
    expect(last.json().data).toMatchObject({ status: 'paid', balance: 0 });
    // 401, 403, 404 for another business, 400 naming the field.
    expect((await call(t, null, 'PATCH', url(balance!._id), { status: 'paid' })).statusCode).toBe(401);
    expect((await call(t, viewer, 'PATCH', url(balance!._id), { status: 'paid' })).statusCode).toBe(403);
    expect((await call(t, other, 'PATCH', url(balance!._id), { status: 'paid' })).statusCode).toBe(404);
    expect400(await call(t, owner, 'PATCH', url(balance!._id), { status: 'pending' }), 'status');
    expect400(await call(t, owner, 'PATCH', url(balance!._id), { status: 'paid', method: 7 }), 'method');
  });
});

describe('PATCH /v1/invoices/{id}/orderstatus', () => {
  it('moves forward (a step may be skipped), never back (409); keeps the note unless given', async () => {
    const made = await makeInvoice(t, owner, client._id);
    const url = `/v1/invoices/${made._id}/orderstatus`;
    const step = await call(t, owner, 'PATCH', url, { order_status: 'processing', order_note: 'Packing' });
    expect(step.statusCode, step.body).toBe(200);
    expect(step.json().data).toMatchObject({ order_status: 'processing', order_note: 'Packing' });
    const skip = await call(t, owner, 'PATCH', url, { order_status: 'delivered' });
    expect(skip.json().data).toMatchObject({ order_status: 'delivered', order_note: 'Packing' });
    const back = await call(t, owner, 'PATCH', url, { order_status: 'shipped' });
    expect(back.statusCode).toBe(409);
    const cleared = await call(t, owner, 'PATCH', url, { order_status: 'delivered', order_note: null });
    expect(cleared.json().data.order_note).toBeNull();
    expect((await call(t, null, 'PATCH', url, { order_status: 'delivered' })).statusCode).toBe(401);
    expect((await call(t, viewer, 'PATCH', url, { order_status: 'delivered' })).statusCode).toBe(403);
    expect((await call(t, other, 'PATCH', url, { order_status: 'delivered' })).statusCode).toBe(404);
    expect400(await call(t, owner, 'PATCH', url, { order_status: 'lost' }), 'order_status');
    expect400(
      await call(t, owner, 'PATCH', url, { order_status: 'delivered', order_note: 'a\u0000' }),
      'order_note',
    );
  });
});

describe('POST /v1/invoices/{id}/credit-notes', () => {
  it('a credit note or a partial payment never makes it paid while something is owed; over-credit → 400', async () => {
    const made = await makeInvoice(t, owner, client._id, {
      milestones: [
        { name: 'First', amount: 5_000, due_date: today() },
        { name: 'Second', amount: 5_000, due_date: dayAfter(today(), 10) },
      ],
    });
    const url = `/v1/invoices/${made._id}/credit-notes`;
    // A draft is changed, not credited.
    expect((await call(t, owner, 'POST', url, { _id: newId(), amount: 1, reason: 'x' })).statusCode).toBe(
      409,
    );
    await sendIt(t, owner, made._id);
    const noteId = newId();
    const credit = await call(t, owner, 'POST', url, { _id: noteId, amount: 3_000, reason: 'Damaged' });
    expect(credit.statusCode, credit.body).toBe(200);
    expect(credit.json().data).toMatchObject({ status: 'sent', amount_credited: 3_000, balance: 7_000 });
    expect(credit.json().data.credit_notes[0]).toMatchObject({
      _id: noteId,
      amount: 3_000,
      reason: 'Damaged',
    });
    expect(credit.json().data.credit_notes[0].number).toMatch(/^CN-\d{4}$/);
    // Off the last milestone first.
    expect(credit.json().data.milestones.map((m: { amount_due: number }) => m.amount_due)).toEqual([
      5_000, 2_000,
    ]);
    // The same note again counts once.
    await call(t, owner, 'POST', url, { _id: noteId, amount: 3_000, reason: 'Damaged' });
    expect((await getInvoice(t, owner, made._id)).amount_credited).toBe(3_000);
    const part = await logPayment(t, owner, made._id, 6_999.99);
    expect(part.json().data).toMatchObject({ status: 'partially_paid', balance: 0.01 });
    expect400(
      await call(t, owner, 'POST', url, { _id: newId(), amount: 7_000.01, reason: 'Too much' }),
      'amount',
    );
    const rest = await call(t, owner, 'POST', url, { _id: newId(), amount: 0.01, reason: 'Rounding' });
    expect(rest.json().data).toMatchObject({ status: 'paid', balance: 0, amount_credited: 3_000.01 });
    expect(rest.json().data.milestones.map((m: { status: string }) => m.status)).toEqual(['paid', 'paid']);
  });

  it('401, 403, 404 for another business, 400 naming the field', async () => {
    const made = await makeInvoice(t, owner, client._id);
    await sendIt(t, owner, made._id);
    const url = `/v1/invoices/${made._id}/credit-notes`;
    const body = { _id: newId(), amount: 1, reason: 'x' };
    expect((await call(t, null, 'POST', url, body)).statusCode).toBe(401);
    expect((await call(t, viewer, 'POST', url, body)).statusCode).toBe(403);
    expect((await call(t, other, 'POST', url, body)).statusCode).toBe(404);
    const cases: [unknown, string][] = [
      [{ ...body, _id: 1 }, '_id'],
      [{ ...body, amount: 0 }, 'amount'],
      [{ ...body, amount: 1e13 }, 'amount'],
      [{ ...body, reason: '' }, 'reason'],
      [{ ...body, reason: 'a\u0000' }, 'reason'],
    ];
    for (const [b, field] of cases) expect400(await call(t, owner, 'POST', url, b), field);
    expect400(await call(t, owner, 'POST', url, { ...body, amount: 10_000.01 }), 'amount');
  });
});

describe('DELETE /v1/invoices/{id}', () => {
  it('leaves a tombstone: GET → 404, the number is not given again; with payments → 409', async () => {
    const made = await makeInvoice(t, owner, client._id);
    expect((await call(t, null, 'DELETE', `/v1/invoices/${made._id}`)).statusCode).toBe(401);
    expect((await call(t, viewer, 'DELETE', `/v1/invoices/${made._id}`)).statusCode).toBe(403);
    expect((await call(t, other, 'DELETE', `/v1/invoices/${made._id}`)).statusCode).toBe(404);
    const res = await call(t, owner, 'DELETE', `/v1/invoices/${made._id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect((await call(t, owner, 'GET', `/v1/invoices/${made._id}`)).statusCode).toBe(404);
    expect((await call(t, owner, 'DELETE', `/v1/invoices/${made._id}`)).statusCode).toBe(404);
    const row = await t.db
      .selectFrom('invoices')
      .select(['deleted_at', 'number'])
      .where('id', '=', made._id)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    const next = await makeInvoice(t, owner, client._id);
    expect(next.number).not.toBe(made.number);
    // Posting the deleted invoice's id again does not bring it back.
    const again = await call(
      t,
      owner,
      'POST',
      '/v1/invoices/',
      invoiceBody(owner, client._id, { _id: made._id }),
    );
    expect(again.statusCode).toBe(200);
    expect((await call(t, owner, 'GET', `/v1/invoices/${made._id}`)).statusCode).toBe(404);
    const paid = await makeInvoice(t, owner, client._id);
    await logPayment(t, owner, paid._id, 1);
    expect((await call(t, owner, 'DELETE', `/v1/invoices/${paid._id}`)).statusCode).toBe(409);
    expect((await call(t, owner, 'GET', `/v1/invoices/${paid._id}`)).statusCode).toBe(200);
  });
});

describe('GET /v1/invoices/businesses/{b}', () => {
  let w: { owner: Owner; client: string; second: string; storeB: string; ids: Record<string, string> };
  beforeAll(async () => {
    const o = await signUp(t, { business_name: 'Listing Ltd' });
    const c1 = await addClient(t, o, { first_name: 'Tunde', last_name: 'Bello', phone: '08031112222' });
    const c2 = await addClient(t, o, { first_name: 'Kemi', last_name: 'Ade' });
    const storeB = await addStore(t, o.businessId, 'Lekki');
    const mk = (over: Record<string, unknown>) => makeInvoice(t, o, c1._id, over);
    const a = await mk({ issue_date: dayAfter(today(), -40), due_date: dayAfter(today(), -30) });
    const b = await mk({ client: c2._id });
    const c = await mk({ store_id: storeB, items: [{ name: 'Big', quantity: 1, price: 50_000 }] });
    const d = await mk({});
    await sendIt(t, o, a._id); // overdue
    await logPayment(t, o, b._id, 10_000); // paid
    await logPayment(t, o, c._id, 20_000); // partially paid
    w = { owner: o, client: c1._id, second: c2._id, storeB, ids: { a: a._id, b: b._id, c: c._id, d: d._id } };
  });

  const lst = async (query = '', who: { token: string } = w.owner): Promise<InvoiceList> => {
    const res = await call(t, who, 'GET', `/v1/invoices/businesses/${w.owner.businessId}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  it('filters by status, client, store, dates and search, with counts and sums per status', async () => {
    const all = await lst();
    expect(all.total).toBe(4);
    expect(all.items.map((i) => i._id).sort()).toEqual(Object.values(w.ids).sort());
    const sums = Object.fromEntries(all.sums.map((s) => [s.status, s]));
    expect(sums).toMatchObject({
      overdue: { count: 1, total: 10_000, balance: 10_000 },
      paid: { count: 1, total: 10_000, balance: 0 },
      partially_paid: { count: 1, total: 50_000, balance: 30_000 },
      draft: { count: 1, total: 10_000, balance: 10_000 },
    });
    expect((await lst('?status=overdue')).items.map((i) => i._id)).toEqual([w.ids.a]);
    const paid = await lst('?status=paid');
    expect(paid.items.map((i) => i._id)).toEqual([w.ids.b]);
    expect(paid.total).toBe(1);
    // The tabs' sums stay over every status.
    expect(paid.sums).toHaveLength(4);
    expect((await lst(`?client=${w.second}`)).items.map((i) => i._id)).toEqual([w.ids.b]);
    expect((await lst(`?store_id=${w.storeB}`)).items.map((i) => i._id)).toEqual([w.ids.c]);
    const old = dayAfter(today(), -40);
    expect((await lst(`?startdate=${old}&enddate=${old}`)).items.map((i) => i._id)).toEqual([w.ids.a]);
    expect((await lst(`?startdate=${today()}`)).total).toBe(3);
    expect((await lst('?search=kemi')).items.map((i) => i._id)).toEqual([w.ids.b]);
    expect((await lst('?search=0803111')).total).toBe(3);
    const numbered = await lst(`?search=${encodeURIComponent('inv-0001')}`);
    expect(numbered.items.map((i) => i.number)).toEqual(['INV-0001']);
    expect((await lst('?search=%25')).total).toBe(0);
    const page = await lst('?limit=2&page=2');
    expect(page).toMatchObject({ total: 4, page: 2, limit: 2 });
    expect(page.items).toHaveLength(2);
  });

  it('with updated_at: what changed since, and the deleted ids in recordsRemoved', async () => {
    const first = await lst('?updated_at=0');
    expect(first.items.map((i) => i._id).sort()).toEqual(Object.values(w.ids).sort());
    expect(first.metaData.recordsRemoved).toEqual([]);
    const since = first.metaData.lastUpdate;
    expect(since).toBeGreaterThan(0);
    expect((await lst(`?updated_at=${since}`)).items).toEqual([]);
    await call(t, w.owner, 'PATCH', `/v1/invoices/${w.ids.d}`, { notes: 'changed' });
    const extra = await makeInvoice(t, w.owner, w.client);
    expect((await call(t, w.owner, 'DELETE', `/v1/invoices/${extra._id}`)).statusCode).toBe(200);
    const next = await lst(`?updated_at=${since}`);
    expect(next.items.map((i) => i._id)).toEqual([w.ids.d]);
    expect(next.items[0]!.notes).toBe('changed');
    expect(next.metaData.recordsRemoved).toEqual([extra._id]);
    expect(next.metaData.lastUpdate).toBeGreaterThan(since);
    expect((await lst(`?updated_at=${next.metaData.lastUpdate}`)).items).toEqual([]);
  });

  it('with updated_at and a small limit: page after page (hasMore) until every invoice is down', async () => {
    const seen = new Set<string>();
    let cursor = 0;
    for (let pages = 0; pages < 20; pages++) {
      const page = await lst(`?updated_at=${cursor}&limit=1`);
      page.items.forEach((i) => seen.add(i._id));
      if (!page.metaData.hasMore) break;
      expect(page.items.length + page.metaData.recordsRemoved.length).toBe(1);
      cursor = page.metaData.lastUpdate;
    }
    for (const id of Object.values(w.ids)) expect(seen).toContain(id);
  });

  it("an employee who is not an admin sees only their stores' invoices", async () => {
    const clerk = await employeeWith(
      t,
      w.owner,
      ['invoices.view', 'invoices.edit', 'invoices.create'],
      [w.owner.storeId],
    );
    const seen = await lst('', clerk);
    expect(seen.items.map((i) => i._id)).not.toContain(w.ids.c);
    expect(seen.items.every((i) => i.store_id === w.owner.storeId)).toBe(true);
    expect((await lst('?updated_at=0', clerk)).items.map((i) => i._id)).not.toContain(w.ids.c);
    expect((await lst(`?store_id=${w.storeB}`, clerk)).items).toEqual([]);
    expect((await call(t, clerk, 'GET', `/v1/invoices/${w.ids.c}`)).statusCode).toBe(404);
    expect((await call(t, clerk, 'PATCH', `/v1/invoices/${w.ids.c}`, { notes: 'x' })).statusCode).toBe(404);
    expect((await call(t, clerk, 'GET', `/v1/invoices/${w.ids.d}`)).statusCode).toBe(200);
    const elsewhere = await call(
      t,
      clerk,
      'POST',
      '/v1/invoices/',
      invoiceBody(w.owner, w.client, { store_id: w.storeB }),
    );
    expect(elsewhere.statusCode).toBeGreaterThanOrEqual(400);
    expect(elsewhere.statusCode).toBeLessThan(500);
  });

  it('401, 403, 404 for another business, 400 naming the field', async () => {
    expect((await call(t, null, 'GET', listUrl())).statusCode).toBe(401);
    expect((await call(t, nobody, 'GET', listUrl())).statusCode).toBe(403);
    // The Cashier role a business starts with has no invoice permission.
    const cashier = await addCashier(t, owner);
    expect((await call(t, cashier, 'GET', listUrl())).statusCode).toBe(403);
    expect((await call(t, owner, 'GET', listUrl(other.businessId))).statusCode).toBe(404);
    const cases: [string, string][] = [
      ['?status=lost', 'status'],
      ['?client=x', 'client'],
      ['?store_id=x', 'store_id'],
      ['?startdate=yesterday', 'startdate'],
      ['?enddate=2025-02-29', 'enddate'],
      ['?updated_at=-1', 'updated_at'],
      ['?updated_at=abc', 'updated_at'],
      ['?search=a%00b', 'search'],
      ['?limit=100000', 'limit'],
      ['?page=0', 'page'],
    ];
    for (const [q, field] of cases)
      expect400(await call(t, owner, 'GET', listUrl(owner.businessId, q)), field, q);
    // The viewer role reads the list too.
    expect((await list('', viewer)).items.length).toBeGreaterThan(0);
  });
});

describe('POST /v1/invoices/sync', () => {
  it('records drafts made offline, each answered on its own (idempotent)', async () => {
    const good = invoiceBody(owner, client._id);
    const bad = { ...invoiceBody(owner, client._id), items: [] };
    const res = await call(t, owner, 'POST', '/v1/invoices/sync', { invoices: [good, bad] });
    expect(res.statusCode, res.body).toBe(200);
    const results = res.json().data.results;
    expect(results[0]).toMatchObject({ _id: good._id, outcome: 'accepted' });
    expect(results[0].data.number).toMatch(/^INV-/);
    expect(results[1]).toMatchObject({ outcome: 'rejected' });
    expect(results[1].reason).toContain('items');
    const again = await call(t, owner, 'POST', '/v1/invoices/sync', { invoices: [good] });
    expect(again.json().data.results[0]).toMatchObject({ _id: good._id, outcome: 'duplicate' });
    expect((await call(t, null, 'POST', '/v1/invoices/sync', { invoices: [good] })).statusCode).toBe(401);
    expect((await call(t, viewer, 'POST', '/v1/invoices/sync', { invoices: [good] })).statusCode).toBe(403);
    expect400(await call(t, owner, 'POST', '/v1/invoices/sync', { invoices: 'x' }), 'invoices');
  });
});

describe('GET /v1/invoices/{id}/pdf', () => {
  it('answers the PDF; 401, 403 without invoices.download, 404 for another business', async () => {
    const made = await makeInvoice(t, owner, client._id);
    const url = `/v1/invoices/${made._id}/pdf`;
    const res = await call(t, owner, 'GET', url);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    expect(res.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    expect(res.headers['content-disposition']).toContain(`${made.number}.pdf`);
    expect((await call(t, null, 'GET', url)).statusCode).toBe(401);
    expect((await call(t, viewer, 'GET', url)).statusCode).toBe(403);
    expect((await call(t, other, 'GET', url)).statusCode).toBe(404);
  });
});

describe('every route', () => {
  it('answers bad bodies, ids and queries with a 4xx, never a 500', async () => {
    const made = await makeInvoice(t, owner, client._id, {
      milestones: [{ name: 'All', amount: 10_000, due_date: today() }],
    });
    const mid = made.milestones[0]!._id;
    const routes: ['GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', string][] = [
      ['POST', '/v1/invoices/'],
      ['POST', '/v1/invoices/sync'],
      ['PATCH', `/v1/invoices/${made._id}`],
      ['PUT', `/v1/invoices/${made._id}/payments/log`],
      ['PATCH', `/v1/invoices/${made._id}/milestones/${mid}`],
      ['PATCH', `/v1/invoices/${made._id}/orderstatus`],
      ['POST', `/v1/invoices/${made._id}/credit-notes`],
      ['POST', '/v1/invoices/actions/send'],
    ];
    const bodies: unknown[] = [
      [],
      'text',
      42,
      { _id: null, items: null, amount: null, invoice_id: null },
      { _id: newId(), amount: Number.MAX_SAFE_INTEGER, items: [{ name: 'x', quantity: 1, price: 1e300 }] },
      { invoice_id: made._id, kind: 'send', email: 'a\u0000@b.ng' },
      { status: 'paid', method: 'cash', reference: 'r'.repeat(10_000) },
      { order_status: ['pending'] },
    ];
    for (const [method, url] of routes)
      for (const body of bodies) {
        const res = await call(t, owner, method, url, body);
        expect(
          res.statusCode,
          `${method} ${url} ${JSON.stringify(body).slice(0, 60)} ${res.body}`,
        ).toBeLessThan(500);
      }
    // Ids that are not ids, in every position.
    const odd = ['x', 'a%00b', `${made._id}x`, made._id.toUpperCase().replace(/-/g, '')];
    for (const id of odd)
      for (const [method, url] of [
        ['GET', `/v1/invoices/${id}`],
        ['GET', `/v1/invoices/${id}/pdf`],
        ['GET', `/v1/invoices/businesses/${owner.businessId}/${id}/payment/transfer`],
        ['GET', `/v1/invoices/businesses/${id}`],
        ['PATCH', `/v1/invoices/${made._id}/milestones/${id}`],
        ['DELETE', `/v1/invoices/${id}`],
      ] as const) {
        const res = await call(t, owner, method, url, method === 'PATCH' ? { status: 'paid' } : undefined);
        expect(res.statusCode, `${method} ${url} ${res.body}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${method} ${url} ${res.body}`).toBeLessThan(500);
      }
    // The same id in capitals is the same invoice.
    expect((await call(t, owner, 'GET', `/v1/invoices/${made._id.toUpperCase()}`)).statusCode).toBe(200);
  });
});
