import type { Env } from './config/env.js';
import type { Database } from './db/database.js';
import type { Notifier } from './db/notify.js';
import type { Jobs } from './jobs/index.js';
import type { TokenService } from './lib/tokens.js';
import type { RateLimiter } from './plugins/rate-limit.js';
import type { BankingProvider } from './providers/banking/index.js';
import type { NotificationProvider } from './providers/notifications/index.js';

/** What route plugins and services are built with. Passed explicitly, never imported as globals. */
export type Deps = {
  env: Env;
  db: Database;
  /** Messages to every server process on this database, sent when a transaction commits. */
  notifier: Notifier;
  /** Background jobs, shared by every server process (pg-boss on this database). */
  jobs: Jobs;
  tokens: TokenService;
  rateLimiter: RateLimiter;
  notifications: NotificationProvider;
  banking: BankingProvider;
};
