import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AddCashBody,
  CloseRegisterBody,
  CreateRegisterBody,
  OpenRegisterBody,
  Register,
  RegisterCloseData,
  RegisterDetail,
  RegisterEmployee,
  RemoveCashBody,
  SettleUnregisteredCashData,
  UnregisteredCash,
  UpdateRegisterBody,
} from '@ms/contracts';
import { api } from '@/lib/api-client';
import { hasPermission, useBusinessId, useSession } from '@/lib/session-store';

/** Every register query starts with ['registers', businessId]. */
export const registerKeys = {
  all: (businessId: string) => ['registers', businessId] as const,
  list: (businessId: string, userId: string, storeId: string | null) =>
    ['registers', businessId, userId, 'list', storeId ?? 'all'] as const,
  detail: (businessId: string, id: string, sessionId: string | null) =>
    ['registers', businessId, 'detail', id, sessionId ?? 'current'] as const,
  employees: (businessId: string, storeId: string | null) =>
    ['registers', businessId, 'employees', storeId ?? 'all'] as const,
  unregisteredCash: (businessId: string, storeId: string | null) =>
    ['registers', businessId, 'unregistered-cash', storeId ?? 'all'] as const,
};

/** Reading registers needs pos.make_sale or sales_history.view (admins always). */
export const useCanSeeRegisters = () => {
  const session = useSession();
  return hasPermission(session, 'pos.make_sale') || hasPermission(session, 'sales_history.view');
};

/** Opening, closing and moving cash needs pos.make_sale. */
export const useCanOperateRegisters = () => hasPermission(useSession(), 'pos.make_sale');

/**
 * The last register list this device saw, per business, user and store (issue 5: offline the POS
 * uses the last known register state instead of failing). Small, so localStorage.
 */
const lastKnownKey = (key: readonly unknown[]) => `ms.registers.${JSON.stringify(key)}`;
const readLastKnown = (key: readonly unknown[]): Register[] | undefined => {
  try {
    const raw = localStorage.getItem(lastKnownKey(key));
    return raw ? (JSON.parse(raw) as Register[]) : undefined;
  } catch {
    return undefined;
  }
};
const keepLastKnown = (key: readonly unknown[], list: Register[]) => {
  try {
    localStorage.setItem(lastKnownKey(key), JSON.stringify(list));
  } catch {
    // Storage full or blocked: only the offline fallback is lost.
  }
};

const RETRY_FAILED_CHECK_MS = 10_000;

/**
 * GET /v1/registries/businesses/{b}[?store_id]: registers with their open session and expected
 * cash. Until it answers (offline: it cannot), the last list seen on this device.
 */
export const useRegisters = (storeId: string | null, enabled = true) => {
  const session = useSession();
  const businessId = session?.business._id ?? '';
  const canSee = useCanSeeRegisters();
  const queryKey = registerKeys.list(businessId, session?.user._id ?? '', storeId);
  const query = useQuery({
    queryKey,
    queryFn: async () => {
      const list = await api.get<Register[]>(`/v1/registries/businesses/${businessId}`, {
        query: { store_id: storeId ?? undefined },
      });
      keepLastKnown(queryKey, list);
      return list;
    },
    placeholderData: () => readLastKnown(queryKey),
    enabled: enabled && canSee && !!businessId,
    // A failed check (the network dropped without the browser noticing) is tried again by itself;
    // while the browser says it is offline, the network's return asks again (refetchOnReconnect).
    refetchInterval: (query) =>
      query.state.status === 'error' && navigator.onLine ? RETRY_FAILED_CHECK_MS : false,
    meta: { silent: true },
  });
  // Until the server answers again, the last state this device saw (issue 11).
  const lastKnown = query.isError ? readLastKnown(queryKey) : undefined;
  return { ...query, data: query.data ?? lastKnown, lastKnown: !!lastKnown && !query.data };
};

/** GET /v1/registries/{id}[?session_id]. */
export const useRegisterDetail = (id: string, sessionId: string | null) => {
  const session = useSession();
  const businessId = session?.business._id ?? '';
  return useQuery({
    queryKey: registerKeys.detail(businessId, id, sessionId),
    queryFn: () =>
      api.get<RegisterDetail>(`/v1/registries/${id}`, { query: { session_id: sessionId ?? undefined } }),
    enabled: !!businessId && !!id,
  });
};

/** GET /v1/registries/businesses/{b}/employees[?store_id]: who can take over a register. */
export const useRegisterEmployees = (storeId: string | null, enabled = true) => {
  const session = useSession();
  const businessId = session?.business._id ?? '';
  return useQuery({
    queryKey: registerKeys.employees(businessId, storeId),
    queryFn: () =>
      api.get<RegisterEmployee[]>(`/v1/registries/businesses/${businessId}/employees`, {
        query: { store_id: storeId ?? undefined },
      }),
    enabled: enabled && !!businessId,
  });
};

const useInvalidating = <V, T>(fn: (v: V) => Promise<T>) => {
  const qc = useQueryClient();
  const businessId = useBusinessId();
  return useMutation({
    mutationFn: fn,
    meta: { silent: true },
    onSuccess: () => void qc.invalidateQueries({ queryKey: registerKeys.all(businessId) }),
  });
};

export const useOpenRegisterMutation = () =>
  useInvalidating(({ id, body }: { id: string; body: OpenRegisterBody }) =>
    api.put<Register>(`/v1/registries/${id}/open`, body),
  );

export const useCashMutation = () =>
  useInvalidating(
    ({
      id,
      direction,
      body,
    }: {
      id: string;
      direction: 'add' | 'remove';
      body: AddCashBody | RemoveCashBody;
    }) => api.put<Register>(`/v1/registries/${id}/cash/${direction}`, body),
  );

export const useCloseRegister = () =>
  useInvalidating(({ id, body }: { id: string; body: CloseRegisterBody }) =>
    api.put<RegisterCloseData>(`/v1/registries/${id}/close`, body),
  );

export const useUpdateRegister = () =>
  useInvalidating(({ id, body }: { id: string; body: UpdateRegisterBody }) =>
    api.patch<Register>(`/v1/registries/${id}`, body),
  );

export const useCreateRegister = () =>
  useInvalidating((body: CreateRegisterBody) => api.post<Register>('/v1/registries/', body));

/** GET /v1/registries/businesses/{b}/unregistered-cash[?store_id]: offline sales whose cash no register took. */
export const useUnregisteredCash = (storeId: string | null) => {
  const session = useSession();
  const businessId = session?.business._id ?? '';
  const canSee = useCanSeeRegisters();
  return useQuery({
    queryKey: registerKeys.unregisteredCash(businessId, storeId),
    queryFn: () =>
      api.get<UnregisteredCash>(`/v1/registries/businesses/${businessId}/unregistered-cash`, {
        query: { store_id: storeId ?? undefined },
      }),
    enabled: canSee && !!businessId,
  });
};

/** POST /v1/registries/{id}/unregistered-cash: count those sales' cash into the register's open session. */
export const useSettleUnregisteredCash = () =>
  useInvalidating(({ registerId, saleIds }: { registerId: string; saleIds: string[] }) =>
    api.post<SettleUnregisteredCashData>(`/v1/registries/${registerId}/unregistered-cash`, {
      sale_ids: saleIds,
    }),
  );
