import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PayoutDetails, PayoutsData, SandboxPayoutRun } from '@ms/contracts';
import { api } from '@/lib/api-client';
import { useBusinessId } from '@/lib/session-store';

export const payoutKeys = {
  all: ['payouts'] as const,
  list: (businessId: string, from: string, to: string) => ['payouts', businessId, from, to] as const,
  one: (businessId: string, id: string) => ['payouts', businessId, 'one', id] as const,
};

/** Payouts made over days of the business (YYYY-MM-DD, inclusive), with what is still owed. */
export const usePayouts = (range: { from: string; to: string }) => {
  const businessId = useBusinessId();
  const query = new URLSearchParams({ startdate: range.from, enddate: range.to });
  return useQuery({
    queryKey: payoutKeys.list(businessId, range.from, range.to),
    queryFn: () => api.get<PayoutsData>(`/v1/payments/batch/businesses/${businessId}?${query}`),
    enabled: !!businessId,
    placeholderData: keepPreviousData,
    // A payout on its way is answered by the bank at any moment: look again while it shows.
    refetchInterval: (q) => (q.state.data?.total_pending ? 5_000 : 60_000),
  });
};

export const usePayout = (payoutId: string) => {
  const businessId = useBusinessId();
  return useQuery({
    queryKey: payoutKeys.one(businessId, payoutId),
    queryFn: () =>
      api.get<PayoutDetails>(`/v1/payments/payoutdetails/businesses/${businessId}/payoutid/${payoutId}`),
    enabled: !!businessId && !!payoutId,
    refetchInterval: (q) => (q.state.data?.payout.status === 'pending' ? 5_000 : false),
  });
};

/** Sandbox only: pay out now what is owed. */
export const usePayOutNow = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<SandboxPayoutRun>('/v1/sandbox/banking/payouts', {}),
    onSuccess: () => qc.invalidateQueries({ queryKey: payoutKeys.all }),
  });
};
