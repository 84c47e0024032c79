import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice } from '@ms/contracts';
import { seedProduct } from '../catalogue/fixtures.js';
import { createTestApp, signUp, type TestApp } from '../helper.js';
import { addClient, call, dayAfter, logPayment, makeInvoice, today, type Owner } from './invoice-helper.js';

/**
 * The client's side (spec 000 §2.1 `/view-invoice`): by the token of its link only, without login —
 * the invoice's public fields, how to pay it, its PDF; nothing else of the business.
 */

let t: TestApp;
let owner: Owner;
let client: { _id: string };
let made: Invoice;
let token: string;

const tokenOf = (invoice: Invoice) => new URL(invoice.link, 'http://x').searchParams.get('token')!;
const open = (tok: string, tail = '') =>
  t.request({ method: 'GET', url: `/v1/public/invoices/${encodeURIComponent(tok)}${tail}` });

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t, { business_name: 'Ada Fabrics' });
  client = await addClient(t, owner, { first_name: 'Bola', last_name: 'Ige', phone: '08034445555' });
  const fabric = await seedProduct(t, owner.businessId, {
    name: 'Ankara 6 yards',
    sellingPrice: 1_200_000,
    costPrice: 777_700,
  });
  made = await makeInvoice(t, owner, client._id, {
    items: [
      { product_id: fabric.productId, quantity: 2 },
      { name: 'Tailoring', quantity: 1, price: 6_000 },
    ],
    taxes: [{ name: 'VAT', rate: 7.5 }],
    milestones: [
      { name: 'Deposit', amount: 10_000, due_date: today() },
      { name: 'Balance', amount: 22_250, due_date: dayAfter(today(), 14) },
    ],
    notes: 'Pay by transfer',
  });
  token = tokenOf(made);
  // Other invoices of the business, one of another client.
  await makeInvoice(t, owner, client._id);
  const someone = await addClient(t, owner, { first_name: 'Secret', last_name: 'Client' });
  await makeInvoice(t, owner, someone._id);
});
afterAll(async () => t?.close());

describe('GET /v1/public/invoices/{token}', () => {
  it('answers without login only the public fields of this invoice', async () => {
    const res = await open(token);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(Object.keys(data).sort()).toEqual(
      [
        'business_name',
        'store_name',
        'number',
        'client_name',
        'status',
        'issue_date',
        'due_date',
        'items',
        'taxes',
        'subtotal',
        'discount_total',
        'tax_total',
        'total',
        'amount_paid',
        'amount_credited',
        'balance',
        'milestones',
        'notes',
      ].sort(),
    );
    expect(data).toMatchObject({
      business_name: 'Ada Fabrics',
      store_name: 'Ikeja',
      number: made.number,
      client_name: 'Bola Ige',
      status: 'draft',
      subtotal: 30_000,
      tax_total: 2_250,
      total: 32_250,
      balance: 32_250,
      notes: 'Pay by transfer',
    });
    expect(data.items).toEqual([
      { name: 'Ankara 6 yards', quantity: 2, price: 12_000, total: 24_000 },
      { name: 'Tailoring', quantity: 1, price: 6_000, total: 6_000 },
    ]);
    expect(Object.keys(data.milestones[0]).sort()).toEqual(
      ['amount', 'amount_due', 'amount_paid', 'due_date', 'name', 'status'].sort(),
    );
    // No ids of anything (business, store, client, invoice, lines, products, milestones), no costs,
    // no staff, no other invoice or client, no contact details of the client.
    const text = res.body;
    expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i);
    for (const secret of [owner.businessId, owner.storeId, client._id, made._id, token, '7777', '777700'])
      expect(text).not.toContain(secret);
    expect(text).not.toContain('Secret');
    expect(text).not.toContain('08034445555');
    expect(text).not.toMatch(/cost|email|phone|created_by|recorded_by|link/i);
    expect(text.match(/INV-\d{4}/g)).toEqual([made.number]);
  });

  it('shows payments as they come, and a cancelled invoice as owing nothing', async () => {
    await logPayment(t, owner, made._id, 10_000);
    const res = await open(token);
    expect(res.json().data).toMatchObject({ status: 'partially_paid', amount_paid: 10_000, balance: 22_250 });
    expect(res.json().data.milestones.map((m: { status: string }) => m.status)).toEqual(['paid', 'pending']);
    expect(res.body).not.toMatch(/payer|reference|cash/i);
    const cancelled = await makeInvoice(t, owner, client._id);
    await call(t, owner, 'PATCH', `/v1/invoices/${cancelled._id}`, { cancelled: true });
    const shown = await open(tokenOf(cancelled));
    expect(shown.json().data).toMatchObject({ status: 'cancelled', balance: 0 });
  });

  it('a wrong token → 404; a bad one → 400 naming token; a deleted invoice → 404', async () => {
    expect((await open('not-a-real-token')).statusCode).toBe(404);
    expect((await open(`${token.slice(0, -1)}x`)).statusCode).toBe(404);
    const nul = await t.request({ method: 'GET', url: `/v1/public/invoices/a%00b` });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().message).toContain('token');
    // Longer than any token: refused by the router (414) before anything is looked up.
    expect((await open('x'.repeat(500))).statusCode).toBe(414);
    const gone = await makeInvoice(t, owner, client._id);
    expect((await open(tokenOf(gone))).statusCode).toBe(200);
    expect((await call(t, owner, 'DELETE', `/v1/invoices/${gone._id}`)).statusCode).toBe(200);
    expect((await open(tokenOf(gone))).statusCode).toBe(404);
    expect((await open(tokenOf(gone), '/pdf')).statusCode).toBe(404);
    expect((await open(tokenOf(gone), '/payment/transfer')).statusCode).toBe(404);
  });
});

describe('GET /v1/public/invoices/{token}/payment/transfer', () => {
  it("answers the invoice's own account, the one the owner sees; 409 once paid", async () => {
    const fresh = await makeInvoice(t, owner, client._id);
    const res = await open(tokenOf(fresh), '/payment/transfer');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ method: 'transfer', amount: 10_000, reference: fresh.number });
    const owners = await call(
      t,
      owner,
      'GET',
      `/v1/invoices/businesses/${owner.businessId}/${fresh._id}/payment/transfer`,
    );
    expect(owners.json().data.account_number).toBe(res.json().data.account_number);
    await logPayment(t, owner, fresh._id, 10_000);
    expect((await open(tokenOf(fresh), '/payment/transfer')).statusCode).toBe(409);
    expect((await open('wrong', '/payment/transfer')).statusCode).toBe(404);
  });
});

describe('GET /v1/public/invoices/{token}/pdf', () => {
  it('answers the PDF without login', async () => {
    const res = await open(token, '/pdf');
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    expect(res.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    expect(res.headers['content-disposition']).toContain(`${made.number}.pdf`);
    expect((await open('wrong', '/pdf')).statusCode).toBe(404);
  });
});
