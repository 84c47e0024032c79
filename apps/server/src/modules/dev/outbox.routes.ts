import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { ok } from '../../plugins/envelope.js';

/**
 * Sandbox only: what the notification provider "sent", so the demo, a developer and the tests can
 * read OTPs and e-mails. Never registered with a real provider.
 */
export const outboxRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db }) => {
  app.get(
    '/dev/outbox',
    {
      config: { public: true },
      schema: {
        tags: ['dev'],
        summary: 'Sandbox outbox (OTPs and e-mails)',
        querystring: z.object({
          to: z.string().trim().toLowerCase().optional(),
          limit: z.coerce.number().int().min(1).max(100).default(20),
        }),
      },
    },
    async (request) => {
      const { to, limit } = request.query;
      let q = db
        .selectFrom('outbox')
        .select(['id', 'channel', 'recipient', 'subject', 'body', 'kind', 'meta', 'created_at']);
      if (to) q = q.where('recipient', '=', to);
      const rows = await q.orderBy('created_at', 'desc').limit(limit).execute();
      return ok(rows.map((r) => ({ ...r, _id: r.id, created_at: r.created_at.toISOString() })));
    },
  );
};
