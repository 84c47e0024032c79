import type { FastifyPluginAsync } from 'fastify';
import type { Deps } from '../../deps.js';
import { runScheduledPayouts, SEND_PAYOUT_QUEUE, type SendPayoutJob } from '../../flows/run-payouts.js';
import { SEND_PAYOUT_RETRIES, sendPayout } from '../../flows/send-payout.js';

const RUN_QUEUE = 'payout-run';

/** The jobs that make payouts (the scheduled run every quarter hour, once across servers) and send them to the rail. */
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
};
