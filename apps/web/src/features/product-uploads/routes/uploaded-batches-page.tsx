import { useState } from 'react';
import { Button, Card, Center, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import type { UploadBatch } from '@ms/contracts';
import { Link } from 'react-router';
import { paths } from '@/lib/route-paths';
import { useUploadBatches } from '../api/product-uploads';
import { BatchProgress } from '../components/batch-progress';
import { count, isRunning, uploadedAt } from '../components/batch-status';
import { CanUpload } from '../components/can-upload';
import { failedRowsPath } from '../lib/paths';
import { LoadError } from '@/components/ui/query-states';
import { Pager, pageCount } from '@/components/ui/pager';

const PAGE_SIZE = 10;

/** /uploaded-batches: every upload of the business, newest first, with progress and counts. */
const UploadedBatchesPage = () => (
  <Stack maw={860} mx="auto" gap="md">
    <Group justify="space-between" align="flex-end" gap="sm">
      <div>
        <Title order={1} size="h2">
          Uploaded batches
        </Title>
        <Text c="dimmed">Each file you upload becomes a batch. Open one to fix the rows that failed.</Text>
      </div>
      <Button component={Link} to={paths.BulkUpload} leftSection={<IconUpload size={18} />}>
        Upload products
      </Button>
    </Group>
    <CanUpload>
      <BatchList />
    </CanUpload>
  </Stack>
);

const BatchList = () => {
  const [page, setPage] = useState(1);
  const query = useUploadBatches(page, PAGE_SIZE);
  if (query.isPending)
    return (
      <Stack>
        {[1, 2, 3].map((i) => (
          <Skeleton key={i} h={140} radius="md" />
        ))}
      </Stack>
    );
  if (query.isError)
    return <LoadError what="your uploads" error={query.error} onRetry={() => void query.refetch()} />;
  const { items, total } = query.data;
  if (items.length === 0)
    return (
      <Center py="xl">
        <Stack align="center" gap="xs" ta="center" maw={380}>
          <IconFileSpreadsheet size={44} color="var(--mantine-color-gray-5)" aria-hidden />
          <Text fw={600}>No uploads yet</Text>
          <Text c="dimmed" size="sm">
            Upload a spreadsheet of your products to add them all at once.
          </Text>
          <Button component={Link} to={paths.BulkUpload} leftSection={<IconUpload size={18} />}>
            Upload products
          </Button>
        </Stack>
      </Center>
    );
  const pages = pageCount(total, PAGE_SIZE);
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {count(total)} {total === 1 ? 'upload' : 'uploads'}
      </Text>
      {items.map((b) => (
        <BatchCard key={b.id} batch={b} />
      ))}
      <Pager pages={pages} page={page} onChange={setPage} />
    </Stack>
  );
};

const BatchCard = ({ batch }: { batch: UploadBatch }) => (
  <Card withBorder radius="md" padding="md" data-testid="batch-card">
    <Stack gap="sm">
      <div>
        <Text fw={700}>Batch {batch.batch_number}</Text>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {batch.file_name} · {uploadedAt(batch.created_at)}
        </Text>
      </div>
      <BatchProgress batch={batch} size="md" />
      {!isRunning(batch) && batch.failed_rows > 0 && (
        <Group>
          <Button
            component={Link}
            to={failedRowsPath(batch.batch_number)}
            variant="light"
            color="red"
            size="sm"
          >
            See {count(batch.failed_rows)} failed {batch.failed_rows === 1 ? 'row' : 'rows'}
          </Button>
        </Group>
      )}
    </Stack>
  </Card>
);

export default UploadedBatchesPage;
