import { z } from 'zod';

/** Incremental download: rows changed since `updated_at`, plus what was removed (spec 000 §7.4). */
export const syncQuery = z.object({
  updated_at: z.coerce.number({ error: 'updated_at should be an numeric' }).int().nonnegative().optional(),
});

export const metaData = z.object({
  lastUpdate: z.number(),
  recordsRemoved: z.array(z.string()),
  total_count: z.number().optional(),
});

export const syncList = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), metaData });

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1, 'page must be 1 or more').default(1),
  limit: z.coerce.number().int().min(1).max(200, 'limit must be between 1 and 200').default(50),
  search: z.string().trim().max(100).optional(),
});
