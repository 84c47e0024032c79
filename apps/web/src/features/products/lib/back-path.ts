/**
 * The list a product screen returns to: the list it was opened from (with its search and filters,
 * passed as location state), else the list of the group its address belongs to.
 */
export const listPathFor = (pathname: string, state?: unknown): string => {
  const from = (state as { from?: unknown } | null | undefined)?.from;
  if (typeof from === 'string' && from.startsWith('/')) return from;
  if (pathname.startsWith('/inventory/')) return '/inventory/myproducts';
  if (pathname.startsWith('/productsinventory/')) return '/productsinventory/myproducts';
  return '/products';
};
