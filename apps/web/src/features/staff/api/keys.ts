/** React-query keys of the staff feature; everything starts with ['staff', businessId]. */
export const staffKeys = {
  all: (businessId: string) => ['staff', businessId] as const,
  employees: (businessId: string) => ['staff', businessId, 'employees'] as const,
  employee: (businessId: string, id: string) => ['staff', businessId, 'employees', id] as const,
  roles: (businessId: string) => ['staff', businessId, 'roles'] as const,
  permissions: (businessId: string) => ['staff', businessId, 'permissions'] as const,
};
