import { useState } from 'react';
import { Alert, Button, Group, Modal, NumberInput, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatMoney, type Order, type OrderStatus } from '@ms/contracts';
import { deviceUuid, useAddOrderFee, useUpdateOrderStatus } from '../api/orders';
import { STEP_DONE, STEP_LABELS } from './order-status';

type DialogProps = { order: Order; opened: boolean; onClose: () => void };

const StepHelp: Partial<Record<OrderStatus, (o: Order) => string>> = {
  confirmed: () => 'Tell the shopper you have their order and will prepare it.',
  ready: (o) =>
    o.fulfilment === 'pickup'
      ? `The order is packed and waiting at ${o.store_name} for the shopper to collect.`
      : 'The order is packed and waiting for the rider.',
  shipped: () => 'The order has left the store with the rider.',
  delivered: (o) =>
    o.fulfilment === 'pickup'
      ? 'The shopper has collected the order. It becomes a sale in your sales history.'
      : 'The shopper has received the order. It becomes a sale in your sales history.',
};

/**
 * Moving an order on: what it means, a note the shopper sees on their order page, and the button.
 * Cancelling asks for the reason (the shopper reads it) and says what happens to the money and stock.
 */
export const StepDialog = ({ order, opened, onClose, to }: DialogProps & { to: OrderStatus }) => {
  const [note, setNote] = useState('');
  const update = useUpdateOrderStatus();
  const cancel = to === 'cancelled';
  const submit = () =>
    update.mutate(
      { order_id: order._id, status: to, ...(note.trim() ? { note: note.trim() } : {}) },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: `${STEP_DONE[to]}: ${order.number}` });
          onClose();
        },
      },
    );
  return (
    <Modal
      opened={opened}
      onClose={() => !update.isPending && onClose()}
      title={
        <Text fw={700}>
          {cancel ? `Cancel order ${order.number}?` : `${STEP_LABELS[to]} ${order.number}?`}
        </Text>
      }
      centered
    >
      <Stack>
        {cancel ? (
          <>
            <Text size="sm">
              The shopper sees the order as cancelled, and the items go back on sale in your shop. This cannot
              be undone.
            </Text>
            {order.amount_paid > 0 && (
              <Alert color="red" title="Money to refund">
                The shopper has paid {formatMoney(order.amount_paid)}. You must refund it to them.
              </Alert>
            )}
          </>
        ) : (
          StepHelp[to] && <Text size="sm">{StepHelp[to](order)}</Text>
        )}
        <Textarea
          label={cancel ? 'Why is it cancelled?' : 'Note for the shopper (optional)'}
          description="The shopper sees this on their order page."
          placeholder={cancel ? 'e.g. The item is out of stock' : undefined}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          maxLength={500}
          rows={3}
          required={cancel}
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" size="md" onClick={onClose} disabled={update.isPending}>
            {cancel ? 'Keep it' : 'Not now'}
          </Button>
          <Button
            size="md"
            color={cancel ? 'red' : undefined}
            loading={update.isPending}
            disabled={cancel && !note.trim()}
            onClick={submit}
          >
            {STEP_LABELS[to]}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};

/** A fee added to the order (delivery, packaging…); made once, whatever the taps or retries. */
export const AddFeeDialog = ({ order, opened, onClose }: DialogProps) => {
  const [name, setName] = useState('Delivery');
  const [amount, setAmount] = useState<number | ''>('');
  const [id] = useState(deviceUuid);
  const add = useAddOrderFee();
  const valid = name.trim().length > 0 && typeof amount === 'number' && amount > 0;
  return (
    <Modal
      opened={opened}
      onClose={() => !add.isPending && onClose()}
      title={<Text fw={700}>Add a fee</Text>}
      centered
    >
      <Stack>
        <Text size="sm" c="dimmed">
          The fee is added to what the shopper pays for order {order.number}.
        </Text>
        <TextInput
          label="What is it for?"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          maxLength={80}
          size="md"
        />
        <NumberInput
          label="Amount (₦)"
          min={0}
          decimalScale={2}
          thousandSeparator=","
          value={amount}
          onChange={(v) => setAmount(typeof v === 'number' ? v : v === '' ? '' : Number(v) || '')}
          size="md"
          data-autofocus
        />
        <Group justify="flex-end" gap="sm" wrap="nowrap">
          <Button variant="default" size="md" onClick={onClose} disabled={add.isPending}>
            Cancel
          </Button>
          <Button
            size="md"
            loading={add.isPending}
            disabled={!valid}
            onClick={() =>
              valid &&
              add.mutate(
                { order_id: order._id, _id: id, name: name.trim(), amount },
                {
                  onSuccess: () => {
                    notifications.show({ color: 'teal', message: `${formatMoney(amount)} fee added` });
                    onClose();
                  },
                },
              )
            }
          >
            Add fee
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
