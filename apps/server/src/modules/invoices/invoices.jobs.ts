import type { FastifyPluginAsync } from 'fastify';
import type { Deps } from '../../deps.js';
import { sendDueReminders, tellOwnersOfInvoicePayments } from './invoice-messages.js';
import { markOverdueInvoices } from './invoice-reminders.js';

const DAILY_QUEUE = 'invoice-due';
const NOTICE_QUEUE = 'invoice-payment-notices';

/**
 * Invoices' background work: every quarter hour, invoices past their due day become overdue and the
 * reminders due are sent (each once, across servers; days missed while down are caught up); every
 * minute the owner is e-mailed of transfers that landed on an invoice.
 */
export const invoiceJobs: FastifyPluginAsync<Deps> = async (_app, deps) => {
  await deps.jobs.work(
    { name: DAILY_QUEUE, retryLimit: 2, retryDelaySeconds: 60, expireInSeconds: 600 },
    async () => {
      await markOverdueInvoices(deps.db);
      await sendDueReminders(deps);
    },
  );
  await deps.jobs.schedule(DAILY_QUEUE, '*/15 * * * *', { tz: 'UTC' });
  await deps.jobs.work(
    { name: NOTICE_QUEUE, retryLimit: 2, retryDelaySeconds: 60, expireInSeconds: 300 },
    async () => {
      await tellOwnersOfInvoicePayments(deps);
    },
  );
  await deps.jobs.schedule(NOTICE_QUEUE, '* * * * *', { tz: 'UTC' });
};
