import { registeredPaths } from '@/lib/route-paths';

/**
 * The sale's details page, once the sales history feature has registered /sales-details/{id};
 * null until then, so the customer screens never show a dead link.
 */
export const saleDetailsPath = (saleId: string): string | null =>
  [...registeredPaths].some((p) => p.startsWith('/sales-details')) ? `/sales-details/${saleId}` : null;
