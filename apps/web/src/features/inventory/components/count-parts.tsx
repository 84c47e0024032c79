import type { ReactNode } from 'react';
import { Card, Group, Paper, Progress, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { StockCount, StockCountItem } from '@ms/contracts';
import { countDifference } from '../lib/count-math';
import { scopeLabel } from '../lib/count-paths';
import { formatChange, formatDateTime, formatQty } from '../lib/format';

/** A difference as the count screens show it: +2 (found more), -3 (missing), 0, or — (not counted). */
export const Difference = ({ value }: { value: number | null }) =>
  value === null ? (
    <Text span c="dimmed">
      —
    </Text>
  ) : (
    <Text span fw={700} c={value > 0 ? 'teal.9' : value < 0 ? 'red.9' : 'dimmed'}>
      {formatChange(value)}
    </Text>
  );

const Fact = ({ label, children }: { label: string; children: ReactNode }) => (
  <div style={{ minWidth: 0 }}>
    <Text size="xs" c="dimmed">
      {label}
    </Text>
    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
      {children}
    </Text>
  </div>
);

/** Store, scope, who and when, and how far the counting got. */
export const CountSummary = ({ count, extra }: { count: StockCount; extra?: ReactNode }) => {
  const pct = count.items_count ? Math.round((count.counted_count / count.items_count) * 100) : 0;
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Fact label="Store">{count.store_name}</Fact>
        <Fact label="Counting">{scopeLabel(count)}</Fact>
        <Fact label="Started">{formatDateTime(count.created_at)}</Fact>
        <Fact label="Started by">{count.created_by_name ?? '—'}</Fact>
      </SimpleGrid>
      <Group justify="space-between" mt="sm" gap="xs">
        <Text size="sm">
          <b>{formatQty(count.counted_count)}</b> of {formatQty(count.items_count)} items counted ·{' '}
          <b>{formatQty(count.difference_count)}</b> with a difference
        </Text>
        {extra}
      </Group>
      <Progress value={pct} mt={6} size="md" aria-label={`${pct}% counted`} />
      {count.note && (
        <Text size="sm" mt="sm">
          <Text span size="sm" c="dimmed">
            Note:{' '}
          </Text>
          {count.note}
        </Text>
      )}
    </Paper>
  );
};

/** Items of a count, read-only: expected, counted and the difference. */
export const CountItemsTable = ({ items }: { items: StockCountItem[] }) => {
  const wide = useMediaQuery('(min-width: 48em)', true);
  if (!wide) {
    return (
      <Stack gap="xs">
        {items.map((i) => (
          <Card key={i._id} withBorder padding="sm" radius="md" data-testid="count-item">
            <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
              <Text fw={600} style={{ minWidth: 0 }}>
                {i.name}
              </Text>
              <Difference value={countDifference(i)} />
            </Group>
            <Text size="sm" c="dimmed">
              Expected {formatQty(i.expected)} · Counted{' '}
              {i.counted === null ? 'not counted' : formatQty(i.counted)}
            </Text>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Item</Table.Th>
            <Table.Th ta="right">Expected</Table.Th>
            <Table.Th ta="right">Counted</Table.Th>
            <Table.Th ta="right">Difference</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((i) => (
            <Table.Tr key={i._id} data-testid="count-item">
              <Table.Td>
                <Text size="sm" fw={500}>
                  {i.name}
                </Text>
                {(i.sku || i.barcode) && (
                  <Text size="xs" c="dimmed">
                    {[i.sku && `SKU ${i.sku}`, i.barcode].filter(Boolean).join(' · ')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right">{formatQty(i.expected)}</Table.Td>
              <Table.Td ta="right">
                {i.counted === null ? (
                  <Text span c="dimmed">
                    Not counted
                  </Text>
                ) : (
                  formatQty(i.counted)
                )}
              </Table.Td>
              <Table.Td ta="right">
                <Difference value={countDifference(i)} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};
