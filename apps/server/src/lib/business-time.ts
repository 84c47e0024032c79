import { sql, type RawBuilder } from 'kysely';
import { DEFAULT_TIME_ZONE, todayIn } from '@ms/contracts';
import type { Database } from '../db/database.js';

/**
 * Days of the business's time zone (`businesses.timezone`, default Africa/Lagos): every "today" and
 * day boundary is computed with it, in SQL with AT TIME ZONE, whatever zone the server runs in.
 */

/** The business's zone, as an SQL expression. */
export const zoneOf = (businessId: string): RawBuilder<string> =>
  sql<string>`(SELECT bz.timezone FROM businesses bz WHERE bz.id = ${businessId}::uuid)`;

/** The instant a YYYY-MM-DD day starts in the business's zone. */
export const dayStart = (businessId: string, day: string): RawBuilder<Date> =>
  sql<Date>`((${day}::date)::timestamp AT TIME ZONE ${zoneOf(businessId)})`;

/** The instant after a YYYY-MM-DD day ends (the next day's start) in the business's zone. */
export const dayEnd = (businessId: string, day: string): RawBuilder<Date> =>
  sql<Date>`((${day}::date + 1)::timestamp AT TIME ZONE ${zoneOf(businessId)})`;

/**
 * The same instants for a zone already read (`businessZone`): the zone goes to the database as a
 * parameter, so the planner sees the range's real bounds (with the zone read in a subquery it can only
 * guess how many rows a range holds, and picks a nested loop over a year of sale lines).
 */
export const dayStartIn = (zone: string, day: string): RawBuilder<Date> =>
  sql<Date>`((${day}::date)::timestamp AT TIME ZONE ${zone}::text)`;

export const dayEndIn = (zone: string, day: string): RawBuilder<Date> =>
  sql<Date>`((${day}::date + 1)::timestamp AT TIME ZONE ${zone}::text)`;

/** The business's day (YYYY-MM-DD) of a timestamp expression. */
export const dayOf = (businessId: string, at: RawBuilder<unknown>): RawBuilder<string> =>
  sql<string>`to_char(${at} AT TIME ZONE ${zoneOf(businessId)}, 'YYYY-MM-DD')`;

/** The day `days` days before/after `day` (YYYY-MM-DD, calendar arithmetic). */
export const shiftDay = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The business's zone name. */
export const businessZone = async (db: Database, businessId: string): Promise<string> => {
  const row = await db
    .selectFrom('businesses')
    .select('timezone')
    .where('id', '=', businessId)
    .executeTakeFirst();
  return row?.timezone ?? DEFAULT_TIME_ZONE;
};

/** Today in the business's zone, YYYY-MM-DD. */
export const businessToday = async (db: Database, businessId: string, now = new Date()): Promise<string> =>
  todayIn(await businessZone(db, businessId), now);

/** The instant it is `hour`:00 on a YYYY-MM-DD day in a zone (0: the day's start). */
export const localInstant = async (db: Database, zone: string, day: string, hour = 0): Promise<Date> => {
  const { rows } = await sql<{ at: Date }>`
    SELECT ((${day}::date)::timestamp + make_interval(hours => ${hour})) AT TIME ZONE ${zone}::text AS at`.execute(
    db,
  );
  return new Date(rows[0]!.at);
};
