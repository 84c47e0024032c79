/**
 * Builds a query string (without "?"). Drops undefined, null, empty strings and empty arrays but
 * keeps numbers including 0 and false; arrays repeat the key (productType=a&productType=b).
 */
export type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number>;

export const buildQuery = (params: Record<string, QueryValue>): string => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value)
        if (item !== '' && item !== null && item !== undefined) search.append(key, String(item));
      continue;
    }
    if (typeof value === 'string' && value.trim() === '') continue;
    search.append(key, String(value));
  }
  return search.toString();
};

export const withQuery = (path: string, params: Record<string, QueryValue>): string => {
  const qs = buildQuery(params);
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
};
