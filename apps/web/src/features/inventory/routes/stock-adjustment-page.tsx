import { useState } from 'react';
import { Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconCircleMinus, IconCirclePlus, IconHistory, IconX } from '@tabler/icons-react';
import {
  ADJUSTMENT_REASON_LABELS,
  ADJUSTMENT_REASONS,
  type AdjustmentReason,
  type MovementKind,
} from '@ms/contracts';
import { Link, useSearchParams } from 'react-router';
import {
  DateFilter,
  MultiSelectFilter,
  type DatePreset,
  type DateRange,
} from '@/components/ui/filter-widget';
import { useSession } from '@/lib/session-store';
import { useStockLogs } from '../api/stock';
import { InventoryTabs } from '../components/inventory-tabs';
import { PageHeader } from '@/components/ui/page-header';
import { Empty, LoadError, Loading, NotAllowed } from '@/components/ui/query-states';
import { StockLogList } from '../components/stock-log-list';
import { StoreSelect } from '../components/store-select';
import { plural } from '../lib/format';
import { inventoryPaths } from '../lib/paths';
import { inventoryRights } from '../lib/permissions';
import { Pager, pageCount } from '@/components/ui/pager';

const PAGE_SIZE = 25;
const ADJUSTMENT_KINDS: MovementKind[] = ['adjustment_add', 'adjustment_remove'];
type Show = 'adjustments' | 'all';

/** The stock adjustment log: who added or removed what, where, when and why (or every movement). */
const StockAdjustmentPage = () => {
  const rights = inventoryRights(useSession());
  const [params, setParams] = useSearchParams();
  const store = params.get('store');
  const [show, setShow] = useState<Show>('adjustments');
  const [reasons, setReasons] = useState<AdjustmentReason[]>([]);
  const [range, setRange] = useState<DateRange | null>(null);
  const [page, setPage] = useState(1);
  const logs = useStockLogs(
    {
      store,
      kind: show === 'adjustments' ? ADJUSTMENT_KINDS : undefined,
      reason: reasons,
      from: range?.start,
      to: range?.end,
      page,
      limit: PAGE_SIZE,
    },
    rights.viewLog,
  );
  const filtered = reasons.length > 0 || !!range || !!store;
  const total = logs.data?.total ?? 0;
  const pages = pageCount(total, PAGE_SIZE);
  const reset = () => setPage(1);

  return (
    <Stack maw={1200} mx="auto" gap="md">
      <PageHeader
        title="Stock adjustments"
        description="Every time stock was added or removed by hand: what, where, by whom and why."
        actions={
          rights.adjust && (
            <>
              <Button
                component={Link}
                to={inventoryPaths.addStock}
                leftSection={<IconCirclePlus size={18} />}
              >
                Add stock
              </Button>
              <Button
                component={Link}
                to={inventoryPaths.removeStock}
                variant="default"
                leftSection={<IconCircleMinus size={18} />}
              >
                Remove stock
              </Button>
            </>
          )
        }
      />
      <InventoryTabs>
        {!rights.viewLog ? (
          <NotAllowed what="view the adjustment log" />
        ) : (
          <Stack gap="md">
            <Group gap="sm" align="flex-end" wrap="wrap">
              <StoreSelect
                label="Store"
                withAll
                value={store}
                onChange={(id) => {
                  setParams(id ? { store: id } : {}, { replace: true });
                  reset();
                }}
                w={{ base: '100%', xs: 240 }}
              />
              <div style={{ flex: '1 1 220px', maxWidth: 360 }}>
                <MultiSelectFilter
                  label="Reason"
                  placeholder="All reasons"
                  options={ADJUSTMENT_REASONS.map((r) => ({ value: r, label: ADJUSTMENT_REASON_LABELS[r] }))}
                  value={reasons}
                  onChange={(v) => {
                    setReasons(v as AdjustmentReason[]);
                    reset();
                  }}
                />
              </div>
              <SegmentedControl
                aria-label="Show"
                size="md"
                value={show}
                onChange={(v) => {
                  setShow(v as Show);
                  reset();
                }}
                data={[
                  { value: 'adjustments', label: 'Adjustments' },
                  { value: 'all', label: 'All movements' },
                ]}
              />
            </Group>
            <Group gap="xs" align="flex-end" wrap="wrap">
              <DateFilter
                value={(range?.preset ?? '') as DatePreset}
                onChange={(r) => {
                  setRange(r);
                  reset();
                }}
              />
              {range && (
                <Button
                  variant="subtle"
                  size="sm"
                  leftSection={<IconX size={14} />}
                  onClick={() => setRange(null)}
                >
                  Any date
                </Button>
              )}
            </Group>

            {logs.isPending ? (
              <Loading label="Loading the log…" />
            ) : logs.isError ? (
              <LoadError what="the adjustment log" error={logs.error} onRetry={() => void logs.refetch()} />
            ) : total === 0 ? (
              <Empty
                title={filtered ? 'Nothing matches these filters' : 'No adjustments yet'}
                icon={<IconHistory size={44} color="var(--mantine-color-gray-5)" aria-hidden />}
              >
                <Text c="dimmed" size="sm">
                  {filtered
                    ? 'Try another store, reason or date.'
                    : 'When you add stock (a delivery) or remove it (damaged, expired, lost), each change is listed here.'}
                </Text>
                {!filtered && rights.adjust && (
                  <Button
                    component={Link}
                    to={inventoryPaths.addStock}
                    leftSection={<IconCirclePlus size={18} />}
                  >
                    Add stock
                  </Button>
                )}
              </Empty>
            ) : (
              <>
                <Text size="sm" c="dimmed" aria-live="polite">
                  {plural(total, show === 'adjustments' ? 'adjustment' : 'movement')}
                </Text>
                <StockLogList entries={logs.data.items} />
                <Pager pages={pages} page={page} onChange={setPage} size="md" />
              </>
            )}
          </Stack>
        )}
      </InventoryTabs>
    </Stack>
  );
};

export default StockAdjustmentPage;
