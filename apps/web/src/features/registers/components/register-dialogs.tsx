import { useState } from 'react';
import { Alert, Button, Group, Modal, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  addCashBody,
  closeRegisterBody,
  formatMoney,
  openRegisterBody,
  removeCashBody,
  type Register,
  type RegisterCloseData,
} from '@ms/contracts';
import { humanizeMessage } from '@/lib/form-resolver';
import {
  useCashMutation,
  useCloseRegister,
  useOpenRegisterMutation,
  useRegisterEmployees,
  useUpdateRegister,
} from '../api/registers';
import { CashDifference } from './cash-difference';

type Amount = number | '';
const toAmount = (v: string | number): Amount => (typeof v === 'number' ? v : v === '' ? '' : Number(v));

/** The first message of a failed schema check, in words. */
const firstIssue = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : humanizeMessage(result.error?.issues[0]?.message ?? 'Check the form');

const MoneyInput = ({
  label,
  value,
  onChange,
  error,
  description,
}: {
  label: string;
  value: Amount;
  onChange: (v: Amount) => void;
  error?: string | null;
  description?: string;
}) => (
  <NumberInput
    label={label}
    description={description}
    value={value}
    onChange={(v) => onChange(toAmount(v))}
    min={0}
    decimalScale={2}
    thousandSeparator=","
    prefix="₦"
    size="md"
    inputMode="decimal"
    data-autofocus
    error={error}
  />
);

type DialogProps = { register: Register | null; onClose: () => void };

/** Open a register: count the cash in the drawer (the float). */
export const OpenRegisterDialog = ({ register, onClose }: DialogProps) => (
  <Modal opened={!!register} onClose={onClose} title={register ? `Open ${register.name}` : ''} size="sm">
    {register && <OpenForm register={register} onDone={onClose} />}
  </Modal>
);

const OpenForm = ({ register, onDone }: { register: Register; onDone: () => void }) => {
  const [float, setFloat] = useState<Amount>('');
  const [error, setError] = useState<string | null>(null);
  const open = useOpenRegisterMutation();
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        const body = { float: float === '' ? 0 : float };
        const issue = firstIssue(openRegisterBody.safeParse(body));
        if (issue) return setError(issue);
        open.mutate(
          { id: register.id, body },
          {
            onSuccess: () => {
              notifications.show({
                color: 'teal',
                title: 'Register opened',
                message: `${register.name} is open.`,
              });
              onDone();
            },
          },
        );
      }}
    >
      <Stack>
        <Text size="sm" c="dimmed">
          {register.store_name}: count the cash in the drawer before you start selling. Enter 0 if it is
          empty.
        </Text>
        <MoneyInput label="Opening float" value={float} onChange={setFloat} error={error} />
        {open.error && (
          <Alert color="red" role="alert">
            {open.error.message}
          </Alert>
        )}
        <Button type="submit" size="md" loading={open.isPending}>
          Open register
        </Button>
      </Stack>
    </form>
  );
};

/** Put cash in, or take cash out (with a reason). */
export const CashDialog = ({
  register,
  direction,
  onClose,
}: DialogProps & { direction: 'add' | 'remove' }) => (
  <Modal
    opened={!!register}
    onClose={onClose}
    title={direction === 'add' ? 'Add cash' : 'Remove cash'}
    size="sm"
  >
    {register && <CashForm register={register} direction={direction} onDone={onClose} />}
  </Modal>
);

const CashForm = ({
  register,
  direction,
  onDone,
}: {
  register: Register;
  direction: 'add' | 'remove';
  onDone: () => void;
}) => {
  const [amount, setAmount] = useState<Amount>('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const move = useCashMutation();
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        const body = { amount: amount === '' ? 0 : amount, reason: reason.trim() || undefined };
        const schema = direction === 'add' ? addCashBody : removeCashBody;
        const result = schema.safeParse(body);
        if (!result.success) {
          const next: { amount?: string; reason?: string } = {};
          for (const issue of result.error.issues) {
            const field = issue.path[0] === 'reason' ? 'reason' : 'amount';
            next[field] ??= humanizeMessage(issue.message);
          }
          return setErrors(next);
        }
        setErrors({});
        move.mutate(
          { id: register.id, direction, body: result.data },
          {
            onSuccess: () => {
              notifications.show({
                color: 'teal',
                title: direction === 'add' ? 'Cash added' : 'Cash removed',
                message: `${formatMoney(body.amount)} ${direction === 'add' ? 'into' : 'out of'} ${register.name}.`,
              });
              onDone();
            },
          },
        );
      }}
    >
      <Stack>
        <Text size="sm" c="dimmed">
          {register.name} · expected now {formatMoney(register.expected_cash ?? 0)}
        </Text>
        <MoneyInput label="Amount" value={amount} onChange={setAmount} error={errors.amount} />
        <TextInput
          label={direction === 'add' ? 'Reason (optional)' : 'Reason'}
          placeholder={direction === 'add' ? 'e.g. Change from the bank' : 'e.g. Bank deposit, fuel'}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          error={errors.reason}
          withAsterisk={direction === 'remove'}
          size="md"
          maxLength={200}
        />
        {move.error && (
          <Alert color="red" role="alert">
            {move.error.message}
          </Alert>
        )}
        <Button
          type="submit"
          size="md"
          loading={move.isPending}
          color={direction === 'remove' ? 'orange' : undefined}
        >
          {direction === 'add' ? 'Add cash' : 'Remove cash'}
        </Button>
      </Stack>
    </form>
  );
};

/** Close with counted cash; shows expected, counted and the difference before and after. */
export const CloseRegisterDialog = ({ register, onClose }: DialogProps) => (
  <Modal opened={!!register} onClose={onClose} title={register ? `Close ${register.name}` : ''} size="sm">
    {register && <CloseForm register={register} onDone={onClose} />}
  </Modal>
);

export const CloseSummary = ({ expected, counted }: { expected: number; counted: number }) => (
  <Stack gap={6} aria-label="Cash summary">
    <Group justify="space-between">
      <Text>Expected cash</Text>
      <Text fw={600} data-testid="expected-cash">
        {formatMoney(expected)}
      </Text>
    </Group>
    <Group justify="space-between">
      <Text>Counted cash</Text>
      <Text fw={600} data-testid="counted-cash">
        {formatMoney(counted)}
      </Text>
    </Group>
    <Group justify="space-between">
      <Text>Difference</Text>
      <CashDifference
        difference={Math.round((counted - expected) * 100) / 100}
        data-testid="cash-difference"
      />
    </Group>
  </Stack>
);

const CloseForm = ({ register, onDone }: { register: Register; onDone: () => void }) => {
  const [counted, setCounted] = useState<Amount>('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<RegisterCloseData | null>(null);
  const close = useCloseRegister();
  const expected = register.expected_cash ?? 0;

  if (result)
    return (
      <Stack>
        <Alert color="teal" title="Register closed">
          {register.name} is closed. Keep this count for your records.
        </Alert>
        <CloseSummary expected={result.expected_cash} counted={result.counted_cash} />
        <Button size="md" onClick={onDone}>
          Done
        </Button>
      </Stack>
    );

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        const body = { counted_cash: counted === '' ? Number.NaN : counted, note: note.trim() || undefined };
        if (counted === '') return setError('Enter the cash you counted in the drawer');
        const issue = firstIssue(closeRegisterBody.safeParse(body));
        if (issue) return setError(issue);
        close.mutate({ id: register.id, body }, { onSuccess: setResult });
      }}
    >
      <Stack>
        <Text size="sm" c="dimmed">
          Count the cash in the drawer and enter the total.
        </Text>
        <MoneyInput label="Counted cash" value={counted} onChange={setCounted} error={error} />
        {counted !== '' && <CloseSummary expected={expected} counted={counted} />}
        <TextInput
          label="Note (optional)"
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          size="md"
          maxLength={300}
        />
        {close.error && (
          <Alert color="red" role="alert">
            {close.error.message}
          </Alert>
        )}
        <Button type="submit" size="md" color="red" loading={close.isPending}>
          Close register
        </Button>
      </Stack>
    </form>
  );
};

/** Hand the open register to another employee without closing it. */
export const SwitchUserDialog = ({ register, onClose }: DialogProps) => (
  <Modal opened={!!register} onClose={onClose} title="Switch user" size="sm">
    {register && <SwitchForm register={register} onDone={onClose} />}
  </Modal>
);

const SwitchForm = ({ register, onDone }: { register: Register; onDone: () => void }) => {
  const employees = useRegisterEmployees(register.store_id);
  const [userId, setUserId] = useState<string | null>(null);
  const update = useUpdateRegister();
  const options = (employees.data ?? [])
    .filter((e) => e.id !== register.session?.operator_id)
    .map((e) => ({ value: e.id, label: `${e.name} (${e.role})` }));
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (!userId) return;
        update.mutate(
          { id: register.id, body: { user_id: userId } },
          {
            onSuccess: (r) => {
              notifications.show({
                color: 'teal',
                title: 'User switched',
                message: `${r.session?.operator_name ?? 'The new user'} now operates ${r.name}.`,
              });
              onDone();
            },
          },
        );
      }}
    >
      <Stack>
        <Text size="sm" c="dimmed">
          Now operated by {register.session?.operator_name}. The drawer stays open and its cash carries on.
        </Text>
        <Select
          label="Employee"
          placeholder={employees.isPending ? 'Loading…' : 'Choose who takes over'}
          data={options}
          value={userId}
          onChange={setUserId}
          searchable
          size="md"
          nothingFoundMessage="No other employee can operate this register"
          error={employees.error?.message}
        />
        {update.error && (
          <Alert color="red" role="alert">
            {update.error.message}
          </Alert>
        )}
        <Button type="submit" size="md" disabled={!userId} loading={update.isPending}>
          Switch user
        </Button>
      </Stack>
    </form>
  );
};
