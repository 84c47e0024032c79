import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { formatMoney, type Sale } from '@ms/contracts';
import { hasPermission, useSession } from '@/lib/session-store';
import { useConfirmTransferByHand, useTransferSale } from '../api/transfer-payments';
import { FixedAccountToPay } from './fixed-account-to-pay';

/**
 * After a sale paid by "bank transfer (fixed)": waits for the customer's transfer to land on the
 * store's account (the bank's event, not the customer's screen) and says so when it has. A sale still
 * on this device (offline) is matched when it uploads. Someone allowed can confirm it by hand.
 */
export const TransferAwaited = ({ sale }: { sale: Sale }) => {
  const session = useSession();
  const payment = sale.payments.find((p) => p.method === 'fixed_account');
  const onServer = payment?.awaiting_transfer !== undefined;
  const live = useTransferSale(sale, onServer && payment?.awaiting_transfer === true);
  const confirm = useConfirmTransferByHand();
  if (!payment) return null;
  const now = live.data?.payments.find((p) => p._id === payment._id) ?? payment;
  if (!onServer)
    return (
      <Alert color="gray" title="Transfer to check" data-testid="transfer-awaited">
        {formatMoney(payment.amount)} by transfer is checked against the bank when this sale reaches the
        server.
      </Alert>
    );
  if (!now.awaiting_transfer)
    return (
      <Alert
        color="green"
        icon={<IconCircleCheck size={20} />}
        title="Transfer received"
        data-testid="transfer-awaited"
      >
        {formatMoney(now.amount)}{' '}
        {now.transfer_reference ? 'landed on the store’s account.' : 'was confirmed by hand.'}
      </Alert>
    );
  return (
    <Alert color="blue" title="Waiting for the transfer" data-testid="transfer-awaited">
      <Group gap="xs" wrap="nowrap">
        <Loader size="xs" />
        <Text size="sm">
          {formatMoney(now.amount)} has not landed on the store’s account yet. This turns green when the bank
          tells us.
        </Text>
      </Group>
      <FixedAccountToPay storeId={sale.store_id} />
      {hasPermission(session, 'transactions.manage_payments') && (
        <Button
          mt="sm"
          variant="default"
          size="xs"
          loading={confirm.isPending}
          onClick={() => confirm.mutate({ saleId: sale._id, paymentId: payment._id })}
        >
          Confirm received by hand
        </Button>
      )}
    </Alert>
  );
};
