/**
 * The "every store" choice of a store filter. A user sees only the stores assigned to them (spec 000
 * §6: "The store list is filtered to stores assigned to the current user"), and the server answers
 * "all" with those stores only: an admin gets "All stores", someone assigned to several stores "All
 * my stores", and someone with one store no such choice (their store is the filter).
 */
export const allStoresLabel = (admin: boolean, storeCount: number): string | null =>
  admin ? 'All stores' : storeCount > 1 ? 'All my stores' : null;
