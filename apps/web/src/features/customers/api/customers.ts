import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateCustomerInput,
  Customer,
  CustomerDetail,
  CustomerPage,
  SalePage,
  UpdateCustomerBody,
} from '@ms/contracts';
import { api } from '@/lib/api-client';
import { localId } from '@/lib/local-id';
import { useSession } from '@/lib/session-store';

/** React-query keys; every customer query starts with ['customers', businessId]. */
export const customerKeys = {
  all: (businessId: string) => ['customers', businessId] as const,
  page: (businessId: string, params: CustomerPageParams) =>
    ['customers', businessId, 'page', params] as const,
  detail: (businessId: string, id: string) => ['customers', businessId, 'detail', id] as const,
  sales: (businessId: string, id: string) => ['customers', businessId, 'sales', id] as const,
};

export type CustomerPageParams = { page: number; limit: number; search: string };

const useBusinessId = () => useSession()?.business._id ?? '';

/** GET /v2/customers/businesses/{b}/list: a page of customers, searchable by name, phone or e-mail. */
export const getCustomersPage = (businessId: string, params: CustomerPageParams) =>
  api.get<CustomerPage>(`/v2/customers/businesses/${businessId}/list`, {
    query: { page: params.page, limit: params.limit, search: params.search.trim() || undefined },
  });

export const useCustomersPage = (params: CustomerPageParams, enabled = true) => {
  const businessId = useBusinessId();
  return useQuery({
    queryKey: customerKeys.page(businessId, params),
    queryFn: ({ signal }) =>
      api.get<CustomerPage>(`/v2/customers/businesses/${businessId}/list`, {
        query: { page: params.page, limit: params.limit, search: params.search.trim() || undefined },
        signal,
      }),
    enabled: enabled && !!businessId,
    placeholderData: keepPreviousData,
  });
};

/** GET /v1/customers/{id}: the customer with points and store credit. */
export const useCustomer = (id: string) => {
  const businessId = useBusinessId();
  return useQuery({
    queryKey: customerKeys.detail(businessId, id),
    queryFn: () => api.get<CustomerDetail>(`/v1/customers/${id}`),
    enabled: !!businessId && !!id,
  });
};

/** A uuid made on this device, so a retried (or offline) create is recorded once. */
const deviceUuid = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${localId(8)}-${localId(4)}-4${localId(3)}-a${localId(3)}-${localId(12)}`.toLowerCase();

/** POST /v1/customers/; sends a device-made _id so pressing twice or retrying creates one customer. */
export const createCustomer = (body: CreateCustomerInput) =>
  api.post<Customer>('/v1/customers/', { ...body, _id: body._id ?? deviceUuid() });

export const useCreateCustomer = () => {
  const qc = useQueryClient();
  const businessId = useBusinessId();
  return useMutation({
    mutationFn: createCustomer,
    meta: { silent: true },
    onSuccess: () => void qc.invalidateQueries({ queryKey: customerKeys.all(businessId) }),
  });
};

export const useUpdateCustomer = (id: string) => {
  const qc = useQueryClient();
  const businessId = useBusinessId();
  return useMutation({
    mutationFn: (body: UpdateCustomerBody) => api.patch<Customer>(`/v1/customers/${id}`, body),
    meta: { silent: true },
    onSuccess: () => void qc.invalidateQueries({ queryKey: customerKeys.all(businessId) }),
  });
};

/**
 * The customer's latest sales, from the sales module's GET /v2/business/{b}/sales?customer= . When
 * the caller may not see sales history (403) the query fails quietly and the section is left out.
 */
export const useCustomerSales = (id: string) => {
  const businessId = useBusinessId();
  return useQuery({
    queryKey: customerKeys.sales(businessId, id),
    queryFn: () =>
      api.get<SalePage>(`/v2/business/${businessId}/sales`, { query: { customer: id, limit: 10 } }),
    enabled: !!businessId && !!id,
    retry: false,
    meta: { silent: true },
  });
};
