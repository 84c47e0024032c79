import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateCustomerInput,
  Customer,
  CustomerDetail,
  CustomerPage,
  SalePage,
  UpdateCustomerBody,
} from '@ms/contracts';
import { businessDb, enqueue, hasLocalCustomers, searchLocalCustomers } from '@/offline';
import { ApiError, api } from '@/lib/api-client';
import { localId } from '@/lib/local-id';
import { useBusinessId } from '@/lib/session-store';

/** React-query keys; every customer query starts with ['customers', businessId]. */
export const customerKeys = {
  all: (businessId: string) => ['customers', businessId] as const,
  page: (businessId: string, params: CustomerPageParams) =>
    ['customers', businessId, 'page', params] as const,
  detail: (businessId: string, id: string) => ['customers', businessId, 'detail', id] as const,
  sales: (businessId: string, id: string) => ['customers', businessId, 'sales', id] as const,
};

export type CustomerPageParams = { page: number; limit: number; search: string };

/** GET /v2/customers/businesses/{b}/list: a page of customers, searchable by name, phone or e-mail. */
export const getCustomersPage = (businessId: string, params: CustomerPageParams) =>
  api.get<CustomerPage>(`/v2/customers/businesses/${businessId}/list`, {
    query: { page: params.page, limit: params.limit, search: params.search.trim() || undefined },
  });

/**
 * A page of customers: from the customers downloaded to this device when they are there (the
 * same speed online and offline, customers made offline included), else the API.
 */
export const listCustomers = async (
  businessId: string,
  params: CustomerPageParams,
  signal?: AbortSignal,
): Promise<CustomerPage> => {
  if (await hasLocalCustomers(businessId)) {
    const { items, total } = await searchLocalCustomers(businessId, {
      search: params.search.trim(),
      limit: params.limit,
      offset: (params.page - 1) * params.limit,
    });
    return { items, total, page: params.page, limit: params.limit };
  }
  return api.get<CustomerPage>(`/v2/customers/businesses/${businessId}/list`, {
    query: { page: params.page, limit: params.limit, search: params.search.trim() || undefined },
    signal,
  });
};

export const useCustomersPage = (params: CustomerPageParams, enabled = true) => {
  const businessId = useBusinessId();
  return useQuery({
    queryKey: customerKeys.page(businessId, params),
    queryFn: ({ signal }) => listCustomers(businessId, params, signal),
    enabled: enabled && !!businessId,
    placeholderData: keepPreviousData,
    networkMode: 'always',
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

/**
 * A customer made while offline (issue 5): saved on this device and queued for
 * /v1/customers/syncnewofflinecustomers under its device `_id` (also `offline_cust_id`), so it can
 * be picked for a sale at once; the sale names it and the server links them when both land.
 */
export const createCustomerOffline = async (
  businessId: string,
  body: CreateCustomerInput,
): Promise<Customer> => {
  const _id = body._id ?? deviceUuid();
  const now = new Date().toISOString();
  const record = {
    ...body,
    _id,
    id: _id,
    business: businessId,
    address: body.address ?? {},
    is_offline_data: true,
    offline_cust_id: _id,
    created_at: now,
    updated_at: now,
  };
  await enqueue(businessId, 'customers', record);
  // Shown like a downloaded customer: absent optional fields read as null.
  return {
    last_name: null,
    email: null,
    phone: null,
    day_month: null,
    ...record,
    address: { street: null, city: null, state: null, country: null, ...body.address },
  } as Customer;
};

const isNetworkError = (error: unknown) => error instanceof ApiError && error.status === 0;

/**
 * Online: POST /v1/customers/ as before (its answers, e.g. a phone already taken, shown at once),
 * the new customer kept on this device too; offline or when the network fails: queued here.
 */
export const saveNewCustomer = async (businessId: string, body: CreateCustomerInput): Promise<Customer> => {
  const withId = { ...body, _id: body._id ?? deviceUuid() };
  if (!navigator.onLine) return createCustomerOffline(businessId, withId);
  try {
    const created = await createCustomer(withId);
    if (await hasLocalCustomers(businessId)) await businessDb(businessId).data('customers').put(created);
    return created;
  } catch (error) {
    if (isNetworkError(error)) return createCustomerOffline(businessId, withId);
    throw error;
  }
};

export const useCreateCustomer = () => {
  const qc = useQueryClient();
  const businessId = useBusinessId();
  return useMutation({
    mutationFn: (body: CreateCustomerInput) => saveNewCustomer(businessId, body),
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
