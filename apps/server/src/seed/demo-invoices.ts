import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { todayIn } from '@ms/contracts';
import { login } from './demo-api.js';

/**
 * The demo's invoices (issue 15), made through the product's own API in process: one paid, one paid in
 * part by a transfer to its own account (through the sandbox payer's bank), one overdue, one draft and
 * one cancelled, for three clients with e-mail addresses.
 */

export type DemoInvoicesSummary = { invoices: number };

const day = (today: string, offset: number) => {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + offset)).toISOString().slice(0, 10);
};

export const seedDemoInvoices = async (input: {
  app: FastifyInstance;
  businessId: string;
  stores: string[];
  admin: { email: string; password: string };
}): Promise<DemoInvoicesSummary> => {
  const { app, businessId: b } = input;
  const call = await login(app, input.admin);
  const today = todayIn('Africa/Lagos');
  const clients: string[] = [];
  for (const c of [
    { first_name: 'Chioma', last_name: 'Events', phone: '08061230001', email: 'chioma.events@example.ng' },
    { first_name: 'Femi', last_name: 'Catering', phone: '08061230002', email: 'femi.catering@example.ng' },
    {
      first_name: 'Grace',
      last_name: 'Schools',
      phone: '08061230003',
      email: 'bursar@graceschools.example.ng',
    },
  ])
    clients.push((await call<{ _id: string }>('POST', '/v1/customers/', { _id: randomUUID(), ...c }))._id);

  const make = async (body: Record<string, unknown>) =>
    call<{ _id: string }>('POST', '/v1/invoices/', { _id: randomUUID(), store_id: input.stores[0], ...body });
  const send = (id: string) => call('POST', '/v1/invoices/actions/send', { invoice_id: id, kind: 'send' });

  // Paid in cash at the shop.
  const paid = await make({
    client: clients[0],
    issue_date: day(today, -20),
    due_date: day(today, -6),
    items: [
      { name: 'Party packs of soft drinks (24 x 35cl)', quantity: 10, price: 6500 },
      { name: 'Bottled water (12 x 75cl)', quantity: 15, price: 2100 },
    ],
    reminder_days: [0],
  });
  await send(paid._id);
  await call('PUT', `/v1/invoices/${paid._id}/payments/log`, {
    _id: randomUUID(),
    method: 'cash',
    amount: 96500,
    reference: 'Paid at Lekki Store',
  });

  // A deposit and the balance; the deposit came by transfer to the invoice's own account.
  const milestones = await make({
    client: clients[1],
    issue_date: day(today, -3),
    due_date: day(today, 11),
    items: [
      { name: 'Rice 50kg (Royal Stallion)', quantity: 8, price: 78000 },
      { name: 'Vegetable oil 25L', quantity: 4, price: 52000 },
    ],
    taxes: [{ name: 'VAT', rate: 7.5 }],
    milestones: [
      { name: 'Deposit', amount: 447200, due_date: day(today, -3) },
      { name: 'Balance on delivery', amount: 447200, due_date: day(today, 11) },
    ],
    reminder_days: [-3, 0, 7],
  });
  await send(milestones._id);
  const account = await call<{ account_number: string }>(
    'GET',
    `/v1/invoices/businesses/${b}/${milestones._id}/payment/transfer`,
  ).catch(() => null);
  if (account)
    await call('POST', '/v1/sandbox/banking/payer-transfers', {
      account_number: account.account_number,
      amount: 447200,
      payer_name: 'FEMI ADEOLA CATERING',
    }).catch(() => null);

  // Sent a month ago and not paid: overdue.
  const overdue = await make({
    client: clients[2],
    issue_date: day(today, -30),
    due_date: day(today, -9),
    items: [{ name: 'Exercise books (carton of 100)', quantity: 12, price: 18500 }],
    notes: 'Delivered to the school store on Monday.',
    reminder_days: [7, 14],
  });
  await send(overdue._id);

  // A draft still being put together, and one cancelled.
  await make({
    client: clients[0],
    issue_date: today,
    due_date: day(today, 14),
    items: [{ name: 'Chairs hire (per day)', quantity: 50, price: 500 }],
  });
  const cancelled = await make({
    client: clients[1],
    issue_date: day(today, -10),
    due_date: day(today, 4),
    items: [{ name: 'Tomato paste (carton)', quantity: 3, price: 21000 }],
  });
  await call('PATCH', `/v1/invoices/${cancelled._id}`, { cancelled: true });
  return { invoices: 5 };
};
