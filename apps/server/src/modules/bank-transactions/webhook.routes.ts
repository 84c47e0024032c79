import type { FastifyPluginAsync } from 'fastify';
import type { Deps } from '../../deps.js';
import { receiveBankEvent } from '../../flows/receive-bank-event.js';
import { badRequest, unauthorized } from '../../lib/errors.js';
import { sendOrderMessages } from '../orders/index.js';
import { SIGNATURE_HEADER, verifySignature } from '../../providers/banking/index.js';

export const WEBHOOK_PATH = '/v1/webhooks/banking';

/**
 * POST /v1/webhooks/banking: the bank rail's events. The signature is checked over the raw body
 * before anything is parsed; a bad one is refused (401) and nothing is stored. The event is stored
 * and applied in one short transaction, then answered 200, so a repeated delivery stops.
 */
export const bankWebhookRoutes: FastifyPluginAsync<Deps> = async (app, deps) => {
  // This plugin's own parser: the route needs the bytes the signature was made over.
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: 64 * 1024 },
    (_req, body, done) => done(null, body),
  );
  app.post(
    WEBHOOK_PATH,
    { config: { public: true }, schema: { tags: ['webhooks'], summary: "The bank rail's signed events" } },
    async (request) => {
      const raw = request.body;
      if (!Buffer.isBuffer(raw)) throw badRequest('body: a JSON event is required');
      const signature = request.headers[SIGNATURE_HEADER];
      if (
        !verifySignature(
          deps.env.bankingWebhookSecret,
          raw,
          typeof signature === 'string' ? signature : undefined,
        )
      )
        throw unauthorized('The event signature is not valid.');
      let body: unknown;
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        throw badRequest('body: the event is not valid JSON');
      }
      const outcome = await receiveBankEvent(
        deps.db,
        { provider: deps.env.banking, fee: deps.env.transferInFee },
        raw.toString('utf8'),
        body,
      );
      // A transfer to an order's account tells the shopper and the owner now, not at the next job run.
      if (outcome === 'applied') await sendOrderMessages(deps).catch(() => 0);
      return { status: true, message: outcome, data: null };
    },
  );
};
