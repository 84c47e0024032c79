/** Shared by migrations: triggers that run once per statement and see its rows as transition tables. */

export type RowEvent = 'INSERT' | 'UPDATE' | 'DELETE';

/**
 * `CREATE TRIGGER <table>_<name>_<event>`, AFTER the event, FOR EACH STATEMENT, with the statement's rows
 * as `new_rows` (INSERT, UPDATE) and `old_rows` (UPDATE, DELETE).
 */
export const statementTriggerSql = (table: string, name: string, fn: string, event: RowEvent): string => {
  const tables =
    event === 'INSERT'
      ? 'NEW TABLE AS new_rows'
      : event === 'DELETE'
        ? 'OLD TABLE AS old_rows'
        : 'OLD TABLE AS old_rows NEW TABLE AS new_rows';
  return `CREATE TRIGGER ${table}_${name}_${event.toLowerCase()} AFTER ${event} ON ${table}
            REFERENCING ${tables} FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`;
};
