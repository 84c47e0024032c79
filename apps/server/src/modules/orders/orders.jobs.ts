import type { FastifyPluginAsync } from 'fastify';
import type { Deps } from '../../deps.js';
import { sendOrderMessages } from './order-messages.js';

const QUEUE = 'order-messages';

/**
 * Orders' background work: every minute, the e-mails of order steps not sent yet (each is also tried
 * right after its step commits; this catches a send that failed or a server that stopped in between).
 */
export const orderJobs: FastifyPluginAsync<Deps> = async (_app, deps) => {
  await deps.jobs.work(
    { name: QUEUE, retryLimit: 2, retryDelaySeconds: 60, expireInSeconds: 300 },
    async () => {
      await sendOrderMessages(deps);
    },
  );
  await deps.jobs.schedule(QUEUE, '* * * * *', { tz: 'UTC' });
};
