import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BankTransfersData, PaymentLogData, PaymentLogDetails, PaymentsReport } from '@ms/contracts';
import { api } from '@/lib/api-client';
import { useBusinessId } from '@/lib/session-store';

export const bankTransactionKeys = {
  all: ['bank-transactions'] as const,
  list: (businessId: string, from: string, to: string, store: string | null) =>
    ['bank-transactions', businessId, from, to, store ?? 'all'] as const,
};

/** Transfers received on the fixed accounts over days of the business (YYYY-MM-DD, inclusive). */
export const useBankTransfers = (range: { from: string; to: string }, store: string | null) => {
  const businessId = useBusinessId();
  const query = new URLSearchParams({
    startdate: range.from,
    enddate: range.to,
    ...(store ? { store_id: store } : {}),
  });
  return useQuery({
    queryKey: bankTransactionKeys.list(businessId, range.from, range.to, store),
    queryFn: () => api.get<BankTransfersData>(`/v1/payments/transactions/businesses/${businessId}?${query}`),
    enabled: !!businessId,
    placeholderData: keepPreviousData,
    // A transfer can land at any moment: look again while the screen is open.
    refetchInterval: 30_000,
  });
};

/** Every transfer of the days (not only the newest 5,000) as a CSV file. */
export const downloadTransfersCsv = (
  businessId: string,
  range: { from: string; to: string },
  store: string | null,
): Promise<void> =>
  api.download(
    'GET',
    `/v1/payments/transactions/businesses/${businessId}`,
    `transactions_${range.from}_${range.to}.csv`,
    {
      query: {
        startdate: range.from,
        enddate: range.to,
        format: 'csv',
        ...(store ? { store_id: store } : {}),
      },
    },
  );

/** The payment log (every way money came in) of some stores over days, and its sums. */
export const usePaymentLog = (range: { from: string; to: string }, store: string | null) => {
  const businessId = useBusinessId();
  const days = { startdate: range.from, enddate: range.to };
  const log = useQuery({
    queryKey: [...bankTransactionKeys.list(businessId, range.from, range.to, store), 'log'],
    queryFn: () =>
      api.post<PaymentLogData>(
        `/v1/payments/reports/paymentlog/businesses/${businessId}`,
        { store_ids: store ? [store] : [] },
        { query: days },
      ),
    enabled: !!businessId,
    placeholderData: keepPreviousData,
  });
  const report = useQuery({
    queryKey: [...bankTransactionKeys.list(businessId, range.from, range.to, store), 'report'],
    queryFn: () =>
      api.get<PaymentsReport>(`/v1/payments/single/businesses/${businessId}/report`, {
        query: { ...days, ...(store ? { store_id: store } : {}) },
      }),
    enabled: !!businessId,
    placeholderData: keepPreviousData,
  });
  return { log, report };
};

/** One payment, refund or transfer with what it paid. */
export const usePaymentDetails = (id: string | null) => {
  const businessId = useBusinessId();
  return useQuery({
    queryKey: ['bank-transactions', businessId, 'payment', id],
    queryFn: () =>
      api.get<PaymentLogDetails>(
        `/v1/payments/paymentlogdetails/businesses/${businessId}/paymentlogid/${id ?? ''}`,
      ),
    enabled: !!businessId && !!id,
  });
};
