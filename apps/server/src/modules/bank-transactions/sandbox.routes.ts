import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, simulatedTransfer, simulateTransferBody, toKobo } from '@ms/contracts';
import type { Deps } from '../../deps.js';
import { HttpError, notFound } from '../../lib/errors.js';
import { authOf, permission } from '../../plugins/auth.js';
import { ok } from '../../plugins/envelope.js';
import { sandboxTransferEvent, SIGNATURE_HEADER, signBody } from '../../providers/banking/index.js';
import { fixedAccountByNumber } from '../fixed-accounts/index.js';

/**
 * The sandbox's "make money arrive" (issue 14): registered only with the sandbox rail and never in
 * production. A payer sends money to one of the caller's fixed accounts; the rail's event is signed
 * and delivered to POST /v1/webhooks/banking as the rail would deliver it, and the webhook's answer
 * is returned.
 */
export const bankSandboxRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  // Tells the app the sandbox is on (404 when it is not), so it offers the test transfer.
  app.get(
    '/v1/sandbox/banking',
    { schema: { tags: ['sandbox'], summary: 'Sandbox only: whether the bank rail is the sandbox' } },
    async (request) => {
      authOf(request);
      return ok({ sandbox: true });
    },
  );

  app.post(
    '/v1/sandbox/banking/transfers',
    {
      preHandler: permission('settings.payment_methods'),
      schema: {
        tags: ['sandbox'],
        summary: 'Sandbox only: send a transfer to one of your fixed accounts',
        body: simulateTransferBody,
        response: { 200: envelope(simulatedTransfer) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const { body } = request;
      const owner = await fixedAccountByNumber(deps.db, auth.businessId, body.account_number);
      if (!owner) throw notFound('Fixed account');
      const event = sandboxTransferEvent({
        accountNumber: body.account_number,
        bankCode: owner.bank_code,
        amountKobo: toKobo(body.amount),
        payerName: body.payer_name?.toUpperCase() || null,
        narration: body.narration || null,
        ...(body.paid_at ? { now: new Date(body.paid_at) } : {}),
      });
      const raw = JSON.stringify(event);
      const delivered = await app.inject({
        method: 'POST',
        url: '/v1/webhooks/banking',
        headers: {
          'content-type': 'application/json',
          [SIGNATURE_HEADER]: signBody(deps.env.bankingWebhookSecret, raw),
        },
        payload: raw,
      });
      const answer = delivered.json() as { message?: string };
      if (delivered.statusCode !== 200)
        throw new HttpError(
          502,
          `The webhook refused the transfer: ${answer.message ?? delivered.statusCode}`,
        );
      return ok({
        event_id: event.id,
        reference: event.data.reference,
        outcome: answer.message ?? '',
      });
    },
  );
};
