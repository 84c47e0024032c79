import { createHash } from 'node:crypto';
import { CompiledQuery, type Compilable, type RawBuilder } from 'kysely';
import type pg from 'pg';
import type { Tx } from './database.js';

/**
 * Hot statements run as named prepared statements on PostgreSQL: parsed and planned once per
 * connection instead of on every call (decision 0006: planning the stores list took three times
 * as long as running it). Only for statements whose best plan does not
 * depend on the values — lookups by business and ids: after five runs PostgreSQL may keep a generic
 * plan, which must never happen to the reports, whose date bounds are sent so the planner sees them.
 * Everything else stays unnamed. On PGlite this is an ordinary query.
 */

/** SQL text → statement name. Bounded by the call sites: only fixed-shape statements opt in. */
const names = new Map<string, string>();

const nameOf = (text: string): string => {
  let name = names.get(text);
  if (!name) {
    name = `ms_${createHash('sha1').update(text).digest('base64url').slice(0, 24)}`;
    names.set(text, name);
  }
  return name;
};

const compile = <R>(db: Tx, query: Compilable<R> | RawBuilder<R>): CompiledQuery<R> =>
  'isRawBuilder' in query ? query.compile(db) : query.compile();

/** Runs `query` (a query builder, or a `sql` template) on `db` as a named prepared statement. */
export const runPrepared = async <R>(db: Tx, query: Compilable<R> | RawBuilder<R>): Promise<R[]> => {
  const compiled = compile(db, query);
  nameOf(compiled.sql);
  return (await db.executeQuery(compiled)).rows;
};

/**
 * A named statement of fixed text (`$1`, `$2`... for its values), for the hottest reads: no query is
 * built per call (building the stores list's query was a tenth of an authenticated read's CPU).
 */
export const fixedStatement = <R>(text: string) => {
  nameOf(text);
  return async (db: Tx, values: readonly unknown[]): Promise<R[]> =>
    (await db.executeQuery(CompiledQuery.raw(text, [...values]) as CompiledQuery<R>)).rows;
};

type QueryFn = (config: unknown, values?: unknown, callback?: unknown) => unknown;

/**
 * Each new connection of `pool` sends the statements `runPrepared` has named by their name (pg then
 * parses them once per connection); any other text goes as before.
 */
export const namePreparedStatements = (pool: pg.Pool): void => {
  pool.on('connect', (client) => {
    const target = client as unknown as { query: QueryFn };
    const query = target.query.bind(client) as QueryFn;
    target.query = (config, values, callback) => {
      const name = typeof config === 'string' ? names.get(config) : undefined;
      return name ? query({ name, text: config, values }, callback) : query(config, values, callback);
    };
  });
};

/** For tests: the statement name a text runs under, if it opted in. */
export const preparedNameOf = (text: string): string | undefined => names.get(text);
