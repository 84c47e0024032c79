import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Bank,
  CreateFixedAccountBody,
  FixedAccount,
  SimulatedTransfer,
  SimulateTransferBody,
} from '@ms/contracts';
import { api } from '@/lib/api-client';
import { useBusinessId } from '@/lib/session-store';
import { bankTransactionKeys } from '@/features/bank-transactions';

export const fixedAccountKeys = {
  all: (businessId: string) => ['fixed-accounts', businessId] as const,
  banks: ['fixed-accounts', 'banks'] as const,
  sandbox: ['fixed-accounts', 'sandbox'] as const,
};

const listPath = (b: string) => `/v1/payments/fixedaccounts/businesses/${b}`;

/**
 * The stores' fixed accounts (a non-admin gets their stores' only). `quiet`: for the till, where the
 * account is a help, not the screen: no toast when it cannot be fetched (offline), kept for a while.
 */
export const useFixedAccounts = ({
  enabled = true,
  quiet = false,
}: { enabled?: boolean; quiet?: boolean } = {}) => {
  const businessId = useBusinessId();
  return useQuery({
    queryKey: fixedAccountKeys.all(businessId),
    queryFn: () => api.get<FixedAccount[]>(listPath(businessId)),
    enabled: !!businessId && enabled,
    ...(quiet ? { meta: { silent: true }, staleTime: 5 * 60_000, retry: false } : {}),
  });
};

/** The partner banks fixed accounts open at. */
export const useVirtualAccountBanks = (enabled: boolean) =>
  useQuery({
    queryKey: fixedAccountKeys.banks,
    queryFn: () => api.get<Bank[]>('/v2/payments/enabledvirtualaccountbanks'),
    enabled,
    staleTime: 60 * 60_000,
  });

/** True when the server's bank rail is the sandbox (it answers 404 otherwise): test transfers can be sent. */
export const useBankSandbox = () =>
  useQuery({
    queryKey: fixedAccountKeys.sandbox,
    queryFn: () =>
      api.get<{ sandbox: boolean }>('/v1/sandbox/banking').then(
        (d) => d.sandbox,
        () => false,
      ),
    staleTime: Infinity,
    meta: { silent: true },
  });

export const useOpenFixedAccount = () => {
  const businessId = useBusinessId();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateFixedAccountBody) =>
      api.post<FixedAccount>(`/v2/payments/accounts/businesses/${businessId}/customfixedaccount`, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: fixedAccountKeys.all(businessId) }),
  });
};

/** Sandbox only: a payer sends money to one of the fixed accounts; the transfers lists refresh. */
export const useSimulateTransfer = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SimulateTransferBody) =>
      api.post<SimulatedTransfer>('/v1/sandbox/banking/transfers', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: bankTransactionKeys.all }),
  });
};
