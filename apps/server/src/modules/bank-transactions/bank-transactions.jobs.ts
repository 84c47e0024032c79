import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Deps } from '../../deps.js';
import { reconcileWaitingPayments } from '../../flows/confirm-transfer-payments.js';
import { rematchUnmatchedTransfers } from '../../flows/receive-bank-event.js';
import {
  SIGNATURE_HEADER,
  startSandboxDelivery,
  type WebhookTransport,
} from '../../providers/banking/index.js';
import { WEBHOOK_PATH } from './webhook.routes.js';

/**
 * How the sandbox rail reaches this webhook: over HTTP at BANKING_WEBHOOK_URL, else at the address
 * this server listens on; in process (Fastify's inject, the same route and parser) only when the app
 * is not listening (the demo's seeding before start, tests).
 */
const selfTransport =
  (app: FastifyInstance, configuredUrl: string | undefined): WebhookTransport =>
  async (rawBody, signature) => {
    const headers = { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature };
    const address = app.server.listening ? app.server.address() : null;
    const url =
      configuredUrl ??
      (address && typeof address === 'object'
        ? `http://${['0.0.0.0', '::'].includes(address.address) ? '127.0.0.1' : address.address}:${address.port}${WEBHOOK_PATH}`
        : null);
    if (!url)
      return (await app.inject({ method: 'POST', url: WEBHOOK_PATH, headers, payload: rawBody })).statusCode;
    const res = await fetch(url, {
      method: 'POST',
      headers,
      body: rawBody,
      signal: AbortSignal.timeout(10_000),
    });
    await res.arrayBuffer();
    return res.status;
  };

/**
 * The bank rail's background work in this process: the five-minute rematch run and, with the sandbox
 * rail, the rail's own deliveries to our webhook (providers/banking/sandbox-delivery).
 */
export const bankJobs: FastifyPluginAsync<Deps> = async (app, deps) => {
  // Every five minutes (once across servers): transfers to an account we did not know yet are tried
  // again, and sales still waiting for a transfer look again (a sale and its transfer at the same instant).
  const REMATCH_QUEUE = 'bank-events-rematch';
  await deps.jobs.work(
    { name: REMATCH_QUEUE, retryLimit: 1, retryDelaySeconds: 60, expireInSeconds: 600 },
    async () => {
      const applied = await rematchUnmatchedTransfers(deps.db, {
        provider: deps.env.banking,
        fee: deps.env.transferInFee,
      });
      const paid = await reconcileWaitingPayments(deps.db);
      if (applied || paid) app.log.info({ applied, paid }, 'unmatched transfers applied, waiting sales paid');
    },
  );
  await deps.jobs.schedule(REMATCH_QUEUE, '*/5 * * * *', { tz: 'UTC' });

  // Once the app is ready: delivering in process before then would make an inject start it early.
  if (deps.env.banking === 'sandbox' && deps.env.bankingSandboxAllowed)
    app.addHook('onReady', () =>
      startSandboxDelivery(deps.jobs, {
        secret: deps.env.bankingWebhookSecret,
        transport: selfTransport(app, deps.env.bankingWebhookUrl),
        duplicateRate: deps.env.bankingSandboxDuplicateRate,
        retrySeconds: deps.env.bankingSandboxRetrySeconds,
      }),
    );
};
