import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  ScrollArea,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFileInvoice, IconPlus, IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatMoney, INVOICE_STATUS_LABELS, INVOICE_STATUSES, type InvoiceStatus } from '@ms/contracts';
import { PageHeader } from '@/components/ui/page-header';
import { Empty, LoadError, NotAllowed } from '@/components/ui/query-states';
import { Pager, pageCount } from '@/components/ui/pager';
import { invoiceDetailsPath, paths } from '@/lib/route-paths';
import { hasPermission, useSession } from '@/lib/session-store';
import { useInvoiceList, type LocalInvoice } from '../api/invoices';
import { formatDay, InvoiceStatusBadge } from '../components/invoice-status';
import { MoneyFigures } from '../components/money-figures';

const PAGE_SIZE = 20;
type Tab = InvoiceStatus | 'all';

const InvoiceRow = ({ invoice }: { invoice: LocalInvoice }) => (
  <UnstyledButton
    component={Link}
    to={invoiceDetailsPath(invoice._id)}
    p="sm"
    style={{ borderBottom: '1px solid var(--mantine-color-gray-2)', display: 'block' }}
    aria-label={`Invoice ${invoice.number ?? 'draft'} for ${invoice.client_name}`}
  >
    <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
          {invoice.number ?? 'New draft'}
        </Text>
        <Text size="sm" truncate>
          {invoice.client_name}
        </Text>
        <Text size="xs" c="dimmed">
          Due {formatDay(invoice.due_date)}
        </Text>
      </Stack>
      <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
        <Text fw={600}>{formatMoney(invoice.total)}</Text>
        <InvoiceStatusBadge status={invoice.status} pending={invoice._pending} />
        {invoice.balance > 0 && invoice.status !== 'draft' && invoice.status !== 'cancelled' && (
          <Text size="xs" c={invoice.status === 'overdue' ? 'red' : 'dimmed'}>
            {formatMoney(invoice.balance)} to pay
          </Text>
        )}
      </Stack>
    </Group>
  </UnstyledButton>
);

/** /invoices: every invoice, by status, with what is invoiced and still owed. */
const InvoicesPage = () => {
  const session = useSession();
  const [tab, setTab] = useState<Tab>('all');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
  const list = useInvoiceList({
    page,
    limit: PAGE_SIZE,
    status: tab === 'all' ? null : tab,
    search: debounced,
  });
  if (!hasPermission(session, 'invoices.view')) return <NotAllowed what="see invoices" />;

  const sums = list.data?.sums ?? [];
  const count = (s: InvoiceStatus) => sums.find((x) => x.status === s)?.count ?? 0;
  const all = sums.reduce((a, s) => a + s.count, 0);
  const live = sums.filter((s) => s.status !== 'cancelled' && s.status !== 'draft');
  const invoiced = live.reduce((a, s) => a + s.total, 0);
  const owed = live.reduce((a, s) => a + s.balance, 0);
  const overdue = sums.find((s) => s.status === 'overdue')?.balance ?? 0;
  const items = [...list.pending, ...(list.data?.items ?? [])];

  return (
    <Stack maw={960} mx="auto" gap="md">
      <PageHeader
        title="Invoices"
        description="Bill your clients, follow what they owe, and get paid by transfer."
        actions={
          hasPermission(session, 'invoices.create') && (
            <Button component={Link} to={paths.AddInvoice} leftSection={<IconPlus size={16} />}>
              New invoice
            </Button>
          )
        }
      />
      {list.offline && (
        <Alert color="yellow" title="You are offline">
          These are the invoices kept on this device. New drafts upload when you are back online.
        </Alert>
      )}
      {!list.offline && (
        <MoneyFigures
          figures={[
            { label: 'Invoiced', value: invoiced, testId: 'invoices-invoiced' },
            { label: 'Still owed', value: owed, testId: 'invoices-owed' },
            { label: 'Overdue', value: overdue, testId: 'invoices-overdue', alert: overdue > 0 },
          ]}
        />
      )}
      <ScrollArea type="never">
        <SegmentedControl
          aria-label="Invoice status"
          value={tab}
          onChange={(v) => {
            setTab(v as Tab);
            setPage(1);
          }}
          data={[
            { value: 'all', label: `All${list.offline ? '' : ` (${all})`}` },
            ...INVOICE_STATUSES.map((s) => ({
              value: s,
              label: `${INVOICE_STATUS_LABELS[s]}${list.offline ? '' : ` (${count(s)})`}`,
            })),
          ]}
        />
      </ScrollArea>
      <TextInput
        aria-label="Search invoices"
        placeholder="Search by number, client or phone"
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
      />
      {list.isError && !list.data ? (
        <LoadError what="invoices" error={list.error} onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <Stack>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={72} />
          ))}
        </Stack>
      ) : items.length === 0 ? (
        <Empty
          icon={<IconFileInvoice size={32} />}
          title={debounced || tab !== 'all' ? 'No invoices match' : 'No invoices yet'}
        >
          {debounced || tab !== 'all'
            ? 'Try another status or search.'
            : 'Make your first invoice: your client gets a link to see it and pay by transfer.'}
        </Empty>
      ) : (
        <Card withBorder p={0}>
          {items.map((i) => (
            <InvoiceRow key={i._id} invoice={i} />
          ))}
        </Card>
      )}
      <Pager pages={pageCount(list.data?.total ?? 0, PAGE_SIZE)} page={page} onChange={setPage} />
      {list.pending.length > 0 && (
        <Badge color="orange" variant="light" w="fit-content">
          {list.pending.length} drafted on this device, waiting to upload
        </Badge>
      )}
    </Stack>
  );
};

export default InvoicesPage;
