import { useState } from 'react';
import { Alert, Button, Group, Paper, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconX } from '@tabler/icons-react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useSession } from '@/lib/session-store';
import { useAcceptCount, useCancelCount, useCount } from '../api/counts';
import { ActionBar } from '../components/action-bar';
import { CountItemsTable, CountSummary } from '../components/count-parts';
import { PageHeader } from '@/components/ui/page-header';
import { Empty, LoadError, Loading, NotAllowed } from '@/components/ui/query-states';
import { CountStatusBadge } from '../components/status-badges';
import { countTotals } from '../lib/count-math';
import { countPath } from '../lib/count-paths';
import { formatChange, formatQty, plural } from '../lib/format';
import { countCompletedPath, inventoryPaths } from '../lib/paths';
import { inventoryRights } from '../lib/permissions';

type Show = 'difference' | 'all';
const LIMIT = 1000;

/** Review a submitted count: every difference between expected and counted, then accept to correct the stock. */
const AcceptCountPage = () => {
  const rights = inventoryRights(useSession());
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const id = search.get('id');
  const [show, setShow] = useState<Show>('difference');
  const count = useCount(rights.counts ? id : null, { filter: show, limit: LIMIT });
  const accept = useAcceptCount();
  const cancel = useCancelCount();
  const [asking, setAsking] = useState<'accept' | 'cancel' | null>(null);
  const data = count.data;

  if (data && data.status !== 'submitted') return <Navigate to={countPath(data)} replace />;
  // Totals of the differing items (the default view loads every one of them).
  const totals = countTotals(
    show === 'difference' ? (data?.items ?? []) : (data?.items ?? []).filter((i) => i.difference),
  );

  const acceptNow = () =>
    accept.mutate(id!, {
      onSuccess: (c) => {
        notifications.show({ color: 'teal', message: `${c.count_number} accepted. The stock is corrected.` });
        navigate(countCompletedPath(c._id), { replace: true });
      },
      onSettled: () => setAsking(null),
    });
  const cancelNow = () =>
    cancel.mutate(id!, {
      onSuccess: (c) => {
        notifications.show({ message: `${c.count_number} cancelled. Stock was not changed.` });
        navigate(countCompletedPath(c._id), { replace: true });
      },
      onSettled: () => setAsking(null),
    });
  const error = accept.error ?? cancel.error;

  return (
    <Stack maw={1000} mx="auto" gap="md" pb="xl">
      <PageHeader
        title={data ? `Review ${data.count_number}` : 'Review count'}
        description="Check the differences. Accepting sets each counted item's stock to what was counted; items not counted keep their stock."
        back={{ to: inventoryPaths.counts, label: 'Stock counts' }}
        actions={data && <CountStatusBadge status={data.status} />}
      />
      {!rights.counts ? (
        <NotAllowed what="accept stock counts" />
      ) : !id ? (
        <Empty title="No count chosen">
          <Button component={Link} to={inventoryPaths.counts}>
            See stock counts
          </Button>
        </Empty>
      ) : count.isPending ? (
        <Loading label="Loading the count…" />
      ) : count.isError ? (
        <LoadError what="this count" error={count.error} onRetry={() => void count.refetch()} />
      ) : (
        <>
          <CountSummary count={data!} />
          <SimpleGrid cols={{ base: 3 }} spacing="sm">
            <Paper withBorder p="sm" radius="md">
              <Text size="xs" c="dimmed">
                Found extra
              </Text>
              <Text fw={700} c="teal.9">
                {formatChange(totals.unitsOver)}
              </Text>
            </Paper>
            <Paper withBorder p="sm" radius="md">
              <Text size="xs" c="dimmed">
                Missing
              </Text>
              <Text fw={700} c="red.9">
                {formatChange(-totals.unitsShort)}
              </Text>
            </Paper>
            <Paper withBorder p="sm" radius="md">
              <Text size="xs" c="dimmed">
                Net change
              </Text>
              <Text fw={700}>{formatChange(totals.net)}</Text>
            </Paper>
          </SimpleGrid>
          <SegmentedControl
            aria-label="Show"
            value={show}
            onChange={(v) => setShow(v as Show)}
            data={[
              { value: 'difference', label: `Differences (${formatQty(data!.difference_count)})` },
              { value: 'all', label: `All items (${formatQty(data!.items_count)})` },
            ]}
            w={{ base: '100%', xs: 'auto' }}
          />
          {data!.items.length === 0 ? (
            <Empty title={show === 'difference' ? 'No differences' : 'No items'}>
              <Text c="dimmed" size="sm">
                {show === 'difference'
                  ? 'Everything counted matches what was expected. Accept to close the count.'
                  : 'This count has no items.'}
              </Text>
            </Empty>
          ) : (
            <CountItemsTable items={data!.items} />
          )}
          {data!.items_total > data!.items.length && (
            <Text size="sm" c="dimmed">
              Showing {formatQty(data!.items.length)} of {formatQty(data!.items_total)}.
            </Text>
          )}
          {error && (
            <Alert color="red" title="That did not work" role="alert">
              {error.message}
            </Alert>
          )}
          <Group>
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconX size={18} />}
              onClick={() => setAsking('cancel')}
            >
              Cancel count
            </Button>
          </Group>
          <ActionBar>
            <Button size="md" leftSection={<IconCheck size={18} />} onClick={() => setAsking('accept')}>
              Accept count
            </Button>
          </ActionBar>
          <ConfirmDialog
            opened={asking === 'accept'}
            title={`Accept ${data!.count_number}?`}
            message={`The stock of ${plural(data!.difference_count, 'item')} with a difference will be corrected in ${data!.store_name}. This cannot be undone.`}
            confirmLabel="Accept"
            loading={accept.isPending}
            onConfirm={acceptNow}
            onCancel={() => setAsking(null)}
          />
          <ConfirmDialog
            opened={asking === 'cancel'}
            title={`Cancel ${data!.count_number}?`}
            message="The count is closed without changing any stock."
            confirmLabel="Cancel count"
            cancelLabel="Keep it"
            color="red"
            loading={cancel.isPending}
            onConfirm={cancelNow}
            onCancel={() => setAsking(null)}
          />
        </>
      )}
    </Stack>
  );
};

export default AcceptCountPage;
