import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import {
  Alert,
  Badge,
  Box,
  Button,
  Container,
  CopyButton,
  Divider,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBuildingBank, IconCheck, IconCircleCheck, IconCopy, IconDownload } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import {
  formatMoney,
  MILESTONE_STATUS_LABELS,
  type InvoicePayInstructions,
  type MilestoneStatus,
  type PublicInvoice,
} from '@ms/contracts';
import { LoadError, Loading } from '@/components/ui/query-states';
import { ApiError } from '@/lib/api-client';
import { formatDay, InvoiceStatusBadge } from '../components/invoice-status';
import {
  isGone,
  isOwed,
  publicInvoicePdfUrl,
  roundNaira,
  suggestedAmount,
  usePayerSandbox,
  usePayInstructions,
  usePublicInvoice,
  useTestTransfer,
} from './public-invoice-api';

/**
 * /view-invoice?token=… (spec 000 §2.1, no login): the page a business's client opens from the
 * invoice's e-mail, often on a cheap phone on a slow network. The invoice, its balance, and how to pay
 * it by bank transfer into the invoice's own account; the payment shows here by itself when the bank
 * tells the server (the page asks every 5 s while the client is paying). Nothing else of the business.
 */

const GONE_MESSAGE = 'This invoice is no longer available.';

const MILESTONE_COLORS: Record<MilestoneStatus, string> = {
  pending: 'blue',
  overdue: 'red',
  paid: 'green',
  credited: 'gray',
};

const Frame = ({ children }: { children: ReactNode }) => (
  <Box bg="gray.1" mih="100dvh" py={{ base: 'xs', sm: 'xl' }}>
    <Container size={760} px={{ base: 'xs', sm: 'md' }}>
      <Stack gap="sm">{children}</Stack>
    </Container>
  </Box>
);

const Label = ({ children }: { children: ReactNode }) => (
  <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.5}>
    {children}
  </Text>
);

const TotalRow = ({ label, value, strong }: { label: string; value: string; strong?: boolean }) => (
  <Group justify="space-between" wrap="nowrap" gap="md">
    <Text size="sm" c={strong ? undefined : 'dimmed'} fw={strong ? 700 : undefined}>
      {label}
    </Text>
    <Text size="sm" fw={strong ? 700 : 500} style={{ whiteSpace: 'nowrap' }}>
      {value}
    </Text>
  </Group>
);

/** The lines: a table on a wide screen, a stacked list on a phone (no sideways scrolling). */
const Lines = ({ items, wide }: { items: PublicInvoice['items']; wide: boolean }) =>
  wide ? (
    <Table verticalSpacing="sm" horizontalSpacing="sm" data-testid="invoice-lines">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Item</Table.Th>
          <Table.Th ta="right">Qty</Table.Th>
          <Table.Th ta="right">Unit price</Table.Th>
          <Table.Th ta="right">Amount</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((l, n) => (
          <Table.Tr key={n}>
            <Table.Td>{l.name}</Table.Td>
            <Table.Td ta="right">{l.quantity}</Table.Td>
            <Table.Td ta="right">{formatMoney(l.price)}</Table.Td>
            <Table.Td ta="right" fw={500}>
              {formatMoney(l.total)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  ) : (
    <Stack gap={0} data-testid="invoice-lines">
      {items.map((l, n) => (
        <Box key={n} py="xs" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
            <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
              {l.name}
            </Text>
            <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
              {formatMoney(l.total)}
            </Text>
          </Group>
          <Text size="sm" c="dimmed">
            {l.quantity} × {formatMoney(l.price)}
          </Text>
        </Box>
      ))}
    </Stack>
  );

const Milestones = ({ milestones }: { milestones: PublicInvoice['milestones'] }) => (
  <Stack gap="xs">
    <Title order={2} size="h5">
      Payment schedule
    </Title>
    {milestones.map((m, n) => (
      <Group
        key={n}
        justify="space-between"
        align="flex-start"
        wrap="nowrap"
        gap="sm"
        data-testid="public-milestone"
      >
        <Box style={{ minWidth: 0 }}>
          <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
            {m.name}
          </Text>
          <Text size="sm" c="dimmed">
            Due {formatDay(m.due_date)}
          </Text>
        </Box>
        <Stack gap={2} align="flex-end">
          <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
            {formatMoney(m.amount_due)}
          </Text>
          <Badge variant="light" color={MILESTONE_COLORS[m.status]}>
            {MILESTONE_STATUS_LABELS[m.status]}
          </Badge>
          {m.amount_paid > 0 && m.status !== 'paid' && (
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {formatMoney(m.amount_paid)} paid
            </Text>
          )}
        </Stack>
      </Group>
    ))}
  </Stack>
);

/** The invoice as a document: who, what, how much, by when. */
const InvoiceDocument = ({ invoice, wide }: { invoice: PublicInvoice; wide: boolean }) => {
  const owed = isOwed(invoice);
  const overdue = invoice.status === 'overdue';
  return (
    <Paper withBorder shadow="xs" radius="md" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <Box>
          <Title order={1} fz={{ base: 24, sm: 30 }} style={{ overflowWrap: 'anywhere' }}>
            {invoice.business_name}
          </Title>
          {invoice.store_name && invoice.store_name !== invoice.business_name && (
            <Text c="dimmed" size="sm">
              {invoice.store_name}
            </Text>
          )}
        </Box>
        <Divider />
        <Group justify="space-between" align="center" gap="xs">
          <Title order={2} size="h3">
            Invoice {invoice.number}
          </Title>
          <InvoiceStatusBadge status={invoice.status} />
        </Group>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
          <Box style={{ minWidth: 0 }}>
            <Label>Bill to</Label>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {invoice.client_name}
            </Text>
          </Box>
          <Stack gap={4} align="flex-end">
            <Box ta="right">
              <Label>Issued</Label>
              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                {formatDay(invoice.issue_date)}
              </Text>
            </Box>
            <Box ta="right">
              <Label>Due</Label>
              <Text size="sm" fw={600} c={overdue ? 'red.9' : undefined} style={{ whiteSpace: 'nowrap' }}>
                {formatDay(invoice.due_date)}
              </Text>
            </Box>
          </Stack>
        </Group>

        <Lines items={invoice.items} wide={wide} />

        <Stack gap={4} w="100%" maw={wide ? 340 : undefined} ml="auto">
          <TotalRow label="Subtotal" value={formatMoney(invoice.subtotal)} />
          {invoice.discount_total > 0 && (
            <TotalRow label="Discount" value={`−${formatMoney(invoice.discount_total)}`} />
          )}
          {invoice.taxes.map((t) => (
            <TotalRow key={t.name} label={`${t.name} (${t.rate}%)`} value={formatMoney(t.amount)} />
          ))}
          <TotalRow label="Total" value={formatMoney(invoice.total)} strong />
          {invoice.amount_paid > 0 && (
            <TotalRow label="Paid" value={`−${formatMoney(invoice.amount_paid)}`} />
          )}
          {invoice.amount_credited > 0 && (
            <TotalRow label="Credited" value={`−${formatMoney(invoice.amount_credited)}`} />
          )}
        </Stack>

        <Paper
          radius="md"
          p="md"
          bg={!owed ? 'gray.0' : overdue ? 'red.0' : 'teal.0'}
          data-testid="balance-due-box"
        >
          <Group justify="space-between" align="center" wrap="wrap" gap="xs">
            <Box>
              <Text fw={700}>Balance due</Text>
              {owed && (
                <Text size="sm" c={overdue ? 'red.9' : 'dimmed'}>
                  {overdue ? 'Was due' : 'Due'} {formatDay(invoice.due_date)}
                </Text>
              )}
            </Box>
            <Text
              fz={{ base: 26, sm: 30 }}
              fw={800}
              c={overdue ? 'red.9' : undefined}
              data-testid="public-balance"
              style={{ whiteSpace: 'nowrap' }}
            >
              {formatMoney(invoice.balance)}
            </Text>
          </Group>
        </Paper>

        {invoice.milestones.length > 0 && <Milestones milestones={invoice.milestones} />}

        {invoice.notes && (
          <Box>
            <Label>Notes</Label>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {invoice.notes}
            </Text>
          </Box>
        )}
      </Stack>
    </Paper>
  );
};

/** Sandbox only: the payer's bank, to see a payment land (the end-to-end test pays this way). */
const TestBank = ({
  token,
  accountNumber,
  invoice,
}: {
  token: string;
  accountNumber: string;
  invoice: PublicInvoice;
}) => {
  const transfer = useTestTransfer(token);
  const [payer, setPayer] = useState('');
  // null: the suggested amount, which moves on as milestones are paid. A plain text box (not
  // NumberInput): the page stays light for the clients, who never see this box.
  const [typed, setTyped] = useState<string | null>(null);
  const text = typed ?? String(suggestedAmount(invoice));
  const amount = Number(text.replace(/[,\s₦]/g, ''));
  const valid = Number.isFinite(amount) && amount > 0;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!valid) return;
    transfer.mutate(
      { account_number: accountNumber, amount, ...(payer.trim() ? { payer_name: payer.trim() } : {}) },
      { onSuccess: () => setTyped(null) },
    );
  };
  const outcome = transfer.data?.outcome;
  return (
    <Paper
      component="form"
      onSubmit={submit}
      withBorder
      radius="md"
      p="md"
      bg="yellow.0"
      style={{ borderStyle: 'dashed', borderColor: 'var(--mantine-color-yellow-6)' }}
      aria-label="Test bank (sandbox)"
    >
      <Stack gap="xs">
        <Box>
          <Text fw={700}>Test bank (sandbox)</Text>
          <Text size="sm" c="dimmed">
            No real money moves: a transfer to the account above arrives as the bank would send it.
          </Text>
        </Box>
        <TextInput
          label="Payer name"
          placeholder="e.g. Amaka Obi"
          value={payer}
          onChange={(e) => setPayer(e.currentTarget.value)}
          maxLength={80}
        />
        <TextInput
          label="Amount"
          leftSection="₦"
          inputMode="decimal"
          value={text}
          onChange={(e) => setTyped(e.currentTarget.value)}
          error={valid ? undefined : 'Enter an amount'}
        />
        <Button type="submit" color="yellow.9" loading={transfer.isPending} disabled={!valid}>
          Send test transfer
        </Button>
        {outcome === 'applied' && (
          <Alert color="green" p="xs">
            The test transfer landed. This page updates by itself.
          </Alert>
        )}
        {outcome === 'sent' && (
          <Alert color="blue" p="xs">
            On its way: the bank has not delivered it yet. This page updates when it lands.
          </Alert>
        )}
        {outcome && outcome !== 'applied' && outcome !== 'sent' && (
          <Alert color="orange" p="xs">
            The bank&apos;s message was answered &ldquo;{outcome}&rdquo;: nothing was paid.
          </Alert>
        )}
        {transfer.isError && (
          <Alert color="red" p="xs">
            {transfer.error.message}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
};

const AccountDetails = ({ pay, invoice }: { pay: InvoicePayInstructions; invoice: PublicInvoice }) => {
  const part = suggestedAmount(invoice);
  const next = invoice.milestones.find((m) => m.status === 'pending' || m.status === 'overdue');
  return (
    <Paper withBorder radius="md" p="md" data-testid="pay-account">
      <Stack gap="sm">
        <Box>
          <Label>Bank</Label>
          <Text fw={600}>{pay.bank_name}</Text>
        </Box>
        <Box>
          <Label>Account number</Label>
          <Group gap="sm" wrap="wrap" align="center">
            <Text fz={{ base: 28, sm: 32 }} fw={800} ff="monospace" lts={1} data-testid="pay-account-number">
              {pay.account_number}
            </Text>
            <CopyButton value={pay.account_number} timeout={2000}>
              {({ copied, copy }) => (
                <Button
                  size="xs"
                  variant={copied ? 'filled' : 'light'}
                  color={copied ? 'green' : undefined}
                  leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                  onClick={copy}
                  aria-label={copied ? 'Account number copied' : 'Copy account number'}
                >
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
          </Group>
        </Box>
        <Box>
          <Label>Account name</Label>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {pay.account_name}
          </Text>
        </Box>
        <Group gap="xl" align="flex-start">
          <Box>
            <Label>Amount</Label>
            <Text fw={700} size="lg">
              {formatMoney(pay.amount)}
            </Text>
          </Box>
          <Box>
            <Label>Reference</Label>
            <Text fw={600}>{pay.reference}</Text>
          </Box>
        </Group>
        {next && part < pay.amount && (
          <Text size="sm" c="dimmed">
            Paying in parts? Send {formatMoney(part)} now for &ldquo;{next.name}&rdquo;, due{' '}
            {formatDay(next.due_date)}.
          </Text>
        )}
      </Stack>
    </Paper>
  );
};

/** "Pay by bank transfer": the invoice's own account, and (sandbox) the test bank under it. */
const PayByTransfer = ({ token, invoice }: { token: string; invoice: PublicInvoice }) => {
  const pay = usePayInstructions(token, invoice.balance, true);
  const sandbox = usePayerSandbox(true);
  const [claimed, setClaimed] = useState(false);
  if (pay.isPending) return <Loading label="Getting the account to pay into…" />;
  if (!pay.data) {
    const error = pay.error;
    if (error instanceof ApiError && error.status === 409)
      return (
        <Alert color="blue" data-testid="pay-refused">
          {error.message}
        </Alert>
      );
    return (
      <LoadError
        what="the account to pay into"
        error={error ?? { message: 'Please try again.' }}
        onRetry={() => void pay.refetch()}
      />
    );
  }
  return (
    <Stack gap="sm">
      <Text size="sm">
        Send the amount from any bank app or USSD to this account: it is for this invoice only.
      </Text>
      <AccountDetails pay={pay.data} invoice={invoice} />
      <Text size="sm" c="dimmed">
        Your payment shows on this page by itself as soon as the bank tells us, usually within a minute. You
        can keep this page open.
      </Text>
      {claimed ? (
        <Group gap="xs" wrap="nowrap" data-testid="waiting-for-bank">
          <Loader size="xs" />
          <Text size="sm">Waiting for the bank to confirm your payment…</Text>
        </Group>
      ) : (
        <Button variant="light" onClick={() => setClaimed(true)}>
          I have paid
        </Button>
      )}
      {sandbox.data === true && (
        <TestBank token={token} accountNumber={pay.data.account_number} invoice={invoice} />
      )}
    </Stack>
  );
};

const PaySection = ({
  token,
  invoice,
  paidHere,
  open,
  onOpen,
}: {
  token: string;
  invoice: PublicInvoice;
  /** Paid while this page was open. */
  paidHere: number;
  open: boolean;
  onOpen: () => void;
}) => {
  if (invoice.status === 'cancelled')
    return (
      <Alert color="gray" title="This invoice was cancelled">
        Nothing is owed on it.
      </Alert>
    );
  if (!isOwed(invoice))
    return (
      <Alert
        color="green"
        variant="light"
        icon={<IconCircleCheck />}
        title="Payment received — thank you"
        data-testid="paid-notice"
      >
        This invoice is paid in full.
      </Alert>
    );
  return (
    <Paper withBorder shadow="xs" radius="md" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="sm">
        {paidHere > 0 && (
          <Alert color="green" icon={<IconCircleCheck />} title="Payment received — thank you">
            We received {formatMoney(paidHere)}. {formatMoney(invoice.balance)} is still due.
          </Alert>
        )}
        {open ? (
          <>
            <Title order={2} size="h4">
              Pay by bank transfer
            </Title>
            <PayByTransfer token={token} invoice={invoice} />
          </>
        ) : (
          <Button size="lg" fullWidth leftSection={<IconBuildingBank size={20} />} onClick={onOpen}>
            Pay by bank transfer
          </Button>
        )}
      </Stack>
    </Paper>
  );
};

const ViewInvoicePage = () => {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [payOpen, setPayOpen] = useState(false);
  const found = usePublicInvoice(token, payOpen);
  const wide = useMediaQuery('(min-width: 48em)', false, { getInitialValueInEffect: false });
  const invoice = found.data;
  const gone = !token || isGone(found.error);
  // What was paid when the page opened: a payment landing while it is open is thanked for.
  const [paidAtOpen, setPaidAtOpen] = useState<number | null>(null);
  if (invoice && paidAtOpen === null) setPaidAtOpen(invoice.amount_paid);

  useEffect(() => {
    const before = document.title;
    return () => {
      document.title = before;
    };
  }, []);
  const title = invoice
    ? `Invoice ${invoice.number} from ${invoice.business_name}`
    : gone
      ? 'Invoice not available'
      : null;
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);

  if (gone && !invoice)
    return (
      <Frame>
        <Paper withBorder radius="md" p="xl" mt="xl" ta="center">
          <Text fw={600} size="lg">
            {GONE_MESSAGE}
          </Text>
        </Paper>
      </Frame>
    );
  if (!invoice)
    return (
      <Frame>
        {found.isError ? (
          <LoadError what="the invoice" error={found.error} onRetry={() => void found.refetch()} />
        ) : (
          <Paper withBorder radius="md" p="xl">
            <Loading label="Loading the invoice…" />
          </Paper>
        )}
      </Frame>
    );

  return (
    <Frame>
      <InvoiceDocument invoice={invoice} wide={wide} />
      <PaySection
        token={token}
        invoice={invoice}
        paidHere={roundNaira(invoice.amount_paid - (paidAtOpen ?? invoice.amount_paid))}
        open={payOpen}
        onOpen={() => setPayOpen(true)}
      />
      <Group justify="space-between" align="center" gap="xs" px={4} pb="md">
        <Button
          component="a"
          href={publicInvoicePdfUrl(token)}
          download
          variant="default"
          leftSection={<IconDownload size={16} />}
        >
          Download PDF
        </Button>
        <Text size="xs" c="dimmed">
          Questions about this invoice? Contact {invoice.business_name}.
        </Text>
      </Group>
    </Frame>
  );
};

export default ViewInvoicePage;
