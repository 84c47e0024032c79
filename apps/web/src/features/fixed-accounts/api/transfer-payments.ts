import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Sale } from '@ms/contracts';
import { api } from '@/lib/api-client';
import { useBusinessId } from '@/lib/session-store';

const key = (businessId: string, saleId: string) => ['pos', businessId, 'transfer-sale', saleId] as const;

/** The sale as the server has it, asked again every few seconds while its transfer is awaited. */
export const useTransferSale = (sale: Sale, awaiting: boolean) => {
  const businessId = useBusinessId();
  return useQuery({
    queryKey: key(businessId, sale._id),
    queryFn: () => api.get<Sale>(`/v1/sales/${sale._id}/businesses/${businessId}`),
    enabled: !!businessId && awaiting,
    initialData: sale,
    refetchInterval: (q) => (q.state.data?.payments.some((p) => p.awaiting_transfer) ? 3_000 : false),
    meta: { silent: true },
  });
};

/** POST /v1/sales/{id}/payments/{paymentId}/confirm: the transfer confirmed by someone allowed. */
export const useConfirmTransferByHand = () => {
  const businessId = useBusinessId();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ saleId, paymentId }: { saleId: string; paymentId: string }) =>
      api.post<Sale>(`/v1/sales/${saleId}/payments/${paymentId}/confirm`, {}),
    onSuccess: (sale) => {
      qc.setQueryData(key(businessId, sale._id), sale);
      void qc.invalidateQueries({ queryKey: ['sales-history', businessId] });
    },
  });
};
