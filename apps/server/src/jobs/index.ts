/** Background jobs on the app's database (decision 0011). */
export {
  startJobs,
  type Log as JobLog,
  type JobHandler,
  type JobInfo,
  type Jobs,
  type QueueSpec,
  type SendOptions,
} from './jobs.js';
