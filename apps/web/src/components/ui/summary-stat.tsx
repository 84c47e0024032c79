import { Paper, Text } from '@mantine/core';

/** A labelled figure above a list (sales history and report totals); `testId` marks the value. */
export const SummaryStat = ({ label, value, testId }: { label: string; value: string; testId: string }) => (
  <Paper withBorder radius="md" p="sm">
    <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
      {label}
    </Text>
    <Text fw={700} size="lg" data-testid={testId}>
      {value}
    </Text>
  </Paper>
);
