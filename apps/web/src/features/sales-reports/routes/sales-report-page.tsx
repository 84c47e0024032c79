import { useState, type ReactNode } from 'react';
import {
  Alert,
  Button,
  Center,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import { IconChartBar, IconDownload } from '@tabler/icons-react';
import {
  formatMoney,
  type CustomerSalesRow,
  type EmployeeSalesRow,
  type ProductSalesRow,
} from '@ms/contracts';
import { PageHeader } from '@/components/ui/page-header';
import { useSession } from '@/lib/session-store';
import { useMyStores } from '@/features/stores';
import { RANGE_PRESETS, rangeFor, type RangePreset } from '@/features/sales-history/lib/ranges';
import {
  downloadReportCsv,
  reportPaths,
  useCustomerReport,
  useEmployeeReport,
  useEmployeeSummary,
  useProductReport,
  type ReportFilters,
} from '../api/reports';
import { ReportBarChart } from '../components/report-bar-chart';
import { ReportTable, type Column } from '../components/report-table';
import { csvFileName } from '../lib/sort';

type Tab = 'product' | 'employee' | 'customer' | 'summary';

const Loading = () => (
  <Stack gap="xs">
    {[1, 2, 3].map((i) => (
      <Skeleton key={i} h={48} radius="md" />
    ))}
  </Stack>
);

const LoadError = ({ message, retry }: { message: string; retry: () => void }) => (
  <Alert color="red" title="Could not load this report">
    <Stack gap="xs" align="flex-start">
      <Text size="sm">{message}</Text>
      <Button size="xs" variant="white" color="red" onClick={retry}>
        Try again
      </Button>
    </Stack>
  </Alert>
);

const Empty = ({ children }: { children: ReactNode }) => (
  <Center py="xl">
    <Stack align="center" gap="xs" ta="center" maw={420}>
      <IconChartBar size={44} color="var(--mantine-color-gray-5)" aria-hidden />
      {children}
    </Stack>
  </Center>
);

const NoSales = () => (
  <Empty>
    <Text fw={600}>No sales in these days</Text>
    <Text size="sm" c="dimmed">
      Pick a longer date range or another store. Sales made at the point of sale show up here.
    </Text>
  </Empty>
);

const Stat = ({ label, value, testId }: { label: string; value: string; testId: string }) => (
  <Paper withBorder radius="md" p="sm">
    <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
      {label}
    </Text>
    <Text fw={700} size="lg" data-testid={testId}>
      {value}
    </Text>
  </Paper>
);

/** "Export CSV": the server's CSV of the report for the same days and store. */
const ExportButton = ({ onExport, disabled }: { onExport: () => Promise<void>; disabled?: boolean }) => {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <Stack gap={4} align="flex-end">
      <Button
        variant="default"
        leftSection={<IconDownload size={16} aria-hidden />}
        loading={busy}
        disabled={disabled}
        onClick={async () => {
          setBusy(true);
          setError(null);
          try {
            await onExport();
          } catch (e) {
            setError(e instanceof Error ? e.message : 'The download failed. Try again.');
          } finally {
            setBusy(false);
          }
        }}
      >
        Export CSV
      </Button>
      {error && (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
};

const money = (v: number) => formatMoney(v);

// ------------------------------------------------------------------------------------------------

const ProductTab = ({ filters }: { filters: ReportFilters }) => {
  const b = useSession()?.business._id ?? '';
  const q = useProductReport(filters);
  if (q.isPending) return <Loading />;
  if (q.isError) return <LoadError message={q.error.message} retry={() => void q.refetch()} />;
  const r = q.data;
  const t = r.totals;
  const columns: Column<ProductSalesRow>[] = [
    {
      key: 'name',
      label: 'Product',
      value: (x) => (x.variety_name ? `${x.name} (${x.variety_name})` : x.name),
      total: 'Total',
    },
    { key: 'sold', label: 'Sold', value: (x) => x.quantity_sold, numeric: true, total: t.quantity_sold },
    {
      key: 'refunded',
      label: 'Refunded',
      value: (x) => x.quantity_refunded,
      numeric: true,
      total: t.quantity_refunded,
    },
    {
      key: 'net',
      label: 'Net sales',
      value: (x) => x.net_sales,
      render: (x) => money(x.net_sales),
      numeric: true,
      total: money(t.net_sales),
    },
    {
      key: 'refunds',
      label: 'Refunds',
      value: (x) => x.refunds,
      render: (x) => money(x.refunds),
      numeric: true,
      total: money(t.refunds),
    },
    {
      key: 'cost',
      label: 'Cost',
      value: (x) => x.cost,
      render: (x) => money(x.cost),
      numeric: true,
      total: money(t.cost),
    },
    {
      key: 'profit',
      label: 'Profit',
      value: (x) => x.profit,
      render: (x) => money(x.profit),
      numeric: true,
      total: money(t.profit),
    },
  ];
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" style={{ flex: '1 1 320px' }}>
          <Stat label="Net sales" value={money(t.net_sales)} testId="product-net-sales" />
          <Stat label="Items sold" value={String(t.net_quantity)} testId="product-items" />
          <Stat label="Profit" value={money(t.profit)} testId="product-profit" />
        </SimpleGrid>
        <ExportButton
          disabled={!r.rows.length}
          onExport={() =>
            downloadReportCsv(
              'POST',
              reportPaths.product(b),
              filters,
              csvFileName('sales-by-product', r.startdate, r.enddate),
            )
          }
        />
      </Group>
      {r.rows.length === 0 ? (
        <NoSales />
      ) : (
        <>
          <ReportBarChart
            title="Top 10 products by net sales"
            seriesLabel="Net sales"
            testId="product-chart"
            data={r.rows.slice(0, 10).map((x) => ({
              label: x.variety_name ? `${x.name} ${x.variety_name}` : x.name,
              value: x.net_sales,
            }))}
          />
          <ReportTable
            caption="Refunded items are taken off net sales. Cost uses each product's current cost price."
            rows={r.rows}
            columns={columns}
            rowKey={(x) => `${x.product_id}:${x.variety_id ?? ''}`}
            initialSort={{ key: 'net', dir: 'desc' }}
            testId="product-table"
          />
        </>
      )}
    </Stack>
  );
};

const EmployeeTab = ({ filters }: { filters: ReportFilters }) => {
  const b = useSession()?.business._id ?? '';
  const q = useEmployeeReport(filters);
  if (q.isPending) return <Loading />;
  if (q.isError) return <LoadError message={q.error.message} retry={() => void q.refetch()} />;
  const r = q.data;
  const t = r.totals;
  const columns: Column<EmployeeSalesRow>[] = [
    { key: 'name', label: 'Employee', value: (x) => x.name, total: 'Total' },
    { key: 'count', label: 'Sales', value: (x) => x.sales_count, numeric: true, total: t.sales_count },
    {
      key: 'total',
      label: 'Total',
      value: (x) => x.total,
      render: (x) => money(x.total),
      numeric: true,
      total: money(t.total),
    },
    {
      key: 'refunds',
      label: 'Refunds',
      value: (x) => x.refunds,
      render: (x) => money(x.refunds),
      numeric: true,
      total: money(t.refunds),
    },
    {
      key: 'net',
      label: 'Net sales',
      value: (x) => x.net_total,
      render: (x) => money(x.net_total),
      numeric: true,
      total: money(t.net_total),
    },
    {
      key: 'avg',
      label: 'Average sale',
      value: (x) => x.average_sale,
      render: (x) => money(x.average_sale),
      numeric: true,
      total: money(t.average_sale),
    },
  ];
  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <ExportButton
          disabled={!r.rows.length}
          onExport={() =>
            downloadReportCsv(
              'GET',
              reportPaths.employee(b),
              filters,
              csvFileName('sales-by-employee', r.startdate, r.enddate),
            )
          }
        />
      </Group>
      {r.rows.length === 0 ? (
        <NoSales />
      ) : (
        <>
          <ReportBarChart
            title="Net sales by employee"
            seriesLabel="Net sales"
            testId="employee-chart"
            data={r.rows.slice(0, 10).map((x) => ({ label: x.name, value: x.net_total }))}
          />
          <ReportTable
            caption="Refunds are taken off the sale they refund."
            rows={r.rows}
            columns={columns}
            rowKey={(x) => x.employee_id || 'unknown'}
            initialSort={{ key: 'net', dir: 'desc' }}
            testId="employee-table"
          />
        </>
      )}
    </Stack>
  );
};

const CustomerTab = ({ filters }: { filters: ReportFilters }) => {
  const b = useSession()?.business._id ?? '';
  const q = useCustomerReport(filters);
  if (q.isPending) return <Loading />;
  if (q.isError) return <LoadError message={q.error.message} retry={() => void q.refetch()} />;
  const r = q.data;
  const t = r.totals;
  const columns: Column<CustomerSalesRow>[] = [
    { key: 'name', label: 'Customer', value: (x) => x.name, total: 'Total' },
    { key: 'phone', label: 'Phone', value: (x) => x.phone, total: '' },
    { key: 'count', label: 'Sales', value: (x) => x.sales_count, numeric: true, total: t.sales_count },
    {
      key: 'net',
      label: 'Net sales',
      value: (x) => x.net_total,
      render: (x) => money(x.net_total),
      numeric: true,
      total: money(t.net_total),
    },
    {
      key: 'refunds',
      label: 'Refunds',
      value: (x) => x.refunds,
      render: (x) => money(x.refunds),
      numeric: true,
      total: money(t.refunds),
    },
    {
      key: 'last',
      label: 'Last purchase',
      value: (x) => x.last_purchase,
      render: (x) =>
        x.last_purchase
          ? new Date(x.last_purchase).toLocaleDateString('en-NG', {
              day: 'numeric',
              month: 'short',
              year: 'numeric',
            })
          : '—',
      total: '',
    },
  ];
  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <ExportButton
          disabled={!r.rows.length}
          onExport={() =>
            downloadReportCsv(
              'POST',
              reportPaths.customer(b),
              filters,
              csvFileName('sales-by-customer', r.startdate, r.enddate),
            )
          }
        />
      </Group>
      {r.rows.length === 0 ? (
        <Empty>
          <Text fw={600}>No customer sales in these days</Text>
          <Text size="sm" c="dimmed">
            Attach a customer to a sale at the point of sale to see who buys the most here.
          </Text>
        </Empty>
      ) : (
        <ReportTable
          caption="Sales made to a saved customer. Refunds are taken off."
          rows={r.rows}
          columns={columns}
          rowKey={(x) => x.customer_id}
          initialSort={{ key: 'net', dir: 'desc' }}
          testId="customer-table"
        />
      )}
    </Stack>
  );
};

const SummaryTab = ({ filters }: { filters: ReportFilters }) => {
  const session = useSession();
  const me = session?.user._id ?? '';
  const employees = useEmployeeReport(filters);
  const [picked, setPicked] = useState<string | null>(null);
  const employeeId = picked ?? me;
  const q = useEmployeeSummary(employeeId, filters);
  const options = [
    { value: me, label: 'Me' },
    ...(employees.data?.rows ?? [])
      .filter((x) => x.employee_id && x.employee_id !== me)
      .map((x) => ({ value: x.employee_id, label: x.name })),
  ];
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Select
          label="Employee"
          data={options}
          value={employeeId}
          onChange={(v) => setPicked(v)}
          allowDeselect={false}
          w={{ base: '100%', xs: 260 }}
          data-testid="summary-employee"
        />
        {q.data && (
          <ExportButton
            onExport={() =>
              downloadReportCsv(
                'GET',
                reportPaths.summary(employeeId),
                filters,
                csvFileName('employee-summary', q.data.startdate, q.data.enddate),
              )
            }
          />
        )}
      </Group>
      {q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <LoadError message={q.error.message} retry={() => void q.refetch()} />
      ) : (
        <>
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
            <Stat label="Sales" value={String(q.data.sales_count)} testId="summary-count" />
            <Stat label="Net sales" value={money(q.data.net_total)} testId="summary-net" />
            <Stat label="Refunds" value={money(q.data.refunds)} testId="summary-refunds" />
            <Stat label="Average sale" value={money(q.data.average_sale)} testId="summary-average" />
            <Stat label="Items sold" value={String(q.data.items_sold)} testId="summary-items" />
          </SimpleGrid>
          {q.data.payments.length > 0 && (
            <Paper withBorder radius="md" p="sm">
              <Text fw={600} size="sm" mb={4}>
                Payments taken
              </Text>
              {q.data.payments.map((p) => (
                <Group key={p.method} justify="space-between">
                  <Text size="sm" tt="capitalize">
                    {p.method.replace(/_/g, ' ')}
                  </Text>
                  <Text size="sm" fw={600}>
                    {money(p.amount)}
                  </Text>
                </Group>
              ))}
            </Paper>
          )}
        </>
      )}
    </Stack>
  );
};

// ------------------------------------------------------------------------------------------------

/** /sales-report: sales by product, employee and customer, and one employee's summary, for a range and store. */
export default function SalesReportPage() {
  const stores = useMyStores();
  const [preset, setPreset] = useState<RangePreset>('today');
  const [custom, setCustom] = useState<{ from: string; to: string }>({ from: '', to: '' });
  const [store, setStore] = useState<string | null>(null);
  const [tab, setTab] = useState<Tab>('product');
  const range = rangeFor(preset, new Date(), custom);
  const filters: ReportFilters = { startdate: range.from, enddate: range.to, store };

  return (
    <Stack gap="md">
      <PageHeader
        title="Sales report"
        description="What sold, who sold it and who bought it, for the days and store you pick."
      />
      <Paper withBorder radius="md" p="sm">
        <Stack gap="sm">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <SegmentedControl
              aria-label="Date range"
              data={RANGE_PRESETS.map((p) => ({ value: p.value, label: p.label }))}
              value={preset}
              onChange={(v) => setPreset(v as RangePreset)}
              size="xs"
              w={{ base: '100%', sm: 'auto' }}
            />
            <Select
              aria-label="Store"
              placeholder="All stores"
              data={[
                { value: '', label: 'All stores' },
                ...(stores.data ?? []).map((s) => ({ value: s._id, label: s.name })),
              ]}
              value={store ?? ''}
              onChange={(v) => setStore(v || null)}
              allowDeselect={false}
              w={{ base: '100%', xs: 220 }}
            />
          </Group>
          {preset === 'custom' && (
            <Group gap="sm" grow>
              <TextInput
                type="date"
                label="From"
                value={custom.from}
                max={custom.to || undefined}
                onChange={(e) => setCustom((c) => ({ ...c, from: e.currentTarget.value }))}
              />
              <TextInput
                type="date"
                label="To"
                value={custom.to}
                min={custom.from || undefined}
                onChange={(e) => setCustom((c) => ({ ...c, to: e.currentTarget.value }))}
              />
            </Group>
          )}
          <Text size="xs" c="dimmed" data-testid="report-range">
            {range.from === range.to ? range.from : `${range.from} to ${range.to}`} (Lagos time)
          </Text>
        </Stack>
      </Paper>
      <Tabs value={tab} onChange={(v) => setTab((v as Tab) ?? 'product')} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="product">By product</Tabs.Tab>
          <Tabs.Tab value="employee">By employee</Tabs.Tab>
          <Tabs.Tab value="customer">By customer</Tabs.Tab>
          <Tabs.Tab value="summary">Employee summary</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="product" pt="md">
          <ProductTab filters={filters} />
        </Tabs.Panel>
        <Tabs.Panel value="employee" pt="md">
          <EmployeeTab filters={filters} />
        </Tabs.Panel>
        <Tabs.Panel value="customer" pt="md">
          <CustomerTab filters={filters} />
        </Tabs.Panel>
        <Tabs.Panel value="summary" pt="md">
          <SummaryTab filters={filters} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
