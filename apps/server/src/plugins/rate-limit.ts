import { sql } from 'kysely';
import type { Database } from '../db/database.js';
import { tooManyRequests } from '../lib/errors.js';

/**
 * Fixed-window counters kept in the database, so every API replica sees the same count.
 * Throws 429 once `limit` hits fall in one window of `windowSeconds`.
 */
export const createRateLimiter = (db: Database) => {
  const hit = async (key: string, limit: number, windowSeconds: number): Promise<void> => {
    const { rows } = await sql<{ count: number }>`
      INSERT INTO rate_limits (key, count, window_ends_at)
      VALUES (${key}, 1, clock_timestamp() + make_interval(secs => ${windowSeconds}))
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN rate_limits.window_ends_at < clock_timestamp() THEN 1 ELSE rate_limits.count + 1 END,
        window_ends_at = CASE WHEN rate_limits.window_ends_at < clock_timestamp()
          THEN clock_timestamp() + make_interval(secs => ${windowSeconds}) ELSE rate_limits.window_ends_at END
      RETURNING count`.execute(db);
    const count = rows[0]?.count ?? 0;
    if (count > limit) {
      const minutes = Math.max(1, Math.ceil(windowSeconds / 60));
      throw tooManyRequests(
        `Too many attempts. Please wait ${minutes} minute${minutes > 1 ? 's' : ''} and try again.`,
      );
    }
  };
  /**
   * Takes back one hit of the current window: for limits on failures, an attempt is counted when
   * it starts (so parallel attempts cannot slip past the limit) and given back when it succeeds.
   */
  const undo = async (key: string): Promise<void> => {
    await sql`
      UPDATE rate_limits SET count = greatest(count - 1, 0)
       WHERE key = ${key} AND window_ends_at >= clock_timestamp()`.execute(db);
  };
  const reset = async (key: string): Promise<void> => {
    await db.deleteFrom('rate_limits').where('key', '=', key).execute();
  };
  return { hit, undo, reset };
};

export type RateLimiter = ReturnType<typeof createRateLimiter>;
