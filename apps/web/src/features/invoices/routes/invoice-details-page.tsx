import { useEffect, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  CopyButton,
  Group,
  Menu,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconChevronDown, IconDownload, IconSend } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  formatMoney,
  INVOICE_ORDER_STATUS_LABELS,
  INVOICE_ORDER_STATUSES,
  INVOICE_PAYMENT_METHOD_LABELS,
  MILESTONE_STATUS_LABELS,
  type InvoiceOrderStatus,
} from '@ms/contracts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { PageHeader } from '@/components/ui/page-header';
import { LoadError, Loading, NotAllowed, NotFound } from '@/components/ui/query-states';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/date-time';
import { paths } from '@/lib/route-paths';
import { hasPermission, useSession } from '@/lib/session-store';
import {
  downloadInvoicePdf,
  useDeleteInvoice,
  useInvoice,
  useOrderStatus,
  usePayInstructions,
  usePayMilestone,
  useUpdateInvoice,
} from '../api/invoices';
import { CreditNoteDialog, RecordPaymentDialog, SendDialog } from '../components/invoice-dialogs';
import { formatDay, InvoiceStatusBadge } from '../components/invoice-status';
import { MoneyFigures } from '../components/money-figures';

const Row = ({ label, value, strong }: { label: string; value: string; strong?: boolean }) => (
  <Group justify="space-between">
    <Text c={strong ? undefined : 'dimmed'} fw={strong ? 700 : undefined}>
      {label}
    </Text>
    <Text fw={strong ? 700 : undefined}>{value}</Text>
  </Group>
);

type Dialog = null | 'send' | 'resend' | 'reminder' | 'payment' | 'credit' | 'cancel' | 'delete';

/** /invoice-details?id=: one invoice, what was paid, and everything that can be done with it. */
const InvoiceDetailsPage = () => {
  const session = useSession();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const id = params.get('id') ?? '';
  const found = useInvoice(id);
  // From "Save and send": the send dialog opens at once.
  const [dialog, setDialog] = useState<Dialog>(params.get('send') === '1' ? 'send' : null);
  // Once: a reload or a way back does not open it again.
  useEffect(() => {
    if (params.get('send')) setParams({ id }, { replace: true });
  }, [params, setParams, id]);
  const [notice, setNotice] = useState<string | null>(null);
  const [showPay, setShowPay] = useState(false);
  const pay = usePayInstructions(id, showPay);
  const update = useUpdateInvoice(id);
  const remove = useDeleteInvoice(id);
  const milestone = usePayMilestone(id);
  const order = useOrderStatus(id);
  const [orderStatus, setOrderStatus] = useState<InvoiceOrderStatus | null>(null);
  const [orderNote, setOrderNote] = useState<string | null>(null);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const can = (key: string) => hasPermission(session, key);

  if (!can('invoices.view')) return <NotAllowed what="see invoices" />;
  const invoice = found.data;
  if (!invoice) {
    if (found.error instanceof ApiError && found.error.status === 404)
      return <NotFound title="Invoice not found">It may have been deleted.</NotFound>;
    if (found.isError)
      return <LoadError what="the invoice" error={found.error} onRetry={() => void found.refetch()} />;
    return <Loading label="Loading the invoice…" />;
  }

  const pending = !!invoice._pending;
  const open = invoice.status !== 'cancelled';
  const sent = invoice.sent_at !== null;
  const owed = invoice.balance > 0 && open;
  const noPayments = invoice.amount_paid === 0;
  const link = `${window.location.origin}${invoice.link}`;
  const actionError = update.error ?? remove.error ?? milestone.error ?? order.error;

  return (
    <Stack maw={960} mx="auto" gap="md">
      <PageHeader
        title={
          <Group gap="sm">
            <span>{invoice.number ? `Invoice ${invoice.number}` : 'New draft'}</span>
            <InvoiceStatusBadge status={invoice.status} pending={pending} />
          </Group>
        }
        description={`${invoice.client_name} · ${invoice.store_name}`}
        back={{ to: paths.Invoices, label: 'Invoices' }}
        actions={
          !pending && (
            <>
              {open && !sent && can('invoices.share') && (
                <Button leftSection={<IconSend size={16} />} onClick={() => setDialog('send')}>
                  Send
                </Button>
              )}
              {owed && sent && can('invoices.request_payment') && (
                <Button onClick={() => setDialog('reminder')}>Request payment</Button>
              )}
              {can('invoices.download') && (
                <Button
                  variant="default"
                  leftSection={<IconDownload size={16} />}
                  onClick={() => {
                    setDownloadError(null);
                    downloadInvoicePdf(invoice).catch((e: Error) => setDownloadError(e.message));
                  }}
                >
                  Download PDF
                </Button>
              )}
              <Menu position="bottom-end">
                <Menu.Target>
                  <Button variant="default" rightSection={<IconChevronDown size={16} />}>
                    More
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  {open && sent && can('invoices.resend') && (
                    <Menu.Item onClick={() => setDialog('resend')}>Send again</Menu.Item>
                  )}
                  {owed && can('invoices.edit') && (
                    <Menu.Item onClick={() => setDialog('payment')}>Record a payment</Menu.Item>
                  )}
                  {open && noPayments && invoice.amount_credited === 0 && can('invoices.edit') && (
                    <Menu.Item component={Link} to={`${paths.AddInvoice}?id=${invoice._id}`}>
                      Edit
                    </Menu.Item>
                  )}
                  {can('invoices.duplicate') && can('invoices.create') && (
                    <Menu.Item component={Link} to={`${paths.AddInvoice}?duplicate=${invoice._id}`}>
                      Duplicate
                    </Menu.Item>
                  )}
                  {open && sent && can('invoices.edit') && (
                    <Menu.Item onClick={() => setDialog('credit')}>Issue a credit note</Menu.Item>
                  )}
                  {open && noPayments && can('invoices.edit') && (
                    <Menu.Item color="red" onClick={() => setDialog('cancel')}>
                      Cancel the invoice
                    </Menu.Item>
                  )}
                  {noPayments && can('invoices.delete') && (
                    <Menu.Item color="red" onClick={() => setDialog('delete')}>
                      Delete
                    </Menu.Item>
                  )}
                </Menu.Dropdown>
              </Menu>
            </>
          )
        }
      />
      {pending && (
        <Alert color="orange" title="Saved on this device">
          This draft uploads when the device is online; it gets its number then. You can send it after that.
        </Alert>
      )}
      {found.fromDevice && !pending && (
        <Alert color="yellow">You are offline: this is the invoice as last downloaded to this device.</Alert>
      )}
      {notice && (
        <Alert color="green" withCloseButton onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      )}
      {(actionError || downloadError) && <Alert color="red">{actionError?.message ?? downloadError}</Alert>}
      {invoice.refund_due > 0 && (
        <Alert color="orange" title="Money to give back">
          The client paid {formatMoney(invoice.refund_due)} more than this invoice now asks for. The money is
          in your account; refund it to the client.
        </Alert>
      )}

      <MoneyFigures
        figures={[
          { label: 'Total', value: invoice.total, testId: 'invoice-total' },
          { label: 'Paid', value: invoice.amount_paid, testId: 'invoice-paid' },
          {
            label: 'Balance due',
            value: invoice.balance,
            testId: 'invoice-balance',
            alert: invoice.status === 'overdue',
          },
        ]}
      />

      <Card withBorder>
        <Stack gap="xs">
          <Group gap="xl">
            <Text size="sm">
              <Text span c="dimmed">
                Issued{' '}
              </Text>
              {formatDay(invoice.issue_date)}
            </Text>
            <Text size="sm">
              <Text span c="dimmed">
                Due{' '}
              </Text>
              {formatDay(invoice.due_date)}
            </Text>
            {invoice.client_email && (
              <Text size="sm">
                <Text span c="dimmed">
                  E-mail{' '}
                </Text>
                {invoice.client_email}
              </Text>
            )}
          </Group>
          <Table.ScrollContainer minWidth={340}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Item</Table.Th>
                  <Table.Th ta="right">Qty</Table.Th>
                  <Table.Th ta="right">Price</Table.Th>
                  <Table.Th ta="right">Total</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {invoice.items.map((l) => (
                  <Table.Tr key={l._id}>
                    <Table.Td>{l.name}</Table.Td>
                    <Table.Td ta="right">{l.quantity}</Table.Td>
                    <Table.Td ta="right">{formatMoney(l.price)}</Table.Td>
                    <Table.Td ta="right">{formatMoney(l.total)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Stack gap={2} maw={360} ml="auto" w="100%">
            <Row label="Subtotal" value={formatMoney(invoice.subtotal)} />
            {invoice.discount_total > 0 && (
              <Row label="Discounts" value={`-${formatMoney(invoice.discount_total)}`} />
            )}
            {invoice.taxes.map((t) => (
              <Row key={t.name} label={`${t.name} (${t.rate}%)`} value={formatMoney(t.amount)} />
            ))}
            <Row label="Total" value={formatMoney(invoice.total)} strong />
            {invoice.amount_credited > 0 && (
              <Row label="Credited" value={`-${formatMoney(invoice.amount_credited)}`} />
            )}
            {invoice.amount_paid > 0 && <Row label="Paid" value={`-${formatMoney(invoice.amount_paid)}`} />}
            <Row label="Balance due" value={formatMoney(invoice.balance)} strong />
          </Stack>
          {invoice.notes && (
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
              {invoice.notes}
            </Text>
          )}
        </Stack>
      </Card>

      {invoice.milestones.length > 0 && (
        <Card withBorder>
          <Stack gap="xs">
            <Text fw={600}>Milestones</Text>
            {invoice.milestones.map((m) => (
              <Group key={m._id} justify="space-between" wrap="wrap" gap="xs" data-testid="milestone-row">
                <div>
                  <Text>{m.name}</Text>
                  <Text size="xs" c="dimmed">
                    Due {formatDay(m.due_date)}
                  </Text>
                </div>
                <Group gap="xs" wrap="nowrap">
                  <Text>{formatMoney(m.amount_due)}</Text>
                  <Badge
                    variant="light"
                    color={
                      m.status === 'paid'
                        ? 'green'
                        : m.status === 'overdue'
                          ? 'red'
                          : m.status === 'credited'
                            ? 'gray'
                            : 'blue'
                    }
                  >
                    {MILESTONE_STATUS_LABELS[m.status]}
                  </Badge>
                  {!pending &&
                    open &&
                    (m.status === 'pending' || m.status === 'overdue') &&
                    can('invoices.edit') && (
                      <Button
                        size="xs"
                        variant="light"
                        loading={milestone.isPending}
                        onClick={() =>
                          void milestone
                            .mutateAsync({ milestoneId: m._id, method: 'cash' })
                            .then(() => setNotice(`${m.name} marked paid.`))
                            .catch(() => undefined)
                        }
                      >
                        Mark paid
                      </Button>
                    )}
                </Group>
              </Group>
            ))}
          </Stack>
        </Card>
      )}

      {!pending && owed && (
        <Card withBorder>
          <Stack gap="xs">
            <Group justify="space-between">
              <div>
                <Text fw={600}>Paid by transfer</Text>
                <Text size="sm" c="dimmed">
                  The invoice has its own account number: a transfer to it shows here by itself.
                </Text>
              </div>
              {!showPay && (
                <Button variant="light" onClick={() => setShowPay(true)}>
                  Show account
                </Button>
              )}
            </Group>
            {showPay && pay.isLoading && <Text size="sm">Getting the account…</Text>}
            {showPay && pay.error && <Alert color="red">{pay.error.message}</Alert>}
            {pay.data && (
              <Stack gap={2} data-testid="invoice-pay-account">
                <Row label="Bank" value={pay.data.bank_name} />
                <Row label="Account number" value={pay.data.account_number} strong />
                <Row label="Account name" value={pay.data.account_name} />
                <Row label="Amount" value={formatMoney(pay.data.amount)} />
              </Stack>
            )}
            {can('invoices.share') && (
              <Group gap="xs">
                <TextInput readOnly value={link} aria-label="Invoice link" style={{ flex: 1 }} />
                <CopyButton value={link}>
                  {({ copied, copy }) => (
                    <Button variant="default" onClick={copy}>
                      {copied ? 'Copied' : 'Copy link'}
                    </Button>
                  )}
                </CopyButton>
              </Group>
            )}
          </Stack>
        </Card>
      )}

      {invoice.payments.length > 0 && (
        <Card withBorder>
          <Stack gap="xs">
            <Text fw={600}>Payments received</Text>
            {invoice.payments.map((p) => (
              <Group key={p._id} justify="space-between" wrap="nowrap" data-testid="invoice-payment">
                <div>
                  <Text size="sm">
                    {INVOICE_PAYMENT_METHOD_LABELS[p.method]}
                    {p.payer_name ? ` from ${p.payer_name}` : ''}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(p.paid_at)}
                    {p.reference ? ` · ${p.reference}` : ''}
                    {p.recorded_by_name ? ` · recorded by ${p.recorded_by_name}` : ''}
                  </Text>
                </div>
                <Text fw={600}>{formatMoney(p.amount)}</Text>
              </Group>
            ))}
          </Stack>
        </Card>
      )}

      {invoice.credit_notes.length > 0 && (
        <Card withBorder>
          <Stack gap="xs">
            <Text fw={600}>Credit notes</Text>
            {invoice.credit_notes.map((c) => (
              <Group key={c._id} justify="space-between" wrap="nowrap">
                <div>
                  <Text size="sm">
                    {c.number} · {c.reason}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(c.created_at)}
                  </Text>
                </div>
                <Text fw={600}>-{formatMoney(c.amount)}</Text>
              </Group>
            ))}
          </Stack>
        </Card>
      )}

      {!pending && open && (
        <Card withBorder>
          <Stack gap="xs">
            <Text fw={600}>Fulfilment</Text>
            <Group align="flex-end" gap="xs" wrap="wrap">
              <Select
                label="Order status"
                data={INVOICE_ORDER_STATUSES.map((s) => ({
                  value: s,
                  label: INVOICE_ORDER_STATUS_LABELS[s],
                  disabled:
                    INVOICE_ORDER_STATUSES.indexOf(s) < INVOICE_ORDER_STATUSES.indexOf(invoice.order_status),
                }))}
                value={orderStatus ?? invoice.order_status}
                onChange={(v) => setOrderStatus(v as InvoiceOrderStatus)}
                allowDeselect={false}
                disabled={!can('invoices.edit')}
              />
              <TextInput
                label="Note"
                value={orderNote ?? invoice.order_note ?? ''}
                onChange={(e) => setOrderNote(e.currentTarget.value)}
                style={{ flex: 1, minWidth: 180 }}
                disabled={!can('invoices.edit')}
              />
              {can('invoices.edit') && (
                <Button
                  variant="light"
                  loading={order.isPending}
                  disabled={orderStatus === null && orderNote === null}
                  onClick={() =>
                    void order
                      .mutateAsync({
                        order_status: orderStatus ?? invoice.order_status,
                        order_note: (orderNote ?? invoice.order_note ?? '').trim() || null,
                      })
                      .then(() => {
                        setOrderStatus(null);
                        setOrderNote(null);
                        setNotice('Fulfilment saved.');
                      })
                      .catch(() => undefined)
                  }
                >
                  Save
                </Button>
              )}
            </Group>
          </Stack>
        </Card>
      )}

      {(dialog === 'send' || dialog === 'resend' || dialog === 'reminder') && (
        <SendDialog
          invoice={invoice}
          kind={dialog}
          opened
          onClose={() => setDialog(null)}
          onDone={setNotice}
        />
      )}
      {dialog === 'payment' && (
        <RecordPaymentDialog invoice={invoice} opened onClose={() => setDialog(null)} onDone={setNotice} />
      )}
      {dialog === 'credit' && (
        <CreditNoteDialog invoice={invoice} opened onClose={() => setDialog(null)} onDone={setNotice} />
      )}
      <ConfirmDialog
        opened={dialog === 'cancel'}
        title="Cancel this invoice?"
        message="The client's link will show it as cancelled, and no reminders go."
        confirmLabel="Cancel invoice"
        cancelLabel="Keep it"
        color="red"
        loading={update.isPending}
        onConfirm={() =>
          void update
            .mutateAsync({ cancelled: true })
            .then(() => setNotice('Invoice cancelled.'))
            .finally(() => setDialog(null))
        }
        onCancel={() => setDialog(null)}
      />
      <ConfirmDialog
        opened={dialog === 'delete'}
        title="Delete this invoice?"
        message="It leaves your list and its link stops working. Its number is not given again."
        confirmLabel="Delete"
        color="red"
        loading={remove.isPending}
        onConfirm={() =>
          void remove
            .mutateAsync()
            .then(() => navigate(paths.Invoices))
            .catch(() => setDialog(null))
        }
        onCancel={() => setDialog(null)}
      />
    </Stack>
  );
};

export default InvoiceDetailsPage;
