/** PostgreSQL's unique_violation, the signal for "already exists" (we never check-then-insert). */
export const isUniqueViolation = (error: unknown, constraint?: string): boolean => {
  const e = error as { code?: string; constraint?: string; message?: string } | null;
  if (!e || e.code !== '23505') return false;
  return !constraint || e.constraint === constraint || (e.message ?? '').includes(constraint);
};

export const isForeignKeyViolation = (error: unknown): boolean =>
  (error as { code?: string } | null)?.code === '23503';
