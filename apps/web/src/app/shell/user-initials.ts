/** Two letters for the avatar: first and last name initials, or the first two letters of one name. */
export const initialsOf = (first?: string | null, last?: string | null, fallback?: string | null): string => {
  const a = (first ?? '').trim();
  const b = (last ?? '').trim();
  if (a && b) return (a[0]! + b[0]!).toUpperCase();
  const one = a || b || (fallback ?? '').trim();
  return (one.slice(0, 2) || '?').toUpperCase();
};
