import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { businessIdParams } from '@ms/contracts';
import type { Deps } from '../../deps.js';
import { assertOwnBusiness } from '../../plugins/auth.js';
import { createChangeHub } from './changes.hub.js';

const tags = ['changes'];

/** Live changes (issue 13): a server-sent event stream of what changed in the caller's business. */
export const changesRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  const hub = createChangeHub(deps.db, deps.notifier);
  // Open streams would keep the server from closing: end them first.
  app.addHook('preClose', async () => {
    await hub.close();
  });

  app.get(
    '/v2/business/:businessId/changes/stream',
    {
      schema: {
        tags,
        summary: 'What changes in the business, as it happens (text/event-stream)',
        description: [
          'A server-sent event stream, read with the bearer token like any other call (never a token in',
          'the URL). Events: `ready` (its id is where a reconnect resumes), `change` (data: topic, stores,',
          'ids, what, at — names what changed, never the record: download it as usual, by updated_at) and',
          '`resync` (changes may have been missed: download everything). Send the last event id as',
          'Last-Event-ID on reconnect. A comment line every 20 s keeps it open. Only what the role may',
          'read and, for stock and sales, only stores the user is assigned to (admins: all).',
        ].join(' '),
        params: businessIdParams,
        headers: z.object({ 'last-event-id': z.string().max(100).optional() }).passthrough(),
        response: { 200: z.string().describe('text/event-stream') },
      },
    },
    async (request, reply) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      });
      request.raw.socket.setNoDelay(true);
      request.raw.socket.setTimeout(0);
      const lastEventId = request.headers['last-event-id'];
      await hub.open(auth, raw, typeof lastEventId === 'string' ? lastEventId : undefined);
    },
  );
};
