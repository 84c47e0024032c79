import { useState } from 'react';
import { Alert, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { DebouncedSearch } from '@/components/ui/debounced-search';
import { useSession } from '@/lib/session-store';
import { useCount, type CountItemsParams } from '../api/counts';
import { CountItemsTable, CountSummary } from '../components/count-parts';
import { PageHeader } from '@/components/ui/page-header';
import { Empty, LoadError, Loading, NotAllowed } from '@/components/ui/query-states';
import { CountStatusBadge } from '../components/status-badges';
import { countPath } from '../lib/count-paths';
import { formatDateTime } from '../lib/format';
import { inventoryPaths } from '../lib/paths';
import { inventoryRights } from '../lib/permissions';
import { Pager, pageCount } from '@/components/ui/pager';

const PAGE_SIZE = 100;
type Filter = NonNullable<CountItemsParams['filter']>;

/** A finished count (accepted or cancelled), read-only. */
const CountCompletedPage = () => {
  const rights = inventoryRights(useSession());
  const [search] = useSearchParams();
  const id = search.get('id');
  const [params, setParams] = useState<CountItemsParams>({ filter: 'difference', page: 1, limit: PAGE_SIZE });
  const count = useCount(rights.counts ? id : null, params);
  const data = count.data;
  if (data && (data.status === 'in_progress' || data.status === 'submitted'))
    return <Navigate to={countPath(data)} replace />;
  const pages = data ? pageCount(data.items_total, PAGE_SIZE) : 1;

  return (
    <Stack maw={1000} mx="auto" gap="md" pb="xl">
      <PageHeader
        title={data ? `Count ${data.count_number}` : 'Stock count'}
        back={{ to: inventoryPaths.counts, label: 'Stock counts' }}
        actions={data && <CountStatusBadge status={data.status} />}
      />
      {!rights.counts ? (
        <NotAllowed what="view stock counts" />
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
          {data!.status === 'completed' ? (
            <Alert color="teal" title="Count completed" icon={<IconHistory size={18} />}>
              Accepted {formatDateTime(data!.accepted_at)}. The stock of every counted item was set to what
              was counted; each change is in the{' '}
              <Link to={`${inventoryPaths.adjustments}?store=${encodeURIComponent(data!.store_id)}`}>
                stock log
              </Link>
              .
            </Alert>
          ) : (
            <Alert color="gray" title="Count cancelled">
              This count was cancelled. No stock was changed.
            </Alert>
          )}
          <CountSummary count={data!} />
          <Group gap="sm" align="flex-end" wrap="wrap">
            <div style={{ flex: '1 1 240px' }}>
              <DebouncedSearch
                label="Find an item"
                placeholder="Name, SKU or barcode"
                onSearch={(s) => setParams({ ...params, search: s, page: 1 })}
                delayMs={400}
              />
            </div>
            <SegmentedControl
              aria-label="Show"
              value={params.filter ?? 'all'}
              onChange={(f) => setParams({ ...params, filter: f as Filter, page: 1 })}
              data={[
                { value: 'difference', label: 'Differences' },
                { value: 'all', label: 'All items' },
              ]}
            />
          </Group>
          {data!.items.length === 0 ? (
            <Empty
              title={params.filter === 'difference' && !params.search ? 'No differences' : 'No item here'}
            >
              <Text c="dimmed" size="sm">
                {params.search
                  ? `Nothing in this count matches “${params.search}”.`
                  : params.filter === 'difference'
                    ? 'Everything counted matched what was expected.'
                    : 'This count has no items.'}
              </Text>
            </Empty>
          ) : (
            <CountItemsTable items={data!.items} />
          )}
          <Pager
            pages={pages}
            page={params.page ?? 1}
            onChange={(page) => setParams({ ...params, page })}
            size="md"
          />
        </>
      )}
    </Stack>
  );
};

export default CountCompletedPage;
