/** The value checkers of spec 000 §5: each throws a TypeError with the spec's message. */
export const checkString = (value: unknown, name: string): string => {
  if (typeof value !== 'string') throw new TypeError(`${name} should be string`);
  return value;
};
export const checkArray = <T = unknown>(value: unknown, name: string): T[] => {
  if (!Array.isArray(value)) throw new TypeError(`${name} should be an array`);
  return value as T[];
};
export const checkObject = (value: unknown, name: string): Record<string, unknown> => {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new TypeError(`${name} should be an object`);
  return value as Record<string, unknown>;
};
export const checkNumeric = (value: unknown, name: string): number => {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value.trim() !== ''
        ? Number(value)
        : NaN;
  if (!Number.isFinite(n)) throw new TypeError(`${name} should be an numeric`);
  return n;
};
export const checkBoolean = (value: unknown, name: string): boolean => {
  if (typeof value !== 'boolean') throw new TypeError(`${name} should be boolean`);
  return value;
};
