import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/lib/ids.js';
import { markOverdueInvoices, sendDueReminders } from '../../src/modules/invoices/index.js';
import { createTestApp, signUp, type TestApp } from '../helper.js';
import {
  addClient,
  call,
  dayAfter,
  emailsTo,
  employeeWith,
  expect400,
  getInvoice,
  jobDeps,
  logPayment,
  makeInvoice,
  sendIt,
  today,
  type Owner,
} from './invoice-helper.js';

/**
 * E-mails to the client (issue 15): sending an invoice, again, a payment reminder by hand; the
 * scheduled reminders, each sent once whatever runs the job, days missed caught up with one e-mail,
 * none for an invoice paid or cancelled; invoices past their due day become overdue.
 */

let t: TestApp;
let owner: Owner;
let other: Owner;
let client: { _id: string; email: string | null };

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://shop.example.ng' });
  owner = await signUp(t);
  other = await signUp(t, { business_name: 'Other Ventures' });
  client = await addClient(t, owner);
});
afterAll(async () => t?.close());

const send = (who: { token: string } | null, body: unknown) =>
  call(t, who, 'POST', '/v1/invoices/actions/send', body);

const remindersOf = (invoiceId: string) =>
  t.db
    .selectFrom('invoice_reminders')
    .select(['kind', 'status', 'skip_reason', sql<string | null>`remind_on::text`.as('remind_on')])
    .where('invoice_id', '=', invoiceId)
    .orderBy('remind_on')
    .execute();

/** Scheduled reminder e-mails about this invoice. */
const scheduledMails = async (to: string, invoiceId: string) =>
  (await emailsTo(t, to)).filter(
    (m) => m.kind === 'invoice_reminder' && m.meta.invoice_id === invoiceId && m.meta.reminder_id,
  );

/**
 * Moves the invoice's days and its reminders `days` days back, as if that time had passed (through a
 * far date: the days are unique per invoice, and one UPDATE would meet its own rows on the way).
 */
const timePasses = async (invoiceId: string, days: number) => {
  await t.queryAsAnotherProcess(
    `UPDATE invoices SET due_date = due_date - ${days}, issue_date = issue_date - ${days}
      WHERE id = '${invoiceId}';
     UPDATE invoice_reminders SET remind_on = remind_on - ${days} - 100000 WHERE invoice_id = '${invoiceId}';
     UPDATE invoice_reminders SET remind_on = remind_on + 100000 WHERE invoice_id = '${invoiceId}';`,
  );
};

describe('POST /v1/invoices/actions/send', () => {
  it("e-mails the invoice with its public link and marks a draft sent; again with 'resend'", async () => {
    const made = await makeInvoice(t, owner, client._id);
    expect(made.status).toBe('draft');
    const res = await send(owner, { invoice_id: made._id, message: 'Thanks for your business' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ email: client.email, invoice: { status: 'sent' } });
    expect(res.json().data.invoice.sent_at).not.toBeNull();
    const [mail] = await emailsTo(t, client.email!);
    expect(mail).toMatchObject({ kind: 'invoice', meta: { invoice_id: made._id } });
    expect(mail!.subject).toContain(made.number!);
    expect(mail!.body).toContain(`https://shop.example.ng/view-invoice?token=`);
    expect(mail!.body).toContain('Thanks for your business');
    const again = await send(owner, { invoice_id: made._id, kind: 'resend' });
    expect(again.statusCode).toBe(200);
    expect((await emailsTo(t, client.email!)).filter((m) => m.meta.invoice_id === made._id)).toHaveLength(2);
  });

  it('a reminder on a draft → 409; on a paid or cancelled invoice → 409; by hand it is recorded', async () => {
    const made = await makeInvoice(t, owner, client._id);
    expect((await send(owner, { invoice_id: made._id, kind: 'reminder' })).statusCode).toBe(409);
    await sendIt(t, owner, made._id);
    const reminded = await send(owner, { invoice_id: made._id, kind: 'reminder' });
    expect(reminded.statusCode, reminded.body).toBe(200);
    expect(reminded.json().data.invoice.last_reminder_at).not.toBeNull();
    const [mail] = await emailsTo(t, client.email!);
    expect(mail).toMatchObject({ kind: 'invoice_reminder' });
    expect(mail!.subject).toContain('Reminder');
    expect((await remindersOf(made._id)).filter((r) => r.kind === 'manual')).toHaveLength(1);
    await logPayment(t, owner, made._id, 10_000);
    expect((await send(owner, { invoice_id: made._id, kind: 'reminder' })).statusCode).toBe(409);
    const cancelled = await makeInvoice(t, owner, client._id);
    await call(t, owner, 'PATCH', `/v1/invoices/${cancelled._id}`, { cancelled: true });
    expect((await send(owner, { invoice_id: cancelled._id })).statusCode).toBe(409);
  });

  it('a client without an e-mail: 400 naming email unless one is given', async () => {
    const silent = await addClient(t, owner, { email: null, phone: '08039998888' });
    const made = await makeInvoice(t, owner, silent._id);
    expect400(await send(owner, { invoice_id: made._id }), 'email');
    expect((await getInvoice(t, owner, made._id)).status).toBe('draft');
    const given = await send(owner, { invoice_id: made._id, email: 'Given@Example.ng' });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json().data.email).toBe('given@example.ng');
    expect((await emailsTo(t, 'given@example.ng')).length).toBe(1);
    // The client keeps the address for the next invoice and the reminders.
    expect((await getInvoice(t, owner, made._id)).client_email).toBe('given@example.ng');
    const next = await makeInvoice(t, owner, silent._id);
    expect((await send(owner, { invoice_id: next._id })).statusCode).toBe(200);
  });

  it('401; 403 by kind (share, resend, request_payment); 404 for another business; 400 naming the field', async () => {
    const made = await makeInvoice(t, owner, client._id);
    expect((await send(null, { invoice_id: made._id })).statusCode).toBe(401);
    const nobody = await employeeWith(t, owner, ['invoices.view']);
    expect((await send(nobody, { invoice_id: made._id })).statusCode).toBe(403);
    const resender = await employeeWith(t, owner, ['invoices.view', 'invoices.resend']);
    expect((await send(resender, { invoice_id: made._id, kind: 'send' })).statusCode).toBe(403);
    expect((await send(resender, { invoice_id: made._id, kind: 'reminder' })).statusCode).toBe(403);
    const sharer = await employeeWith(t, owner, ['invoices.view', 'invoices.share']);
    expect((await send(sharer, { invoice_id: made._id, kind: 'send' })).statusCode).toBe(200);
    expect((await send(sharer, { invoice_id: made._id, kind: 'reminder' })).statusCode).toBe(403);
    expect((await send(resender, { invoice_id: made._id, kind: 'resend' })).statusCode).toBe(200);
    expect((await send(other, { invoice_id: made._id })).statusCode).toBe(404);
    expect((await send(owner, { invoice_id: newId() })).statusCode).toBe(404);
    const cases: [unknown, string][] = [
      [{}, 'invoice_id'],
      [{ invoice_id: 'x' }, 'invoice_id'],
      [{ invoice_id: made._id, kind: 'shout' }, 'kind'],
      [{ invoice_id: made._id, email: 'not-an-email' }, 'email'],
      [{ invoice_id: made._id, email: 5 }, 'email'],
      [{ invoice_id: made._id, message: 'a\u0000b' }, 'message'],
      [{ invoice_id: made._id, message: 'x'.repeat(5_000) }, 'message'],
    ];
    for (const [body, field] of cases)
      expect400(await send(owner, body), field, JSON.stringify(body).slice(0, 80));
  });
});

describe('scheduled reminders (sendDueReminders)', () => {
  it('are made when the invoice is sent, from its due day and reminder days', async () => {
    const due = dayAfter(today(), 10);
    const made = await makeInvoice(t, owner, client._id, { due_date: due, reminder_days: [2, -3, 0] });
    expect(made.reminder_days).toEqual([-3, 0, 2]);
    expect(await remindersOf(made._id)).toEqual([]);
    await sendIt(t, owner, made._id);
    expect((await remindersOf(made._id)).map((r) => [r.remind_on, r.status])).toEqual([
      [dayAfter(due, -3), 'waiting'],
      [due, 'waiting'],
      [dayAfter(due, 2), 'waiting'],
    ]);
    // A new due day remakes them.
    const moved = dayAfter(today(), 20);
    await call(t, owner, 'PATCH', `/v1/invoices/${made._id}`, { due_date: moved, reminder_days: [1] });
    expect((await remindersOf(made._id)).map((r) => [r.remind_on, r.status])).toEqual([
      [dayAfter(moved, 1), 'waiting'],
    ]);
    // Nothing is due yet.
    await sendDueReminders(jobDeps(t));
    expect(await scheduledMails(client.email!, made._id)).toEqual([]);
  });

  it('each due reminder is sent once, even by two runs at once; days missed: one e-mail, the older skipped', async () => {
    const who = await addClient(t, owner);
    const made = await makeInvoice(t, owner, who._id, {
      due_date: dayAfter(today(), 10),
      reminder_days: [-3, 0, 2, 5],
    });
    await sendIt(t, owner, made._id);
    // Twelve days pass with no server: the reminders of due-3, due and due+2 all fell due.
    await timePasses(made._id, 12);
    await Promise.all([sendDueReminders(jobDeps(t)), sendDueReminders(jobDeps(t))]);
    const mails = await scheduledMails(who.email!, made._id);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.meta.remind_on).toBe(dayAfter(today(), 0));
    expect(mails[0]!.subject).toContain('Reminder');
    const rows = await remindersOf(made._id);
    expect(rows.map((r) => [r.status, r.skip_reason])).toEqual([
      ['skipped', 'superseded'],
      ['skipped', 'superseded'],
      ['sent', null],
      ['waiting', null],
    ]);
    expect((await getInvoice(t, owner, made._id)).last_reminder_at).not.toBeNull();
    // Runs again: nothing more until the next day is due.
    await Promise.all([sendDueReminders(jobDeps(t)), sendDueReminders(jobDeps(t))]);
    expect(await scheduledMails(who.email!, made._id)).toHaveLength(1);
    await timePasses(made._id, 3);
    await Promise.all([sendDueReminders(jobDeps(t)), sendDueReminders(jobDeps(t))]);
    expect(await scheduledMails(who.email!, made._id)).toHaveLength(2);
  });

  it('none for a paid or a cancelled invoice', async () => {
    const who = await addClient(t, owner);
    const paid = await makeInvoice(t, owner, who._id, { due_date: today(), reminder_days: [0, 1] });
    const cancelled = await makeInvoice(t, owner, who._id, { due_date: today(), reminder_days: [0, 1] });
    await sendIt(t, owner, paid._id);
    await sendIt(t, owner, cancelled._id);
    await logPayment(t, owner, paid._id, 10_000);
    // Cancelling a sent invoice.
    const res = await call(t, owner, 'PATCH', `/v1/invoices/${cancelled._id}`, { cancelled: true });
    expect(res.statusCode, res.body).toBe(200);
    for (const id of [paid._id, cancelled._id])
      expect((await remindersOf(id)).every((r) => r.status === 'skipped')).toBe(true);
    // Even a row left waiting by mistake is not sent for them.
    await t.queryAsAnotherProcess(
      `UPDATE invoice_reminders SET status = 'waiting', skip_reason = NULL
        WHERE invoice_id IN ('${paid._id}', '${cancelled._id}')`,
    );
    await timePasses(paid._id, 2);
    await timePasses(cancelled._id, 2);
    await sendDueReminders(jobDeps(t));
    expect(await scheduledMails(who.email!, paid._id)).toEqual([]);
    expect(await scheduledMails(who.email!, cancelled._id)).toEqual([]);
    for (const id of [paid._id, cancelled._id])
      expect((await remindersOf(id)).every((r) => r.status === 'skipped')).toBe(true);
  });

  it('a client with no e-mail: the reminder is skipped, not counted as sent', async () => {
    const silent = await addClient(t, owner, { email: 'once@example.ng', phone: '08037776666' });
    const made = await makeInvoice(t, owner, silent._id, { due_date: today(), reminder_days: [0] });
    await sendIt(t, owner, made._id);
    // The address was taken off the client since.
    await t.db.updateTable('customers').set({ email: null }).where('id', '=', silent._id).execute();
    await sendDueReminders(jobDeps(t));
    const rows = await remindersOf(made._id);
    expect(rows.map((r) => r.status)).not.toContain('waiting');
    expect(rows.filter((r) => r.status === 'sent')).toEqual([]);
  });
});

describe('markOverdueInvoices', () => {
  it('marks a sent invoice past its due day overdue; leaves paid ones and drafts', async () => {
    const who = await addClient(t, owner);
    const sent = await makeInvoice(t, owner, who._id);
    const paid = await makeInvoice(t, owner, who._id);
    const draft = await makeInvoice(t, owner, who._id);
    await sendIt(t, owner, sent._id);
    await sendIt(t, owner, paid._id);
    await logPayment(t, owner, paid._id, 10_000);
    for (const id of [sent._id, paid._id, draft._id]) await timePasses(id, 20);
    expect((await getInvoice(t, owner, sent._id)).status).toBe('sent');
    expect(await markOverdueInvoices(t.db)).toBeGreaterThanOrEqual(1);
    expect((await getInvoice(t, owner, sent._id)).status).toBe('overdue');
    expect((await getInvoice(t, owner, paid._id)).status).toBe('paid');
    expect((await getInvoice(t, owner, draft._id)).status).toBe('draft');
    expect(await markOverdueInvoices(t.db)).toBe(0);
    // An overdue invoice paid in part stays overdue; paid in full it is paid.
    expect((await logPayment(t, owner, sent._id, 1_000)).json().data.status).toBe('overdue');
    expect((await logPayment(t, owner, sent._id, 9_000)).json().data.status).toBe('paid');
    // A new due day in the future makes an overdue invoice sent again.
    const late = await makeInvoice(t, owner, who._id);
    await sendIt(t, owner, late._id);
    await timePasses(late._id, 20);
    await markOverdueInvoices(t.db);
    const moved = await call(t, owner, 'PATCH', `/v1/invoices/${late._id}`, {
      due_date: dayAfter(today(), 3),
    });
    expect(moved.json().data.status).toBe('sent');
  });
});
