import { useState, type ReactNode } from 'react';
import { SummaryStat } from '@/components/ui/summary-stat';
import {
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import {
  formatMoney,
  type CustomerSalesReport,
  type CustomerSalesRow,
  type EmployeeSalesReport,
  type EmployeeSalesRow,
  type ProductSalesReport,
  type ProductSalesRow,
} from '@ms/contracts';
import { PageHeader } from '@/components/ui/page-header';
import { Empty as SharedEmpty, LoadError } from '@/components/ui/query-states';
import { isAdmin, useBusinessId, useSession } from '@/lib/session-store';
import { allStoresLabel, useMyStores } from '@/features/stores';
import { RANGE_PRESETS, rangeFor, type RangePreset } from '@/lib/day-ranges';
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
import { ExportButton, ReportLoading, ReportPanel } from '../components/report-panel';
import { moneyColumn, ReportTable, type Column } from '../components/report-table';
import { csvFileName } from '../lib/sort';
import { formatDate, zoneName } from '@/lib/date-time';

type Tab = 'product' | 'employee' | 'customer' | 'summary';

const Empty = ({ children }: { children: ReactNode }) => (
  <SharedEmpty maw={420} icon={<IconChartBar size={44} color="var(--mantine-color-gray-5)" aria-hidden />}>
    {children}
  </SharedEmpty>
);

const NoSales = () => (
  <Empty>
    <Text fw={600}>No sales in these days</Text>
    <Text size="sm" c="dimmed">
      Pick a longer date range or another store. Sales made at the point of sale show up here.
    </Text>
  </Empty>
);

const money = (v: number) => formatMoney(v);

// ------------------------------------------------------------------------------------------------

const productColumns = (t: ProductSalesReport['totals']): Column<ProductSalesRow>[] => [
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
  moneyColumn('net', 'Net sales', (x) => x.net_sales, t.net_sales),
  moneyColumn('refunds', 'Refunds', (x) => x.refunds, t.refunds),
  // Cost and profit are the owner's: the server leaves them out for other roles.
  ...(t.cost === undefined
    ? []
    : [
        moneyColumn<ProductSalesRow>('cost', 'Cost', (x) => x.cost ?? 0, t.cost),
        moneyColumn<ProductSalesRow>('profit', 'Profit', (x) => x.profit ?? 0, t.profit ?? 0),
      ]),
];

const ProductTab = ({ filters }: { filters: ReportFilters }) => {
  const query = useProductReport(filters);
  const path = reportPaths.product(useBusinessId());
  return (
    <ReportPanel
      query={query}
      filters={filters}
      csv={{ method: 'POST', path, name: 'sales-by-product' }}
      stats={({ totals: t }) => (
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" style={{ flex: '1 1 320px' }}>
          <SummaryStat label="Net sales" value={money(t.net_sales)} testId="product-net-sales" />
          <SummaryStat label="Items sold" value={String(t.net_quantity)} testId="product-items" />
          {t.profit !== undefined && (
            <SummaryStat label="Profit" value={money(t.profit)} testId="product-profit" />
          )}
        </SimpleGrid>
      )}
      empty={<NoSales />}
    >
      {(r) => (
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
            caption={
              r.totals.cost === undefined
                ? 'Refunded items are taken off net sales.'
                : 'Refunded items are taken off net sales. Cost is what each item cost when it was sold.'
            }
            rows={r.rows}
            columns={productColumns(r.totals)}
            rowKey={(x) => `${x.product_id}:${x.variety_id ?? ''}`}
            initialSort={{ key: 'net', dir: 'desc' }}
            testId="product-table"
          />
        </>
      )}
    </ReportPanel>
  );
};

const employeeColumns = (t: EmployeeSalesReport['totals']): Column<EmployeeSalesRow>[] => [
  { key: 'name', label: 'Employee', value: (x) => x.name, total: 'Total' },
  { key: 'count', label: 'Sales', value: (x) => x.sales_count, numeric: true, total: t.sales_count },
  moneyColumn('total', 'Total', (x) => x.total, t.total),
  moneyColumn('refunds', 'Refunds', (x) => x.refunds, t.refunds),
  moneyColumn('net', 'Net sales', (x) => x.net_total, t.net_total),
  moneyColumn('avg', 'Average sale', (x) => x.average_sale, t.average_sale),
];

const EmployeeTab = ({ filters }: { filters: ReportFilters }) => {
  const query = useEmployeeReport(filters);
  const path = reportPaths.employee(useBusinessId());
  return (
    <ReportPanel
      query={query}
      filters={filters}
      csv={{ method: 'GET', path, name: 'sales-by-employee' }}
      empty={<NoSales />}
    >
      {(r) => (
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
            columns={employeeColumns(r.totals)}
            rowKey={(x) => x.employee_id || 'unknown'}
            initialSort={{ key: 'net', dir: 'desc' }}
            testId="employee-table"
          />
        </>
      )}
    </ReportPanel>
  );
};

const customerColumns = (t: CustomerSalesReport['totals']): Column<CustomerSalesRow>[] => [
  { key: 'name', label: 'Customer', value: (x) => x.name, total: 'Total' },
  { key: 'phone', label: 'Phone', value: (x) => x.phone, total: '' },
  { key: 'count', label: 'Sales', value: (x) => x.sales_count, numeric: true, total: t.sales_count },
  moneyColumn('net', 'Net sales', (x) => x.net_total, t.net_total),
  moneyColumn('refunds', 'Refunds', (x) => x.refunds, t.refunds),
  {
    key: 'last',
    label: 'Last purchase',
    value: (x) => x.last_purchase,
    render: (x) => formatDate(x.last_purchase),
    total: '',
  },
];

const CustomerTab = ({ filters }: { filters: ReportFilters }) => {
  const query = useCustomerReport(filters);
  const path = reportPaths.customer(useBusinessId());
  return (
    <ReportPanel
      query={query}
      filters={filters}
      csv={{ method: 'POST', path, name: 'sales-by-customer' }}
      empty={
        <Empty>
          <Text fw={600}>No customer sales in these days</Text>
          <Text size="sm" c="dimmed">
            Attach a customer to a sale at the point of sale to see who buys the most here.
          </Text>
        </Empty>
      }
    >
      {(r) => (
        <ReportTable
          caption="Sales made to a saved customer. Refunds are taken off."
          rows={r.rows}
          columns={customerColumns(r.totals)}
          rowKey={(x) => x.customer_id}
          initialSort={{ key: 'net', dir: 'desc' }}
          testId="customer-table"
        />
      )}
    </ReportPanel>
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
        <ReportLoading />
      ) : q.isError ? (
        <LoadError what="this report" error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <>
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
            <SummaryStat label="Sales" value={String(q.data.sales_count)} testId="summary-count" />
            <SummaryStat label="Net sales" value={money(q.data.net_total)} testId="summary-net" />
            <SummaryStat label="Refunds" value={money(q.data.refunds)} testId="summary-refunds" />
            <SummaryStat label="Average sale" value={money(q.data.average_sale)} testId="summary-average" />
            <SummaryStat label="Items sold" value={String(q.data.items_sold)} testId="summary-items" />
          </SimpleGrid>
          {q.data.payments.length > 0 && (
            <Paper withBorder radius="md" p="sm">
              <Text fw={600} size="sm" mb={4}>
                Payments taken
              </Text>
              {q.data.payments.map((p) => (
                <Group key={p.method} justify="space-between">
                  <Text size="sm">{p.method_label}</Text>
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
  const session = useSession();
  const stores = useMyStores();
  const allLabel = allStoresLabel(isAdmin(session), stores.data?.length ?? 0);
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
              placeholder={allLabel ?? undefined}
              data={[
                ...(allLabel ? [{ value: '', label: allLabel }] : []),
                ...(stores.data ?? []).map((s) => ({ value: s._id, label: s.name })),
              ]}
              // One store and no "all" choice: that store is the filter (the server's default too).
              value={store ?? (allLabel ? '' : (stores.data?.[0]?._id ?? null))}
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
            {range.from === range.to ? range.from : `${range.from} to ${range.to}`} ({zoneName()} time)
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
