/** PostgreSQL's unique_violation, the signal for "already exists" (we never check-then-insert). */
export const isUniqueViolation = (error: unknown, constraint?: string): boolean => {
  const e = error as { code?: string; constraint?: string; message?: string } | null;
  if (!e || e.code !== '23505') return false;
  return !constraint || e.constraint === constraint || (e.message ?? '').includes(constraint);
};

/** PostgreSQL's check_violation (a CHECK constraint, or a trigger raising with that state). */
export const isCheckViolation = (error: unknown, constraint: string): boolean => {
  const e = error as { code?: string; constraint?: string; message?: string } | null;
  if (!e || e.code !== '23514') return false;
  return e.constraint === constraint || (e.message ?? '').includes(constraint);
};

export const isForeignKeyViolation = (error: unknown): boolean =>
  (error as { code?: string } | null)?.code === '23503';

const sqlStateOf = (error: unknown): string | undefined => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
};

/** Node's socket errors: the database is out of reach, not the request's fault. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/**
 * Why a database call failed, as far as retrying is concerned:
 * - `content`: the data sent can never be stored as it is (SQLSTATE class 22 data exception: a NUL
 *   character, a number out of range, a text too long, ...; class 23 integrity constraint
 *   violation; class 54 program limit exceeded). Sending it again fails again.
 * - `transient`: the database could not answer just now (class 08 connection exception, 40001
 *   serialization failure, 40P01 deadlock, 57P01-57P03 shutdown, 57014 cancelled by a time-out,
 *   55P03 lock not available, class 53 insufficient resources, a dropped socket, a pool time-out).
 *   The same request may well succeed later.
 * - `other`: anything else (most likely a bug of ours).
 */
export type DatabaseErrorKind = 'content' | 'transient' | 'other';

export const classifyDatabaseError = (error: unknown): DatabaseErrorKind => {
  const state = sqlStateOf(error);
  if (state) {
    const cls = state.slice(0, 2);
    if (cls === '22' || cls === '23' || cls === '54') return 'content';
    if (cls === '08' || cls === '40' || cls === '53' || cls === '57' || state === '55P03') return 'transient';
    return 'other';
  }
  const e = error as { code?: unknown; message?: unknown } | null;
  if (typeof e?.code === 'string' && NETWORK_CODES.has(e.code)) return 'transient';
  const message = typeof e?.message === 'string' ? e.message : '';
  if (
    /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Connection closed|PGlite is closed/i.test(
      message,
    )
  )
    return 'transient';
  return 'other';
};

/** What the person is told when a record's content cannot be stored (the SQLSTATE decides). */
export const contentErrorReason = (error: unknown): string => {
  const state = sqlStateOf(error) ?? '';
  if (state === '22021' || state === '22P05')
    return 'A text in this record holds a character that cannot be saved (U+0000). Correct the record and make it again.';
  if (state === '22003')
    return 'A number in this record is too large to be saved. Correct the record and make it again.';
  if (state === '22001') return 'A text in this record is too long to be saved.';
  if (state === '23505') return 'This record conflicts with one already saved.';
  if (state.startsWith('23')) return 'A value in this record is not allowed here.';
  return 'A value in this record cannot be saved.';
};
