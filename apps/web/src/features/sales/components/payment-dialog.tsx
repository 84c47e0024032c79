import { useState } from 'react';
import { Alert, Button, Group, Modal, NumberInput, Select, Stack, Text } from '@mantine/core';
import { formatMoney, SALE_PAYMENT_METHOD_LABELS, type Sale } from '@ms/contracts';
import { useCheckoutOptions } from '@/features/payment-options';
import { usePayLater } from '../api/sales';

/** Record (part of) what an unpaid sale owes: PATCH pay-later. Cash needs an open register in the store. */
export const PaymentDialog = ({
  sale,
  opened,
  onClose,
}: {
  sale: Sale;
  opened: boolean;
  onClose: () => void;
}) => {
  const [amount, setAmount] = useState<number | string>(sale.balance);
  const [method, setMethod] = useState<string>('cash');
  const pay = usePayLater(sale._id);
  const checkout = useCheckoutOptions();
  // The business's checkout options (custom ones too); the built-ins until they are loaded.
  const offered =
    checkout.data?.items.map((o) => ({ value: o.method, label: o.label })) ??
    (['cash', 'fixed_account', 'card', 'store_credit'] as const).map((m) => ({
      value: m as string,
      label: SALE_PAYMENT_METHOD_LABELS[m],
    }));
  const methods = offered.filter(
    (m) => m.value !== 'loyalty_points' && (m.value !== 'store_credit' || sale.customer_id),
  );
  const value = typeof amount === 'number' ? amount : Number(amount) || 0;
  const close = () => {
    pay.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title="Record payment">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (value <= 0) return;
          pay.mutate({ method, amount: value }, { onSuccess: close });
        }}
      >
        <Stack gap="sm">
          <Text size="sm">
            {sale.customer_name ?? 'The customer'} owes <b>{formatMoney(sale.balance)}</b> on{' '}
            {sale.receipt_number}.
          </Text>
          <NumberInput
            label="Amount"
            leftSection="₦"
            min={0}
            decimalScale={2}
            thousandSeparator=","
            value={amount}
            onChange={setAmount}
            error={
              value > sale.balance && method !== 'cash'
                ? 'Only cash can be more than what is owed'
                : undefined
            }
          />
          <Select
            label="Method"
            data={methods}
            value={method}
            onChange={(v) => setMethod(v ?? 'cash')}
            allowDeselect={false}
          />
          {method === 'cash' && value > sale.balance && (
            <Text size="sm">
              Change: {formatMoney((Math.round(value * 100) - Math.round(sale.balance * 100)) / 100)}
            </Text>
          )}
          {pay.isError && <Alert color="red">{pay.error.message}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={value <= 0} loading={pay.isPending}>
              Record payment
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
