import { useMutation, useQueryClient, useQuery } from '@tanstack/react-query';
import type {
  CreateEmployeeBody,
  Employee,
  PermissionModule,
  Role,
  PermissionKey,
  UpdateEmployeeBody,
} from '@ms/contracts';
import { api } from '@/lib/api-client';
import { useBusinessId, sessionStore } from '@/lib/session-store';

/** React-query keys of the staff feature; everything starts with ['staff', businessId]. */
export const staffKeys = {
  all: (businessId: string) => ['staff', businessId] as const,
  employees: (businessId: string) => ['staff', businessId, 'employees'] as const,
  employee: (businessId: string, id: string) => ['staff', businessId, 'employees', id] as const,
  roles: (businessId: string) => ['staff', businessId, 'roles'] as const,
  permissions: (businessId: string) => ['staff', businessId, 'permissions'] as const,
};

/** POST /v1/businesses/{b}/employees — the server e-mails them how to log in. */
export const createEmployee = (businessId: string, body: CreateEmployeeBody) =>
  api.post<Employee>(`/v1/businesses/${businessId}/employees`, body);

export const useCreateEmployee = () => {
  const businessId = useBusinessId();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateEmployeeBody) => createEmployee(businessId, body),
    meta: { silent: true },
    onSuccess: () => void qc.invalidateQueries({ queryKey: staffKeys.all(businessId) }),
  });
};

/** GET /v1/businesses/{b}/employees/{id}. */
export const getEmployee = (businessId: string, id: string) =>
  api.get<Employee>(`/v1/businesses/${businessId}/employees/${id}`);

export const useEmployee = (id: string | null) => {
  const businessId = useBusinessId();
  return useQuery({
    queryKey: staffKeys.employee(businessId, id ?? ''),
    queryFn: () => getEmployee(businessId, id!),
    enabled: !!businessId && !!id,
    // The page says "not found" itself.
    meta: { silent: true },
  });
};

/** GET /v1/businesses/{b}/employees — everyone in the business, with role and stores. */
export const getEmployees = (businessId: string) =>
  api.get<Employee[]>(`/v1/businesses/${businessId}/employees`);

export const useEmployees = (enabled = true) => {
  const businessId = useBusinessId();
  return useQuery({
    queryKey: staffKeys.employees(businessId),
    queryFn: () => getEmployees(businessId),
    enabled: enabled && !!businessId,
  });
};

/** GET /v1/businesses/{b}/permissions — the catalogue with the roles granted each action. */
export const getPermissions = (businessId: string) =>
  api.get<PermissionModule[]>(`/v1/businesses/${businessId}/permissions`);

export const usePermissions = () => {
  const businessId = useBusinessId();
  return useQuery({
    queryKey: staffKeys.permissions(businessId),
    queryFn: () => getPermissions(businessId),
    enabled: !!businessId,
  });
};

/** GET /v1/businesses/{b}/roles — with how many users hold each. */
export const getRoles = (businessId: string) => api.get<Role[]>(`/v1/businesses/${businessId}/roles`);

export const useRoles = () => {
  const businessId = useBusinessId();
  return useQuery({
    queryKey: staffKeys.roles(businessId),
    queryFn: () => getRoles(businessId),
    enabled: !!businessId,
  });
};

/** The system Admin role holds every permission and cannot be edited. */
export const isAdminRole = (role: Pick<Role, 'name' | 'is_system'>) =>
  role.is_system || role.name.toLowerCase() === 'admin';

export type RoleInput = { name: string; permissions: PermissionKey[]; active?: boolean };

/** POST /v1/businesses/{b}/roles. */
export const createRole = (businessId: string, body: RoleInput) =>
  api.post<Role>(`/v1/businesses/${businessId}/roles`, body);

/** PATCH /v1/businesses/{b}/roles/{id}. */
export const updateRole = (businessId: string, id: string, body: Partial<RoleInput>) =>
  api.patch<Role>(`/v1/businesses/${businessId}/roles/${id}`, body);

/** Creates the role, or updates it when an id is given. */
export const useSaveRole = () => {
  const businessId = useBusinessId();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: RoleInput }) =>
      id ? updateRole(businessId, id, body) : createRole(businessId, body),
    meta: { silent: true },
    onSuccess: () => void qc.invalidateQueries({ queryKey: staffKeys.all(businessId) }),
  });
};

type Status = 'active' | 'inactive';

/** PATCH /v1/businesses/{b}/employees/status?status= — all the listed users or none. */
export const setEmployeesStatus = (businessId: string, status: Status, userIds: string[]) =>
  api.patch<Employee[]>(
    `/v1/businesses/${businessId}/employees/status`,
    { user_ids: userIds },
    { query: { status } },
  );

export const useSetEmployeesStatus = () => {
  const businessId = useBusinessId();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ status, userIds }: { status: Status; userIds: string[] }) =>
      setEmployeesStatus(businessId, status, userIds),
    onSuccess: () => void qc.invalidateQueries({ queryKey: staffKeys.all(businessId) }),
  });
};

/** PATCH /v1/auth/{userId} — names, phone, role, status and stores of an employee. */
export const updateEmployee = ({ id, body }: { id: string; body: UpdateEmployeeBody }) =>
  api.patch<Employee>(`/v1/auth/${id}`, body);

export const useUpdateEmployee = () => {
  const businessId = useBusinessId();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateEmployee,
    meta: { silent: true },
    onSuccess: (saved) => {
      qc.setQueryData(staffKeys.employee(businessId, saved._id), saved);
      void qc.invalidateQueries({ queryKey: staffKeys.all(businessId) });
      // Editing yourself: the top bar shows the new name at once.
      const s = sessionStore.get();
      if (s?.user._id === saved._id)
        sessionStore.update({
          user: {
            ...s.user,
            first_name: saved.first_name,
            last_name: saved.last_name,
            name: saved.name,
            phone: saved.phone,
            stores: saved.stores,
          },
        });
    },
  });
};
