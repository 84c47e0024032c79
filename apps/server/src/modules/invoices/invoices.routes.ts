import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createInvoiceBody,
  creditNoteBody,
  envelope,
  invoice,
  invoiceBusinessParams,
  invoiceIdParams,
  invoiceList,
  invoiceListQuery,
  invoiceOrderStatusBody,
  invoicePayInstructions,
  invoicePaymentMethodParams,
  logInvoicePaymentBody,
  milestoneParams,
  milestoneStatusBody,
  offlineInvoicesBatch,
  sendInvoiceBody,
  sentInvoice,
  updateInvoiceBody,
  uploadResponse,
} from '@ms/contracts';
import type { Deps } from '../../deps.js';
import { forbidden } from '../../lib/errors.js';
import { uploadFailureLog } from '../../lib/upload-batch.js';
import { anyPermission, assertOwnBusiness, authOf, permission } from '../../plugins/auth.js';
import { ok } from '../../plugins/envelope.js';
import { sendInvoice } from './invoice-messages.js';
import { invoicePdf } from './invoice-documents.js';
import { listInvoices, payInstructions, syncOfflineInvoices } from './invoices.queries.js';
import {
  addCreditNote,
  assertInvoiceStore,
  createInvoice,
  deleteInvoice,
  getInvoice,
  logPayment,
  payMilestone,
  setOrderStatus,
  updateInvoice,
} from './invoices.service.js';

const tags = ['invoices'];

/** Invoices (spec 001 §7 "Invoices"; issue 15). The business is always the caller's (from the token). */
export const invoicesRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  app.get(
    '/v1/invoices/businesses/:businessId',
    {
      preHandler: anyPermission('invoices.view', 'home.invoice_log'),
      schema: {
        tags,
        summary:
          'Invoices: filtered and paged with sums per status; with updated_at, what changed since (the device)',
        params: invoiceBusinessParams,
        querystring: invoiceListQuery,
        response: { 200: envelope(invoiceList) },
      },
    },
    async (request) =>
      ok(await listInvoices(deps.db, assertOwnBusiness(request, request.params.businessId), request.query)),
  );

  app.get(
    '/v1/invoices/:id',
    {
      preHandler: permission('invoices.view'),
      schema: { tags, summary: 'One invoice', params: invoiceIdParams, response: { 200: envelope(invoice) } },
    },
    async (request) => {
      const auth = authOf(request);
      const found = await getInvoice(deps.db, auth.businessId, request.params.id);
      assertInvoiceStore(auth, found.store_id);
      return ok(found);
    },
  );

  app.get(
    '/v1/invoices/businesses/:businessId/:invoiceId/payment/:method',
    {
      preHandler: permission('invoices.view'),
      schema: {
        tags,
        summary: 'How to pay this invoice by transfer: its own account at the bank, opened the first time',
        params: invoicePaymentMethodParams,
        response: { 200: envelope(invoicePayInstructions) },
      },
    },
    async (request) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      const found = await getInvoice(deps.db, auth.businessId, request.params.invoiceId);
      assertInvoiceStore(auth, found.store_id);
      return ok(await payInstructions(deps, auth.businessId, found._id));
    },
  );

  app.get(
    '/v1/invoices/:id/pdf',
    {
      preHandler: permission('invoices.download'),
      schema: { tags, summary: 'The invoice as a PDF', params: invoiceIdParams },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const found = await getInvoice(deps.db, auth.businessId, request.params.id);
      assertInvoiceStore(auth, found.store_id);
      const pdf = await invoicePdf(deps, auth.businessId, found);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${found.number ?? 'invoice'}.pdf"`)
        .send(pdf);
    },
  );

  app.post(
    '/v1/invoices/',
    {
      preHandler: permission('invoices.create'),
      schema: {
        tags,
        summary: "Record an invoice (idempotent on the device's _id); `send` e-mails it at once",
        body: createInvoiceBody,
        response: { 200: envelope(invoice), 201: envelope(invoice) },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      if (request.body.send && !auth.isAdmin && !auth.permissions.has('invoices.share'))
        throw forbidden('You do not have permission to send invoices.');
      const send = request.body.send === true;
      const { invoice: made, created } = await deps.db
        .transaction()
        .execute((tx) => createInvoice(tx, auth, request.body, { offline: false, send }));
      reply.code(created ? 201 : 200);
      // Sent once: a retry after the e-mail failed (the invoice was recorded, still a draft) sends it.
      if (send && (created || made.status === 'draft'))
        return ok((await sendInvoice(deps, auth, { invoice_id: made._id, kind: 'send' })).invoice);
      return ok(made);
    },
  );

  app.post(
    '/v1/invoices/sync',
    {
      preHandler: permission('invoices.create'),
      schema: {
        tags: ['sync'],
        summary: 'Upload invoices drafted offline (idempotent on each _id; each answered on its own)',
        body: offlineInvoicesBatch,
        response: { 200: envelope(uploadResponse(invoice)) },
      },
    },
    async (request) =>
      ok(
        await syncOfflineInvoices(
          deps.db,
          authOf(request),
          request.body.invoices as unknown[],
          uploadFailureLog(request),
        ),
      ),
  );

  app.patch(
    '/v1/invoices/:id',
    {
      preHandler: permission('invoices.edit'),
      schema: {
        tags,
        summary: 'Change an invoice (lines and amounts only while it has no payments), or cancel it',
        params: invoiceIdParams,
        body: updateInvoiceBody,
        response: { 200: envelope(invoice) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      return ok(
        await deps.db.transaction().execute((tx) => updateInvoice(tx, auth, request.params.id, request.body)),
      );
    },
  );

  app.delete(
    '/v1/invoices/:id',
    {
      preHandler: permission('invoices.delete'),
      schema: {
        tags,
        summary: 'Delete an invoice without payments (kept as a tombstone)',
        params: invoiceIdParams,
      },
    },
    async (request) => {
      const auth = authOf(request);
      await deps.db.transaction().execute((tx) => deleteInvoice(tx, auth, request.params.id));
      return ok(null);
    },
  );

  app.post(
    '/v1/invoices/actions/send',
    {
      preHandler: anyPermission('invoices.share', 'invoices.resend', 'invoices.request_payment'),
      schema: {
        tags,
        summary: 'E-mail the invoice to the client: send, resend, or a payment reminder',
        body: sendInvoiceBody,
        response: { 200: envelope(sentInvoice) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      await deps.rateLimiter.hit(`invoice:send:${auth.userId}`, 60, 60 * 60);
      return ok(await sendInvoice(deps, auth, request.body));
    },
  );

  app.patch(
    '/v1/invoices/:id/milestones/:mid',
    {
      preHandler: permission('invoices.edit'),
      schema: {
        tags,
        summary: 'Mark a milestone paid (records a payment of what is left of it)',
        params: milestoneParams,
        body: milestoneStatusBody,
        response: { 200: envelope(invoice) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      return ok(
        await deps.db
          .transaction()
          .execute((tx) => payMilestone(tx, auth, request.params.id, request.params.mid, request.body)),
      );
    },
  );

  app.put(
    '/v1/invoices/:id/payments/log',
    {
      preHandler: permission('invoices.edit'),
      schema: {
        tags,
        summary: 'Record a payment received by hand (idempotent on its _id)',
        params: invoiceIdParams,
        body: logInvoicePaymentBody,
        response: { 200: envelope(invoice) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      return ok(
        await deps.db.transaction().execute((tx) => logPayment(tx, auth, request.params.id, request.body)),
      );
    },
  );

  app.patch(
    '/v1/invoices/:id/orderstatus',
    {
      preHandler: permission('invoices.edit'),
      schema: {
        tags,
        summary: 'Fulfilment of the invoice: order_status (forward only) and order_note',
        params: invoiceIdParams,
        body: invoiceOrderStatusBody,
        response: { 200: envelope(invoice) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      return ok(
        await deps.db
          .transaction()
          .execute((tx) => setOrderStatus(tx, auth, request.params.id, request.body)),
      );
    },
  );

  app.post(
    '/v1/invoices/:id/credit-notes',
    {
      preHandler: permission('invoices.edit'),
      schema: {
        tags,
        summary: 'A credit note: take all or part of the invoice back (idempotent on its _id)',
        params: invoiceIdParams,
        body: creditNoteBody,
        response: { 200: envelope(invoice) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      return ok(
        await deps.db.transaction().execute((tx) => addCreditNote(tx, auth, request.params.id, request.body)),
      );
    },
  );
};
