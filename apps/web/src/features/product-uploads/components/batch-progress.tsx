import { Group, Progress, Stack, Text } from '@mantine/core';
import type { UploadBatch } from '@ms/contracts';
import { BatchStatusBadge, count, isRunning } from './batch-status';

/** Progress bar and counts of a batch; the numbers say what happened to every row. */
export const BatchProgress = ({ batch, size = 'xl' }: { batch: UploadBatch; size?: 'md' | 'xl' }) => {
  const running = isRunning(batch);
  const color = batch.status === 'failed' ? 'red' : batch.failed_rows > 0 && !running ? 'orange' : 'teal';
  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={600}>
          {running
            ? `${count(batch.processed_rows)} of ${count(batch.total_rows)} rows processed`
            : `${count(batch.total_rows)} ${batch.total_rows === 1 ? 'row' : 'rows'} processed`}
        </Text>
        <BatchStatusBadge status={batch.status} />
      </Group>
      <Progress.Root size={size} radius="md" aria-hidden={false}>
        <Progress.Section
          value={batch.progress}
          color={color}
          animated={running}
          striped={running}
          aria-label={`Batch ${batch.batch_number} progress`}
        >
          {size === 'xl' && batch.progress >= 12 && <Progress.Label>{batch.progress}%</Progress.Label>}
        </Progress.Section>
      </Progress.Root>
      <Group gap="md" aria-live="polite">
        <Text size="sm" c="teal.8" data-testid="succeeded-count">
          {count(batch.succeeded_rows)} created
        </Text>
        <Text size="sm" c={batch.failed_rows ? 'red.7' : 'dimmed'} data-testid="failed-count">
          {count(batch.failed_rows)} failed
        </Text>
        {running && (
          <Text size="sm" c="dimmed">
            {count(batch.total_rows - batch.processed_rows)} to go
          </Text>
        )}
      </Group>
    </Stack>
  );
};
