import { sql } from 'kysely';
import type { Database, Tx } from '../../db/database.js';
import { newId } from '../../lib/ids.js';
import { publishChanges } from '../changes/index.js';

/**
 * Reminders and overdue marking (issue 15). A scheduled reminder is a row per day the owner chose
 * (days after the due day; before it when negative), made when the invoice is sent and remade when the
 * due day or the days change. The job claims due rows by marking them sent (SKIP LOCKED, committed)
 * and sends after, so a job run twice or on two servers sends each once; a send that fails puts the row
 * back for the next run (a crash between the claim and the send loses that one reminder rather than
 * sending it twice). Days missed while no server ran are caught up: of an invoice's reminders that fell
 * due meanwhile only the latest is sent, the older ones are skipped. None goes for a paid, cancelled,
 * deleted or draft invoice.
 */

/** `day` (YYYY-MM-DD) moved by `days`. */
export const addDays = (day: string, days: number): string => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};

/** Remakes the invoice's waiting reminders from its due day and reminder days (from `today` on). */
export const scheduleReminders = async (
  tx: Tx,
  invoice: {
    businessId: string;
    id: string;
    dueDate: string;
    reminderDays: readonly number[];
    today: string;
  },
): Promise<void> => {
  await tx
    .deleteFrom('invoice_reminders')
    .where('business_id', '=', invoice.businessId)
    .where('invoice_id', '=', invoice.id)
    .where('kind', '=', 'scheduled')
    .where('status', '=', 'waiting')
    .execute();
  const days = invoice.reminderDays.map((d) => addDays(invoice.dueDate, d)).filter((d) => d >= invoice.today);
  if (days.length === 0) return;
  await tx
    .insertInto('invoice_reminders')
    .values(
      days.map((remind_on) => ({
        business_id: invoice.businessId,
        invoice_id: invoice.id,
        id: newId(),
        kind: 'scheduled' as const,
        remind_on,
        status: 'waiting' as const,
        claimed_at: null,
        sent_at: null,
        skip_reason: null,
      })),
    )
    // A day already sent (or skipped) stays as it was.
    .onConflict((oc) => oc.columns(['business_id', 'invoice_id', 'kind', 'remind_on']).doNothing())
    .execute();
};

export const skipWaitingReminders = async (tx: Tx, businessId: string, invoiceId: string, reason: string) => {
  await tx
    .updateTable('invoice_reminders')
    .set({ status: 'skipped', skip_reason: reason })
    .where('business_id', '=', businessId)
    .where('invoice_id', '=', invoiceId)
    .where('status', '=', 'waiting')
    .execute();
};

export type DueReminder = { business_id: string; id: string; invoice_id: string; remind_on: string };

/**
 * Claims the reminders due today or earlier (in each business's time zone), at most `limit` rows: of an
 * invoice's reminders due, only the latest is sent, the older ones are skipped (days missed while no
 * server ran are caught up with one e-mail); those of an invoice no longer owed are skipped. Answers
 * the ones to send (marked sent, committed) and how many rows were claimed in all.
 */
export const claimDueReminders = async (
  db: Database,
  limit: number,
): Promise<{ send: DueReminder[]; claimed: number }> =>
  db.transaction().execute(async (tx) => {
    // No window function here: PostgreSQL refuses one beside FOR UPDATE. "Latest" is asked of all the
    // invoice's reminders due (not only this batch's), so a batch boundary never sends two.
    const { rows } = await sql<DueReminder & { latest: boolean; live: boolean }>`
      SELECT r.business_id, r.id, r.invoice_id, r.remind_on::text AS remind_on,
             NOT EXISTS (
               SELECT 1 FROM invoice_reminders later
                WHERE later.business_id = r.business_id AND later.invoice_id = r.invoice_id
                  AND later.kind = 'scheduled' AND later.status IN ('waiting', 'sent')
                  AND later.remind_on > r.remind_on
                  AND later.remind_on <= (now() AT TIME ZONE b.timezone)::date) AS latest,
             (i.deleted_at IS NULL AND i.status IN ('sent', 'partially_paid', 'overdue') AND i.balance_kobo > 0) AS live
        FROM invoice_reminders r
        JOIN invoices i ON i.business_id = r.business_id AND i.id = r.invoice_id
        JOIN businesses b ON b.id = r.business_id
       WHERE r.status = 'waiting' AND r.kind = 'scheduled'
         AND r.remind_on <= (now() AT TIME ZONE b.timezone)::date
       ORDER BY r.remind_on
       LIMIT ${limit}
       FOR UPDATE OF r SKIP LOCKED`.execute(tx);
    const send: DueReminder[] = [];
    for (const r of rows) {
      const skip = !r.live ? 'not owed' : !r.latest ? 'superseded' : null;
      await tx
        .updateTable('invoice_reminders')
        .set(
          skip
            ? { status: 'skipped', skip_reason: skip }
            : { status: 'sent', sent_at: sql`clock_timestamp()`, claimed_at: sql`clock_timestamp()` },
        )
        .where('business_id', '=', r.business_id)
        .where('id', '=', r.id)
        .execute();
      if (!skip)
        send.push({ business_id: r.business_id, id: r.id, invoice_id: r.invoice_id, remind_on: r.remind_on });
    }
    return { send, claimed: rows.length };
  });

/** A reminder that could not be sent goes back to wait for the next run. */
export const unclaimReminder = (db: Database, r: { business_id: string; id: string }) =>
  db
    .updateTable('invoice_reminders')
    .set({ status: 'waiting', sent_at: null, claimed_at: null })
    .where('business_id', '=', r.business_id)
    .where('id', '=', r.id)
    .execute();

/** A claimed reminder that will never go (the client has no e-mail address): kept as skipped, with why. */
export const skipClaimedReminder = (db: Database, r: { business_id: string; id: string }, reason: string) =>
  db
    .updateTable('invoice_reminders')
    .set({ status: 'skipped', sent_at: null, skip_reason: reason })
    .where('business_id', '=', r.business_id)
    .where('id', '=', r.id)
    .execute();

/** A reminder sent by hand ("request payment"), kept beside the scheduled ones. */
export const recordManualReminder = async (tx: Tx, businessId: string, invoiceId: string) => {
  await tx
    .insertInto('invoice_reminders')
    .values({
      business_id: businessId,
      invoice_id: invoiceId,
      id: newId(),
      kind: 'manual',
      remind_on: null,
      status: 'sent',
      sent_at: new Date(),
      claimed_at: new Date(),
      skip_reason: null,
    })
    .execute();
};

/**
 * Invoices whose due day has passed (in their business's time zone) with money still owed become
 * overdue; their open devices are told. Answers how many.
 */
export const markOverdueInvoices = async (db: Database): Promise<number> =>
  db.transaction().execute(async (tx) => {
    const { rows } = await sql<{ business_id: string; id: string; store_id: string }>`
      UPDATE invoices i SET status = 'overdue', updated_at = clock_timestamp()
        FROM businesses b
       WHERE b.id = i.business_id AND i.status IN ('sent', 'partially_paid') AND i.deleted_at IS NULL
         AND i.balance_kobo > 0 AND i.due_date < (now() AT TIME ZONE b.timezone)::date
      RETURNING i.business_id, i.id, i.store_id`.execute(tx);
    const byBusiness = new Map<string, typeof rows>();
    for (const r of rows) byBusiness.set(r.business_id, [...(byBusiness.get(r.business_id) ?? []), r]);
    for (const [businessId, list] of byBusiness)
      await publishChanges(tx, businessId, [
        { topic: 'invoices', stores: list.map((r) => r.store_id), ids: list.map((r) => r.id) },
      ]);
    return rows.length;
  });
