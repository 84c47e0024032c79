import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AddBankAccountBody,
  Bank,
  BankAccount,
  ResolvedBankAccount,
  UpdateBankAccountBody,
} from '@ms/contracts';
import { api } from '@/lib/api-client';
import { useBusinessId } from '@/lib/session-store';
import { useLocalTable } from '@/offline';

export const bankAccountKeys = {
  all: (businessId: string) => ['bank-accounts', businessId] as const,
  banks: ['bank-accounts', 'banks'] as const,
  resolve: (bankCode: string, accountNumber: string) =>
    ['bank-accounts', 'resolve', bankCode, accountNumber] as const,
};

const listPath = (b: string) => `/v1/payments/accounts/businesses/${b}`;

/** The business's bank accounts: from the server, or (offline, until it answers) those on this device. */
export const useBankAccounts = () => {
  const businessId = useBusinessId();
  const online = useQuery({
    queryKey: bankAccountKeys.all(businessId),
    queryFn: () => api.get<BankAccount[]>(listPath(businessId)),
    enabled: !!businessId,
  });
  const local = useLocalTable<BankAccount & { _id: string }>(businessId, 'bank_accounts');
  return { ...online, data: online.data ?? (local?.length ? local : undefined) };
};

export const useBanks = () =>
  useQuery({
    queryKey: bankAccountKeys.banks,
    queryFn: () => api.get<Bank[]>('/v1/payments/banks'),
    staleTime: 60 * 60_000,
  });

/** Name enquiry: the name the bank holds for the account, asked once per bank and number. */
export const useResolveAccount = (bankCode: string | null, accountNumber: string) =>
  useQuery({
    queryKey: bankAccountKeys.resolve(bankCode ?? '', accountNumber),
    queryFn: () =>
      api.get<ResolvedBankAccount>(
        `/v1/payments/resolve/bankaccount?${new URLSearchParams({ accountnumber: accountNumber, bankcode: bankCode ?? '' })}`,
      ),
    enabled: !!bankCode && /^\d{10}$/.test(accountNumber),
    staleTime: Infinity,
    retry: false,
    // The screen shows the bank's answer itself (no account, a wrong number) under the field.
    meta: { silent: true },
  });

export const useAddBankAccount = () => {
  const businessId = useBusinessId();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AddBankAccountBody) => api.post<BankAccount>(listPath(businessId), body),
    onSuccess: () => qc.invalidateQueries({ queryKey: bankAccountKeys.all(businessId) }),
  });
};

/** Says which store's account it is (null: the business's). Where payouts go is the settlement preference's. */
export const useSetBankAccountStore = () => {
  const businessId = useBusinessId();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateBankAccountBody) => api.patch<BankAccount>(listPath(businessId), body),
    meta: { silent: true },
    onSuccess: () => qc.invalidateQueries({ queryKey: bankAccountKeys.all(businessId) }),
  });
};
