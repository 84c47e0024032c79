/** Invoices: what other modules and flows use. */
export { invoicesRoutes } from './invoices.routes.js';
export { publicInvoicesRoutes } from './public-invoices.routes.js';
export { invoiceJobs } from './invoices.jobs.js';
export { recordRailPayment } from './invoices.service.js';
export { markOverdueInvoices } from './invoice-reminders.js';
export { sendDueReminders, tellOwnersOfInvoicePayments } from './invoice-messages.js';
