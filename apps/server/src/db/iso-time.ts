/**
 * SQL printing a timestamptz column as `Date.toISOString()` does (UTC, milliseconds, "Z"): for
 * records PostgreSQL builds as JSON text (the products and stores lists).
 */
export const isoTimeSql = (column: string): string =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
