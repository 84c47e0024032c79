import { useState } from 'react';
import { Alert, Button, NumberInput, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { adjustPointsBody, adjustStoreCreditBody } from '@ms/contracts';
import { humanizeMessage } from '@/lib/form-resolver';
import { useAdjustPoints, useAdjustStoreCredit } from '../api/loyalty';

type Props = { customerId: string; kind: 'points' | 'store-credit'; onDone?: () => void };

/** Add or remove points (whole numbers) or store credit (naira), always with a reason. */
export const AdjustBalanceForm = ({ customerId, kind, onDone }: Props) => {
  const points = useAdjustPoints(customerId);
  const credit = useAdjustStoreCredit(customerId);
  const mutation = kind === 'points' ? points : credit;
  const [direction, setDirection] = useState<'add' | 'remove'>('add');
  const [amount, setAmount] = useState<number | string>('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const label = kind === 'points' ? 'Points' : 'Amount (₦)';

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const value = typeof amount === 'number' ? amount : Number.NaN;
    if (!Number.isFinite(value) || value <= 0) {
      setErrors({ amount: `Enter the ${kind === 'points' ? 'points' : 'amount'} to ${direction}.` });
      return;
    }
    const signed = direction === 'add' ? value : -value;
    const parsed =
      kind === 'points'
        ? adjustPointsBody.safeParse({ points: signed, reason })
        : adjustStoreCreditBody.safeParse({ amount: signed, reason });
    if (!parsed.success) {
      const next: { amount?: string; reason?: string } = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] === 'reason' ? 'reason' : 'amount';
        next[key] ??= humanizeMessage(issue.message);
      }
      setErrors(next);
      return;
    }
    setErrors({});
    const onSuccess = () => {
      notifications.show({
        color: 'teal',
        title: kind === 'points' ? 'Points updated' : 'Store credit updated',
        message: 'The new balance is shown.',
      });
      setAmount('');
      setReason('');
      mutation.reset();
      onDone?.();
    };
    if (kind === 'points') points.mutate(parsed.data as { points: number; reason: string }, { onSuccess });
    else credit.mutate(parsed.data as { amount: number; reason: string }, { onSuccess });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <SegmentedControl
          fullWidth
          value={direction}
          onChange={(v) => setDirection(v as 'add' | 'remove')}
          data={[
            { value: 'add', label: 'Add' },
            { value: 'remove', label: 'Remove' },
          ]}
        />
        <NumberInput
          label={label}
          min={0}
          allowNegative={false}
          allowDecimal={kind !== 'points'}
          decimalScale={2}
          thousandSeparator=","
          size="md"
          value={amount}
          onChange={setAmount}
          error={errors.amount}
        />
        <TextInput
          label="Reason"
          placeholder={kind === 'points' ? 'e.g. Birthday bonus' : 'e.g. Returned item'}
          size="md"
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          error={errors.reason}
        />
        {mutation.error && <Alert color="red">{mutation.error.message}</Alert>}
        <Button type="submit" loading={mutation.isPending} size="md">
          {direction === 'add' ? 'Add' : 'Remove'} {kind === 'points' ? 'points' : 'store credit'}
        </Button>
      </Stack>
    </form>
  );
};
