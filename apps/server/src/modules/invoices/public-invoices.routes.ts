import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, invoicePayInstructions, publicInvoice, publicInvoiceParams } from '@ms/contracts';
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.js';
import { notFound } from '../../lib/errors.js';
import { ok } from '../../plugins/envelope.js';
import { invoicePdf } from './invoice-documents.js';
import { invoiceByToken, payInstructions, toPublicInvoice } from './invoices.queries.js';

const tags = ['invoices (public)'];

/**
 * The client's side of an invoice (spec 000 §2.1 `/view-invoice` opens without login): by the
 * unguessable token of its link only — the invoice, how to pay it, its PDF; nothing else of the business.
 * Limited per client address, so tokens cannot be guessed by trying.
 */
export const publicInvoicesRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  const find = async (request: FastifyRequest, token: string) => {
    await deps.rateLimiter.hit(`public-invoice:${request.ip}`, 1_000, 10 * 60);
    const found = await invoiceByToken(deps.db, token);
    if (!found) throw notFound('Invoice');
    return found;
  };

  app.get(
    '/v1/public/invoices/:token',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'The invoice a link names (no login)',
        params: publicInvoiceParams,
        response: { 200: envelope(publicInvoice) },
      },
    },
    async (request) => {
      const { businessName, invoice } = await find(request, request.params.token);
      return ok(toPublicInvoice(businessName, invoice));
    },
  );

  app.get(
    '/v1/public/invoices/:token/payment/transfer',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'How to pay the invoice a link names: its own account at the bank (no login)',
        params: publicInvoiceParams,
        response: { 200: envelope(invoicePayInstructions) },
      },
    },
    async (request) => {
      const { businessId, invoice } = await find(request, request.params.token);
      return ok(await payInstructions(deps, businessId, invoice._id));
    },
  );

  app.get(
    '/v1/public/invoices/:token/pdf',
    {
      config: { public: true },
      schema: { tags, summary: 'The invoice a link names, as a PDF (no login)', params: publicInvoiceParams },
    },
    async (request, reply) => {
      const { businessId, invoice } = await find(request, request.params.token);
      const pdf = await invoicePdf(deps, businessId, invoice);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${invoice.number ?? 'invoice'}.pdf"`)
        .send(pdf);
    },
  );
};
