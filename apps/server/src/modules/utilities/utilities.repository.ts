import type { SupportIssue } from '@ms/contracts';
import type { Database } from '../../db/database.js';

/** The topics a user picks from when contacting support, in display order. */
export const listSupportIssues = async (db: Database): Promise<SupportIssue[]> =>
  (
    await db
      .selectFrom('support_issues')
      .select(['id', 'name', 'description'])
      .orderBy('sort')
      .orderBy('name')
      .execute()
  ).map((r) => ({ _id: r.id, name: r.name, description: r.description }));
