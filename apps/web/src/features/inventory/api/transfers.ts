import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateTransferBody,
  ReceiveTransferBody,
  TransferDetail,
  TransferPage,
  TransferStatus,
} from '@ms/contracts';
import { api } from '@/lib/api-client';
import { inventoryKeys } from './keys';
import { invalidateStock } from './stock';
import { useBusinessId } from '@/lib/session-store';

export type TransferListParams = {
  status?: TransferStatus | null;
  store?: string | null;
  direction?: 'in' | 'out' | null;
  search?: string;
  page: number;
  limit: number;
};

const base = (businessId: string) => `/v2/business/${businessId}/transfers`;

/** GET /v2/business/{b}/transfers — newest first. */
export const getTransfers = (businessId: string, params: TransferListParams) =>
  api.get<TransferPage>(base(businessId), {
    query: {
      status: params.status,
      store: params.store,
      direction: params.store ? params.direction : undefined,
      search: params.search,
      page: params.page,
      limit: params.limit,
    },
  });

export const useTransfers = (params: TransferListParams, enabled = true) => {
  const businessId = useBusinessId();
  return useQuery({
    queryKey: inventoryKeys.transferList(businessId, params),
    queryFn: () => getTransfers(businessId, params),
    enabled: enabled && !!businessId,
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
};

/** GET /v2/business/{b}/transfers/{id} — the transfer with its lines. */
export const useTransfer = (id: string | null) => {
  const businessId = useBusinessId();
  return useQuery({
    queryKey: inventoryKeys.transfer(businessId, id ?? ''),
    queryFn: () => api.get<TransferDetail>(`${base(businessId)}/${encodeURIComponent(id ?? '')}`),
    enabled: !!businessId && !!id,
    meta: { silent: true },
  });
};

/** Every transfer step answers with the transfer: keep it, and refresh lists and stock. */
const useTransferMutation = <V>(call: (businessId: string, vars: V) => Promise<TransferDetail>) => {
  const businessId = useBusinessId();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (vars: V) => call(businessId, vars),
    meta: { silent: true },
    onSuccess: (transfer) => {
      qc.setQueryData(inventoryKeys.transfer(businessId, transfer._id), transfer);
      invalidateStock(qc, businessId);
    },
  });
};

/**
 * POST /v2/business/{b}/transfers sends; POST .../send-and-recieve sends and receives in one step
 * (spec path spelling).
 */
export const useCreateTransfer = () =>
  useTransferMutation((businessId, { body, receiveNow }: { body: CreateTransferBody; receiveNow: boolean }) =>
    api.post<TransferDetail>(receiveNow ? `${base(businessId)}/send-and-recieve` : base(businessId), body),
  );

export const useHoldTransfer = () =>
  useTransferMutation((businessId, id: string) =>
    api.post<TransferDetail>(`${base(businessId)}/${encodeURIComponent(id)}/on_hold`),
  );

export const useReleaseTransfer = () =>
  useTransferMutation((businessId, id: string) =>
    api.post<TransferDetail>(`${base(businessId)}/${encodeURIComponent(id)}/release`),
  );

export const useCancelTransfer = () =>
  useTransferMutation((businessId, id: string) =>
    api.post<TransferDetail>(`${base(businessId)}/cancel`, { id }),
  );

/** POST .../recieve (spec spelling): without items everything outstanding is received. */
export const useReceiveTransfer = () =>
  useTransferMutation((businessId, body: ReceiveTransferBody) =>
    api.post<TransferDetail>(`${base(businessId)}/recieve`, body),
  );
