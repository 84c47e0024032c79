import { formatKobo, formatMoney, type Invoice } from '@ms/contracts';
import type { z } from 'zod';
import type { sendInvoiceBody } from '@ms/contracts';
import { sql } from 'kysely';
import type { Deps } from '../../deps.js';
import { badRequest, conflict, forbidden, HttpError } from '../../lib/errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { ownerEmailOf } from '../accounts/index.js';
import { rememberCustomerEmail } from '../customers/index.js';
import { loadBusinessData } from '../business/index.js';
import {
  claimDueReminders,
  recordManualReminder,
  skipClaimedReminder,
  unclaimReminder,
} from './invoice-reminders.js';
import { getInvoice, refreshInvoice, rescheduleReminders, lockInvoiceFor } from './invoices.service.js';
import { updateInvoiceRow } from './invoices.repository.js';

/** E-mails about invoices (issue 15): to the client (the invoice, again, a reminder) and to the owner (money arrived). */

const PERMISSION_OF_KIND = {
  send: 'invoices.share',
  resend: 'invoices.resend',
  reminder: 'invoices.request_payment',
} as const;

const publicLink = (deps: Pick<Deps, 'env'>, invoice: Invoice) => `${deps.env.publicUrl}${invoice.link}`;

const clientMessage = (
  kind: 'send' | 'resend' | 'reminder',
  invoice: Invoice,
  businessName: string,
  link: string,
  note?: string,
) => {
  const owed = formatMoney(invoice.balance);
  const subject =
    kind === 'reminder'
      ? `Reminder: invoice ${invoice.number} from ${businessName} — ${owed} to pay`
      : `Invoice ${invoice.number} from ${businessName} — ${formatMoney(invoice.total)}`;
  const body = [
    `Hello ${invoice.client_name},`,
    kind === 'reminder'
      ? `This is a reminder that invoice ${invoice.number} from ${businessName} has ${owed} left to pay, due ${invoice.due_date}.`
      : `${businessName} has sent you invoice ${invoice.number} for ${formatMoney(invoice.total)}, due ${invoice.due_date}.`,
    note || null,
    `See the invoice and how to pay: ${link}`,
  ]
    .filter(Boolean)
    .join('\n\n');
  return { subject, body };
};

/**
 * POST /v1/invoices/actions/send: the invoice (`send`, needs invoices.share), again (`resend`,
 * invoices.resend) or a reminder (`reminder`, invoices.request_payment) e-mailed to the client with the
 * invoice's link. Sending marks a draft sent (its reminders are scheduled from then). The e-mail goes
 * after the change is committed.
 */
export const sendInvoice = async (
  deps: Pick<Deps, 'db' | 'notifications' | 'env'>,
  auth: AuthContext,
  body: z.output<typeof sendInvoiceBody>,
): Promise<{ invoice: Invoice; email: string }> => {
  if (!auth.isAdmin && !auth.permissions.has(PERMISSION_OF_KIND[body.kind]))
    throw forbidden('You do not have permission to do this.');
  const business = await loadBusinessData(deps.db, auth.businessId);
  const { invoice, to } = await deps.db.transaction().execute(async (tx) => {
    const row = await lockInvoiceFor(tx, auth, body.invoice_id);
    if (row.status === 'cancelled') throw conflict('This invoice is cancelled.');
    if (body.kind === 'reminder') {
      if (!row.sent_at)
        throw conflict('Send the invoice first: a reminder is for an invoice the client has.');
      if (row.balance_kobo === 0) throw conflict('This invoice is paid: nothing to remind the client of.');
    }
    const to = body.email ?? row.client_email;
    if (!to) throw badRequest('email: the client has no e-mail address. Give one to send to.');
    // A client without an address keeps the one given, for the next invoice and reminders.
    if (body.email && !row.client_email)
      await rememberCustomerEmail(tx, auth.businessId, row.customer_id, body.email);
    if (!row.sent_at) {
      await updateInvoiceRow(tx, auth.businessId, row.id, { sent_at: new Date() });
      await refreshInvoice(tx, auth.businessId, row.id);
      await rescheduleReminders(tx, auth.businessId, row.id);
    }
    if (body.kind === 'reminder') {
      await recordManualReminder(tx, auth.businessId, row.id);
      await updateInvoiceRow(tx, auth.businessId, row.id, { last_reminder_at: new Date() });
    }
    return { invoice: await getInvoice(tx, auth.businessId, row.id), to };
  });
  const message = clientMessage(
    body.kind,
    invoice,
    business?.name ?? '',
    publicLink(deps, invoice),
    body.message,
  );
  try {
    await deps.notifications.send({
      channel: 'email',
      to,
      ...message,
      kind: body.kind === 'reminder' ? 'invoice_reminder' : 'invoice',
      businessId: auth.businessId,
      meta: { invoice_id: invoice._id },
    });
  } catch {
    throw new HttpError(503, 'The e-mail could not be sent just now. Please try again.', 'EMAIL_UNAVAILABLE');
  }
  return { invoice, email: to };
};

/** The scheduled reminders due now, each sent once (see invoice-reminders.ts). Answers how many went. */
export const sendDueReminders = async (deps: Pick<Deps, 'db' | 'notifications' | 'env'>): Promise<number> => {
  const BATCH = 50;
  let sent = 0;
  for (;;) {
    const { send: due, claimed } = await claimDueReminders(deps.db, BATCH);
    let failed = false;
    for (const r of due) {
      try {
        const invoice = await getInvoice(deps.db, r.business_id, r.invoice_id);
        const to = invoice.client_email;
        if (!to) {
          await skipClaimedReminder(deps.db, r, 'no e-mail address');
          continue;
        }
        const business = await loadBusinessData(deps.db, r.business_id);
        await deps.notifications.send({
          channel: 'email',
          to,
          ...clientMessage('reminder', invoice, business?.name ?? '', publicLink(deps, invoice)),
          kind: 'invoice_reminder',
          businessId: r.business_id,
          meta: { invoice_id: invoice._id, reminder_id: r.id, remind_on: r.remind_on },
        });
        await updateInvoiceRow(deps.db, r.business_id, r.invoice_id, { last_reminder_at: new Date() });
        sent++;
      } catch {
        failed = true;
        await unclaimReminder(deps.db, r);
      }
    }
    // A full batch may have more behind it; one that could not be sent waits for the next run (not
    // claimed again and again in this one).
    if (claimed < BATCH || failed) return sent;
  }
};

/**
 * The owner is e-mailed when a transfer lands on an invoice (claimed, then sent, like payout notices:
 * once per payment whatever runs the job; one that could not be sent is unmarked for the next run).
 */
export const tellOwnersOfInvoicePayments = async (
  deps: Pick<Deps, 'db' | 'notifications'>,
): Promise<number> => {
  let sent = 0;
  for (;;) {
    const claimed = await deps.db
      .updateTable('invoice_payments')
      .set({ owner_told_at: sql`clock_timestamp()` })
      .where(
        sql<boolean>`(business_id, id) IN (
          SELECT business_id, id FROM invoice_payments
           WHERE source = 'rail' AND owner_told_at IS NULL
           ORDER BY created_at LIMIT 50 FOR UPDATE SKIP LOCKED)`,
      )
      .returning(['business_id', 'id', 'invoice_id', 'amount_kobo', 'payer_name'])
      .execute();
    for (const p of claimed) {
      try {
        const to = await ownerEmailOf(deps.db, p.business_id);
        if (!to) continue;
        const invoice = await getInvoice(deps.db, p.business_id, p.invoice_id).catch(() => null);
        const number = invoice?.number ?? 'an invoice';
        await deps.notifications.send({
          channel: 'email',
          to,
          subject: `Payment received: ${formatKobo(p.amount_kobo)} for invoice ${number}`,
          body: [
            `${p.payer_name ?? 'A client'} paid ${formatKobo(p.amount_kobo)} by bank transfer for invoice ${number}${invoice ? ` (${invoice.client_name})` : ''}.`,
            invoice
              ? invoice.refund_due > 0
                ? `The invoice was already settled or cancelled: ${formatMoney(invoice.refund_due)} is owed back to the client.`
                : invoice.balance > 0
                  ? `${formatMoney(invoice.balance)} is still to pay.`
                  : 'The invoice is now paid in full.'
              : null,
          ]
            .filter(Boolean)
            .join('\n\n'),
          kind: 'invoice_payment',
          businessId: p.business_id,
        });
        sent++;
      } catch {
        await deps.db
          .updateTable('invoice_payments')
          .set({ owner_told_at: null })
          .where('business_id', '=', p.business_id)
          .where('id', '=', p.id)
          .execute();
      }
    }
    if (claimed.length < 50) return sent;
  }
};
