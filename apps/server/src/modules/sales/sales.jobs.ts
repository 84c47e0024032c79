import type { FastifyPluginAsync } from 'fastify';
import type { Deps } from '../../deps.js';
import { keepAllSaleDays } from './sale-days.js';

const KEEP_QUEUE = 'sale-days-keep';

/**
 * Every night (02:30 in Lagos, where most businesses are) the days that became kept days and the
 * days marked stale are summed, once across servers: the figures of a long range then read only
 * kept sums (decision 0008).
 */
export const saleJobs: FastifyPluginAsync<Deps> = async (app, deps) => {
  await deps.jobs.work(
    { name: KEEP_QUEUE, retryLimit: 2, retryDelaySeconds: 300, expireInSeconds: 3_600 },
    async () => {
      await keepAllSaleDays(deps.db, app.log);
    },
  );
  await deps.jobs.schedule(KEEP_QUEUE, '30 2 * * *', { tz: 'Africa/Lagos' });
};
