import type { FastifyPluginAsync } from 'fastify';
import type { Deps } from '../../deps.js';
import { runScheduledPayouts, SEND_PAYOUT_QUEUE, type SendPayoutJob } from '../../flows/run-payouts.js';
import { SEND_PAYOUT_RETRIES, sendPayout } from '../../flows/send-payout.js';
import { tellOwnersOfFailedPayouts } from './payout-notices.js';

const RUN_QUEUE = 'payout-run';
const NOTICE_QUEUE = 'payout-notices';

/**
 * The jobs that make payouts (the scheduled run every quarter hour, once across servers), send them to the
 * rail, and e-mail the owner (every minute) of a payout that failed or was reversed.
 */
export const payoutJobs: FastifyPluginAsync<Deps> = async (app, deps) => {
  await deps.jobs.work<SendPayoutJob>(
    {
      name: SEND_PAYOUT_QUEUE,
      retryLimit: SEND_PAYOUT_RETRIES,
      retryDelaySeconds: deps.env.payoutRetrySeconds,
      retryDelayMaxSeconds: 3600,
      expireInSeconds: 120,
    },
    (job, attempt) => sendPayout(deps, job, attempt),
  );
  await deps.jobs.work(
    { name: RUN_QUEUE, retryLimit: 2, retryDelaySeconds: 60, expireInSeconds: 600 },
    async () => {
      await runScheduledPayouts(deps, new Date(), app.log);
    },
  );
  await deps.jobs.schedule(RUN_QUEUE, '*/15 * * * *', { tz: 'UTC' });
  await deps.jobs.work(
    { name: NOTICE_QUEUE, retryLimit: 2, retryDelaySeconds: 60, expireInSeconds: 300 },
    async () => {
      await tellOwnersOfFailedPayouts(deps);
    },
  );
  await deps.jobs.schedule(NOTICE_QUEUE, '* * * * *', { tz: 'UTC' });
};
