import { useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconCircleCheck, IconRefresh } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { paths } from '@/lib/route-paths';
import { useFailedRows, useReprocess } from '../api/product-uploads';
import { BatchProgress } from '../components/batch-progress';
import { count, isRunning } from '../components/batch-status';
import { CanUpload } from '../components/can-upload';
import { FailedRowCard } from '../components/failed-row-card';
import { LoadError } from '@/components/ui/query-states';
import { Pager, pageCount } from '@/components/ui/pager';

const PAGE_SIZE = 50;

/**
 * /products-upload-failed/:batchNumber: the rows of a batch that were not created and why; edit
 * them inline, then reprocess every failed row.
 */
const UploadFailedPage = () => {
  const { batchNumber: param } = useParams();
  const batchNumber = Number(param);
  return (
    <Stack maw={860} mx="auto" gap="md">
      <div>
        <Anchor component={Link} to={paths.UploadedBatches} size="sm">
          ← Uploaded batches
        </Anchor>
        <Title order={1} size="h2">
          Failed rows of batch {Number.isInteger(batchNumber) && batchNumber > 0 ? batchNumber : '?'}
        </Title>
        <Text c="dimmed">Fix each row (tap Edit), then reprocess to create the products.</Text>
      </div>
      <CanUpload>
        <FailedRows batchNumber={batchNumber} />
      </CanUpload>
    </Stack>
  );
};

const FailedRows = ({ batchNumber }: { batchNumber: number }) => {
  const [page, setPage] = useState(1);
  const [edits, setEdits] = useState<Map<number, Record<string, string>>>(new Map());
  const [notice, setNotice] = useState<string | null>(null);
  const query = useFailedRows(batchNumber, page, PAGE_SIZE);
  const reprocess = useReprocess();

  if (!Number.isInteger(batchNumber) || batchNumber <= 0)
    return (
      <Alert color="red" title="No such batch">
        This link does not name a batch. Open one from the uploaded batches.
      </Alert>
    );
  if (query.isPending)
    return (
      <Stack>
        <Skeleton h={90} radius="md" />
        <Skeleton h={120} radius="md" />
        <Skeleton h={120} radius="md" />
      </Stack>
    );
  if (query.isError)
    return <LoadError what="this batch" error={query.error} onRetry={() => void query.refetch()} />;

  const { batch, items, total } = query.data;
  const running = isRunning(batch);
  const pages = pageCount(total, PAGE_SIZE);

  const keep = (rowNumber: number, cells: Record<string, string>) =>
    setEdits((m) => new Map(m).set(rowNumber, cells));
  const discard = (rowNumber: number) =>
    setEdits((m) => {
      const next = new Map(m);
      next.delete(rowNumber);
      return next;
    });

  const submit = () => {
    setNotice(null);
    reprocess.mutate(
      {
        batch_number: batch.batch_number,
        rows: [...edits.entries()].map(([row_number, data]) => ({ row_number, data })),
      },
      {
        onSuccess: (data) => {
          setEdits(new Map());
          setPage(1);
          setNotice(
            `${count(data.requeued)} ${data.requeued === 1 ? 'row is' : 'rows are'} being processed again.`,
          );
        },
      },
    );
  };

  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="md">
        <Stack gap="sm">
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {batch.file_name}
          </Text>
          <BatchProgress batch={batch} size="md" />
          {!running && total > 0 && (
            <Group justify="space-between" gap="sm">
              <Text size="sm">
                {edits.size > 0
                  ? `${edits.size} edited ${edits.size === 1 ? 'row' : 'rows'} will be saved, then ${total === 1 ? 'the failed row' : `all ${count(total)} failed rows`} tried again.`
                  : total === 1
                    ? 'Reprocess tries the failed row again.'
                    : `Reprocess tries all ${count(total)} failed rows again.`}
              </Text>
              <Button
                leftSection={
                  reprocess.isPending ? <Loader size={16} color="white" /> : <IconRefresh size={18} />
                }
                onClick={submit}
                disabled={reprocess.isPending}
              >
                Reprocess failed rows
              </Button>
            </Group>
          )}
        </Stack>
      </Card>

      {notice && (
        <Alert color="blue" role="status" withCloseButton onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      )}
      {reprocess.isError && (
        <Alert color="red" title="Could not reprocess" role="alert">
          {reprocess.error.message}
        </Alert>
      )}

      {running ? (
        <Group gap="sm">
          <Loader size="sm" />
          <Text c="dimmed">
            The batch is being processed; the rows that still fail will show here when it ends.
          </Text>
        </Group>
      ) : items.length === 0 ? (
        <Center py="xl">
          <Stack align="center" gap="xs" ta="center" maw={380}>
            <IconCircleCheck size={44} color="var(--mantine-color-teal-6)" aria-hidden />
            <Text fw={600}>No failed rows</Text>
            <Text c="dimmed" size="sm">
              Every row of this batch was created.
            </Text>
            <Button component={Link} to={paths.UploadedBatches} variant="light">
              Back to uploads
            </Button>
          </Stack>
        </Center>
      ) : (
        <>
          {items.map((row) => (
            <FailedRowCard
              key={row.row_number}
              row={row}
              edited={edits.get(row.row_number)}
              onKeep={(cells) => keep(row.row_number, cells)}
              onDiscard={() => discard(row.row_number)}
            />
          ))}
          <Pager pages={pages} page={page} onChange={setPage} />
        </>
      )}
    </Stack>
  );
};

export default UploadFailedPage;
