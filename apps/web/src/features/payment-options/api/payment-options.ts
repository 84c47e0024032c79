import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CheckoutOptionsData,
  CreateCustomPaymentOptionBody,
  CustomPaymentOption,
  CustomPaymentOptionSyncData,
  PaymentMethodSettings,
  UpdateCustomPaymentOptionBody,
  UpdatePaymentMethodsBody,
} from '@ms/contracts';
import { api } from '@/lib/api-client';
import { useBusinessId } from '@/lib/session-store';

export const paymentOptionKeys = {
  all: (businessId: string) => ['payment-options', businessId] as const,
  settings: (businessId: string) => ['payment-options', businessId, 'settings'] as const,
  custom: (businessId: string) => ['payment-options', businessId, 'custom'] as const,
  checkout: (businessId: string) => ['payment-options', businessId, 'checkout'] as const,
};

const settingsPath = (b: string) => `/v1/payments/options/businesses/${b}`;
const customPath = (b: string) => `/v1/payments/customoptions/businesses/${b}`;

export const getMethodSettings = (b: string) => api.get<PaymentMethodSettings>(settingsPath(b));
export const updateMethodSettings = (b: string, body: UpdatePaymentMethodsBody) =>
  api.patch<PaymentMethodSettings>(settingsPath(b), body);
export const getCustomOptions = (b: string) => api.get<CustomPaymentOptionSyncData>(customPath(b));
export const createCustomOption = (b: string, body: CreateCustomPaymentOptionBody) =>
  api.post<CustomPaymentOption>(customPath(b), body);
export const updateCustomOption = (b: string, id: string, body: UpdateCustomPaymentOptionBody) =>
  api.patch<CustomPaymentOption>(`${customPath(b)}/paymentoption/${id}`, body);
export const deleteCustomOption = (b: string, id: string) =>
  api.delete<{ _id: string }>(`${customPath(b)}/paymentoption/${id}`);
export const getCheckoutOptions = () => api.get<CheckoutOptionsData>('/v2/checkout/options');

/** The built-in methods and their on/off switches (admin screen). */
export const useMethodSettings = () => {
  const businessId = useBusinessId();
  return useQuery({
    queryKey: paymentOptionKeys.settings(businessId),
    queryFn: () => getMethodSettings(businessId),
    enabled: !!businessId,
  });
};

/** Every custom option of the business, inactive ones too (admin screen). */
export const useCustomOptions = () => {
  const businessId = useBusinessId();
  return useQuery({
    queryKey: paymentOptionKeys.custom(businessId),
    queryFn: () => getCustomOptions(businessId),
    enabled: !!businessId,
  });
};

/** What the POS may offer: enabled built-ins then active custom options. */
export const useCheckoutOptions = () => {
  const businessId = useBusinessId();
  return useQuery({
    queryKey: paymentOptionKeys.checkout(businessId),
    queryFn: getCheckoutOptions,
    enabled: !!businessId,
    staleTime: 60_000,
  });
};

/** Changes to switches and custom options; each refetches every payment-option query. Errors: caller. */
export const usePaymentOptionMutations = () => {
  const businessId = useBusinessId();
  const qc = useQueryClient();
  const onSuccess = () => qc.invalidateQueries({ queryKey: paymentOptionKeys.all(businessId) });
  return {
    toggle: useMutation({
      mutationFn: (body: UpdatePaymentMethodsBody) => updateMethodSettings(businessId, body),
      meta: { silent: true },
      onSuccess,
    }),
    create: useMutation({
      mutationFn: (body: CreateCustomPaymentOptionBody) => createCustomOption(businessId, body),
      meta: { silent: true },
      onSuccess,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: UpdateCustomPaymentOptionBody }) =>
        updateCustomOption(businessId, id, body),
      meta: { silent: true },
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (id: string) => deleteCustomOption(businessId, id),
      meta: { silent: true },
      onSuccess,
    }),
  };
};
