import { useState } from 'react';
import { Button, Group, SegmentedControl, Select, Stack } from '@mantine/core';
import { IconArrowUpRight, IconBuildingBank } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { NotAllowed } from '@/components/ui/query-states';
import { rangeFor, type RangePreset } from '@/lib/day-ranges';
import { DayRangeFilter } from '@/components/ui/day-range-filter';
import { paths } from '@/lib/route-paths';
import { hasPermission, useSession } from '@/lib/session-store';
import { useMyStores } from '@/features/stores';
import { PaymentLogView } from '../components/payment-log-view';
import { TransfersView } from '../components/transfers-view';

/**
 * /payments: money received by bank transfer on the stores' fixed accounts, with fees and totals; and
 * (?view=all) the payment log: every way money came in, summed by method, each payment's details.
 */
const PaymentsPage = () => {
  const allowed = hasPermission(useSession(), 'transactions.manage_payments');
  if (!allowed)
    return (
      <Stack maw={720} mx="auto">
        <PageHeader title="Transactions" />
        <NotAllowed what="see the transactions" />
      </Stack>
    );
  return <Transactions />;
};

const Transactions = () => {
  const stores = useMyStores();
  const [params, setParams] = useSearchParams();
  const view = params.get('view') === 'all' ? 'all' : 'transfers';
  const [preset, setPreset] = useState<RangePreset>('today');
  const [custom, setCustom] = useState({ from: '', to: '' });
  const [store, setStore] = useState<string | null>(null);
  const range = rangeFor(preset, new Date(), custom);
  const canSeePayouts = hasPermission(useSession(), 'transactions.payouts');

  return (
    <Stack maw={1200} mx="auto" gap="md">
      <PageHeader
        title="Transactions"
        description={
          view === 'all'
            ? 'Every payment your shops took — cash, card, transfers and more — and refunds paid back.'
            : 'Money your customers sent by bank transfer, with the fee on each and what you get.'
        }
        actions={
          <Group gap="xs">
            {canSeePayouts && (
              <Button
                component={Link}
                to={paths.Payouts}
                variant="default"
                leftSection={<IconArrowUpRight size={18} />}
              >
                Payouts
              </Button>
            )}
            <Button
              component={Link}
              to={paths.FixedAccount}
              variant="default"
              leftSection={<IconBuildingBank size={18} />}
            >
              Fixed accounts
            </Button>
          </Group>
        }
      />
      <SegmentedControl
        aria-label="What to show"
        value={view}
        onChange={(v) => setParams(v === 'all' ? { view: 'all' } : {}, { replace: true })}
        data={[
          { value: 'transfers', label: 'Bank transfers' },
          { value: 'all', label: 'All payments' },
        ]}
        maw={420}
      />
      <Stack gap="xs">
        <DayRangeFilter preset={preset} onPreset={setPreset} custom={custom} onCustom={setCustom} />
        <Select
          label="Store"
          placeholder="All my stores"
          clearable
          maw={320}
          data={(stores.data ?? []).map((s) => ({ value: s._id, label: s.name }))}
          value={store}
          onChange={setStore}
        />
      </Stack>
      {view === 'all' ? (
        <PaymentLogView range={range} store={store} />
      ) : (
        <TransfersView range={range} store={store} />
      )}
    </Stack>
  );
};

export default PaymentsPage;
