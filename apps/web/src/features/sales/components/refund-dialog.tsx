import { useState } from 'react';
import { Alert, Button, Group, Modal, NumberInput, Radio, Stack, Text, TextInput } from '@mantine/core';
import { formatMoney, type RefundDestination, type Sale } from '@ms/contracts';
import { useRefundSale } from '../api/sales';
import { refundableQuantity, refundLines, refundTotal, type RefundPicks } from '../lib/refund';

/**
 * Pick lines and units (up to what is left), where the money goes, and why; the amount shows before
 * confirming. The lines are the sale as it was when the window opened: a change pushed from another
 * till meanwhile (a refund, a payment) does not move what the cashier is picking; it is said, and the
 * server checks the refund against the sale as it is now.
 */
export const RefundDialog = ({
  sale: latest,
  opened,
  onClose,
}: {
  sale: Sale;
  opened: boolean;
  onClose: () => void;
}) => {
  const [sale] = useState(latest);
  const changedElsewhere = latest.updated_at !== sale.updated_at;
  const [picks, setPicks] = useState<RefundPicks>({});
  const [to, setTo] = useState<RefundDestination>('cash');
  const [reason, setReason] = useState('');
  const refund = useRefundSale(sale._id);
  const lines = sale.items.filter((l) => refundableQuantity(l) > 0);
  const amount = refundTotal(sale.items, picks);
  const body = refundLines(sale.items, picks);
  const close = () => {
    setPicks({});
    setReason('');
    refund.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title="Refund" size="lg">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (body.length === 0) return;
          refund.mutate({ lines: body, to, reason: reason.trim() || undefined }, { onSuccess: close });
        }}
      >
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Choose how many units of each item come back. Stock returns to {sale.store_name}.
          </Text>
          {lines.map((l) => {
            const left = refundableQuantity(l);
            return (
              <Group key={l._id} justify="space-between" wrap="nowrap" gap="sm">
                <div style={{ minWidth: 0, flex: 1 }}>
                  <Text fw={600} truncate>
                    {l.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {left} of {l.quantity} left · line {formatMoney(l.total)}
                  </Text>
                </div>
                <NumberInput
                  aria-label={`Quantity to refund of ${l.name}`}
                  w={110}
                  min={0}
                  max={left}
                  allowDecimal={false}
                  allowNegative={false}
                  clampBehavior="strict"
                  value={picks[l._id] ?? 0}
                  onChange={(v) => {
                    setPicks({ ...picks, [l._id]: Number(v) || 0 });
                    refund.reset();
                  }}
                />
              </Group>
            );
          })}
          <Radio.Group
            label="Give the money back as"
            value={to}
            onChange={(v) => {
              setTo(v as RefundDestination);
              // A refusal was about the way chosen before (e.g. no open register for cash).
              refund.reset();
            }}
          >
            <Stack gap={6} mt={4}>
              <Radio value="cash" label="Cash from the register" />
              <Radio value="original" label="The way it was paid" />
              <Radio
                value="store_credit"
                label={
                  sale.customer_id
                    ? `Store credit for ${sale.customer_name ?? 'the customer'}`
                    : 'Store credit (needs a customer on the sale)'
                }
                disabled={!sale.customer_id}
              />
            </Stack>
          </Radio.Group>
          <TextInput
            label="Reason (optional)"
            placeholder="e.g. Damaged item"
            maxLength={300}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
          <Group justify="space-between">
            <Text>Refund amount</Text>
            <Text fw={700} size="lg" data-testid="refund-amount">
              {formatMoney(amount)}
            </Text>
          </Group>
          {changedElsewhere && !refund.isError && (
            <Alert color="yellow" role="status" title="Changed on another till">
              This sale was changed while this window was open. The refund is checked against the sale as it
              is now; close and open Refund again to see what is left.
            </Alert>
          )}
          {refund.isError && <Alert color="red">{refund.error.message}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" color="red" disabled={body.length === 0} loading={refund.isPending}>
              Refund {formatMoney(amount)}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
