import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, simulatedTransfer, simulateTransferBody, toKobo } from '@ms/contracts';
import type { Deps } from '../../deps.js';
import { notFound } from '../../lib/errors.js';
import { authOf, permission } from '../../plugins/auth.js';
import { ok } from '../../plugins/envelope.js';
import { sandboxOutbox, sandboxTransferEvent } from '../../providers/banking/index.js';
import { bankEventStatus } from './bank-transactions.repository.js';
import { fixedAccountByNumber } from '../fixed-accounts/index.js';
import { collectionAccountByNumber } from '../collection-accounts/index.js';

/** How long the simulator waits for the rail's delivery before answering that it is on its way. */
const WAIT_MS = 5_000;

/** The event's status once the webhook has kept it, or null if it has not arrived within `ms`. */
const arrival = async (db: Deps['db'], key: { provider: string; eventId: string }, ms: number) => {
  const until = Date.now() + ms;
  for (let pause = 20; ; pause = Math.min(pause * 2, 250)) {
    const status = await bankEventStatus(db, key);
    if (status || Date.now() > until) return status;
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
};

/**
 * The sandbox's "make money arrive" (issue 14): registered only with the sandbox rail and never in
 * production. A payer sends money to one of the caller's fixed accounts; the rail's event goes out
 * through the sandbox's delivery queue (signed, over HTTP, retried) like any rail event, and the
 * answer says what our webhook made of it — or `sent` when it has not arrived within 5 s.
 */
export const bankSandboxRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  const outbox = sandboxOutbox(deps.jobs);
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
      await outbox.send(event);
      const outcome = await arrival(deps.db, { provider: deps.env.banking, eventId: event.id }, WAIT_MS);
      return ok({ event_id: event.id, reference: event.data.reference, outcome: outcome ?? 'sent' });
    },
  );

  // A payer's bank (issue 15): anyone — the client on an invoice's public page, a shopper on an order's page — sends money to an
  // account opened for an invoice or an order. Only such accounts: a store's fixed account takes test money from
  // its owner (above).
  // The public invoice page asks whether to offer the payer's test transfer (404 without the sandbox).
  app.get(
    '/v1/sandbox/banking/payer',
    {
      config: { public: true },
      schema: { tags: ['sandbox'], summary: "Sandbox only: whether a payer's test bank is on (no login)" },
    },
    async () => ok({ sandbox: true }),
  );

  app.post(
    '/v1/sandbox/banking/payer-transfers',
    {
      config: { public: true },
      schema: {
        tags: ['sandbox'],
        summary:
          "Sandbox only: a payer's bank sends a transfer to an invoice's or order's account (no login)",
        body: simulateTransferBody,
        response: { 200: envelope(simulatedTransfer) },
      },
    },
    async (request) => {
      const { body } = request;
      await deps.rateLimiter.hit(`sandbox-payer:${request.ip}`, 60, 10 * 60);
      const account = await collectionAccountByNumber(deps.db, body.account_number);
      if (!account) throw notFound('Account');
      const event = sandboxTransferEvent({
        accountNumber: body.account_number,
        bankCode: account.bank_code,
        amountKobo: toKobo(body.amount),
        payerName: body.payer_name?.toUpperCase() || null,
        narration: body.narration || null,
      });
      await outbox.send(event);
      const outcome = await arrival(deps.db, { provider: deps.env.banking, eventId: event.id }, WAIT_MS);
      return ok({ event_id: event.id, reference: event.data.reference, outcome: outcome ?? 'sent' });
    },
  );
};
