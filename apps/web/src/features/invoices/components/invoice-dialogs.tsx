import { useState } from 'react';
import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  formatMoney,
  INVOICE_PAYMENT_METHOD_LABELS,
  INVOICE_PAYMENT_METHODS,
  type Invoice,
} from '@ms/contracts';
import { deviceUuid, useCreditNote, useLogPayment, useSendInvoice } from '../api/invoices';

type DialogProps = {
  invoice: Invoice;
  opened: boolean;
  onClose: () => void;
  onDone: (message: string) => void;
};

/** A dialog's last lines: what went wrong, Cancel, and the action. */
const DialogActions = ({
  error,
  onCancel,
  loading,
  label,
  onConfirm,
}: {
  error: Error | null;
  onCancel: () => void;
  loading: boolean;
  label: string;
  onConfirm: () => void;
}) => (
  <>
    {error && <Alert color="red">{error.message}</Alert>}
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      <Button loading={loading} onClick={onConfirm}>
        {label}
      </Button>
    </Group>
  </>
);

const methodChoices = INVOICE_PAYMENT_METHODS.map((m) => ({
  value: m,
  label: INVOICE_PAYMENT_METHOD_LABELS[m],
}));

/** Send, send again, or remind: the client's e-mail (another can be given) and a note. */
export const SendDialog = ({
  invoice,
  opened,
  onClose,
  onDone,
  kind,
}: DialogProps & { kind: 'send' | 'resend' | 'reminder' }) => {
  const [email, setEmail] = useState(invoice.client_email ?? '');
  const [message, setMessage] = useState('');
  const send = useSendInvoice();
  const title =
    kind === 'reminder'
      ? 'Remind the client to pay'
      : kind === 'resend'
        ? 'Send the invoice again'
        : 'Send the invoice';
  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={700}>{title}</Text>} centered>
      <Stack>
        <TextInput
          label="Client's e-mail"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
        />
        <Textarea
          label="A note with it (optional)"
          value={message}
          onChange={(e) => setMessage(e.currentTarget.value)}
        />
        <DialogActions
          error={send.error}
          onCancel={onClose}
          loading={send.isPending}
          label={kind === 'reminder' ? 'Send reminder' : 'Send'}
          onConfirm={() =>
            void send
              .mutateAsync({
                invoice_id: invoice._id,
                kind,
                ...(email.trim() ? { email: email.trim() } : {}),
                ...(message.trim() ? { message: message.trim() } : {}),
              })
              .then(() => {
                onDone(kind === 'reminder' ? 'Reminder sent.' : `Invoice sent to ${email.trim()}.`);
                onClose();
              })
              .catch(() => undefined)
          }
        />
      </Stack>
    </Modal>
  );
};

/** A payment received by hand (cash, a transfer to another account, a cheque…). */
export const RecordPaymentDialog = ({ invoice, opened, onClose, onDone }: DialogProps) => {
  const [amount, setAmount] = useState<number>(invoice.balance);
  const [method, setMethod] = useState<string | null>('cash');
  const [reference, setReference] = useState('');
  const [id] = useState(deviceUuid);
  const log = useLogPayment(invoice._id);
  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={700}>Record a payment</Text>} centered>
      <Stack>
        <Text size="sm" c="dimmed">
          {formatMoney(invoice.balance)} is still owed.
        </Text>
        <NumberInput
          label="Amount (₦)"
          min={0}
          decimalScale={2}
          thousandSeparator=","
          value={amount}
          onChange={(v) => setAmount(Number(v) || 0)}
        />
        <Select
          label="How it was paid"
          data={methodChoices}
          value={method}
          onChange={setMethod}
          allowDeselect={false}
        />
        <TextInput
          label="Reference (optional)"
          value={reference}
          onChange={(e) => setReference(e.currentTarget.value)}
        />
        <DialogActions
          error={log.error}
          onCancel={onClose}
          loading={log.isPending}
          label="Record payment"
          onConfirm={() =>
            void log
              .mutateAsync({
                _id: id,
                method: method ?? 'cash',
                amount,
                ...(reference.trim() ? { reference: reference.trim() } : {}),
              })
              .then(() => {
                onDone(`${formatMoney(amount)} recorded.`);
                onClose();
              })
              .catch(() => undefined)
          }
        />
      </Stack>
    </Modal>
  );
};

/** A credit note: take all or part of the invoice back, with the reason the client will see. */
export const CreditNoteDialog = ({ invoice, opened, onClose, onDone }: DialogProps) => {
  const left = Math.round((invoice.total - invoice.amount_credited) * 100) / 100;
  const [amount, setAmount] = useState<number>(left);
  const [reason, setReason] = useState('');
  const [id] = useState(deviceUuid);
  const credit = useCreditNote(invoice._id);
  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={700}>Issue a credit note</Text>} centered>
      <Stack>
        <Text size="sm" c="dimmed">
          Up to {formatMoney(left)} can be credited. Money already paid above what is then owed is shown as
          due back to the client.
        </Text>
        <NumberInput
          label="Amount (₦)"
          min={0}
          decimalScale={2}
          thousandSeparator=","
          value={amount}
          onChange={(v) => setAmount(Number(v) || 0)}
        />
        <TextInput label="Reason" value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
        <DialogActions
          error={credit.error}
          onCancel={onClose}
          loading={credit.isPending}
          label="Issue credit note"
          onConfirm={() =>
            void credit
              .mutateAsync({ _id: id, amount, reason: reason.trim() })
              .then(() => {
                onDone('Credit note issued.');
                onClose();
              })
              .catch(() => undefined)
          }
        />
      </Stack>
    </Modal>
  );
};
