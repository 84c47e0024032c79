import { useState } from 'react';
import { Button, Group, Modal, NumberInput, SegmentedControl, Stack, Text } from '@mantine/core';
import { formatMoney } from '@ms/contracts';
import type { Discount, DiscountType } from '../lib/totals';

type Props = {
  opened: boolean;
  title: string;
  /** What the discount applies to (price × quantity, or the order subtotal), for the hint. */
  base: number;
  value: Discount | null;
  onClose: () => void;
  onSave: (d: Discount | null) => void;
};

/** Spec 001 §5: an amount (flat naira) or a percentage of price × quantity. */
export const DiscountDialog = ({ opened, title, base, value, onClose, onSave }: Props) => (
  <Modal opened={opened} onClose={onClose} title={title} size="sm">
    {opened && <DiscountForm base={base} value={value} onSave={(d) => (onSave(d), onClose())} />}
  </Modal>
);

const DiscountForm = ({
  base,
  value,
  onSave,
}: {
  base: number;
  value: Discount | null;
  onSave: (d: Discount | null) => void;
}) => {
  const [type, setType] = useState<DiscountType>(value?.discount_type ?? 'amount');
  const [amount, setAmount] = useState<number | ''>(value?.discount ?? '');
  const n = typeof amount === 'number' ? amount : 0;
  const error =
    n < 0
      ? 'Discount cannot be negative'
      : type === 'percentage' && n > 100
        ? 'A percentage discount is at most 100'
        : type === 'amount' && n > base
          ? `The discount cannot be more than ${formatMoney(base)}`
          : null;
  const off = type === 'percentage' ? Math.round(base * n) / 100 : n;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (!error) onSave(n > 0 ? { discount_type: type, discount: n } : null);
      }}
    >
      <Stack>
        <SegmentedControl
          fullWidth
          value={type}
          onChange={(v) => setType(v as DiscountType)}
          data={[
            { value: 'amount', label: 'Amount (₦)' },
            { value: 'percentage', label: 'Percentage (%)' },
          ]}
        />
        <NumberInput
          label={type === 'amount' ? 'Discount (₦)' : 'Discount (%)'}
          value={amount}
          onChange={(v) => setAmount(typeof v === 'number' ? v : v === '' ? '' : Number(v))}
          min={0}
          decimalScale={2}
          size="md"
          data-autofocus
          error={error}
        />
        <Text size="sm" c="dimmed">
          Takes {formatMoney(Math.min(off, base))} off {formatMoney(base)}
        </Text>
        <Group grow>
          {value && (
            <Button variant="default" onClick={() => onSave(null)}>
              Remove discount
            </Button>
          )}
          <Button type="submit" disabled={!!error}>
            Apply
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
