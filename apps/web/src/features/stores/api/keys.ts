/**
 * React-query keys of the stores feature; every store query starts with ['stores', businessId].
 * Lists carry the user id too: the server shows each non-admin only their assigned stores.
 */
export const storeKeys = {
  all: (businessId: string) => ['stores', businessId] as const,
  page: (businessId: string, userId: string, params: { page: number; limit: number; search: string }) =>
    ['stores', businessId, userId, 'page', params] as const,
  mine: (businessId: string, userId: string) => ['stores', businessId, userId, 'mine'] as const,
};
