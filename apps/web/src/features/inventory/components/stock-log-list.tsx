import { Anchor, Badge, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { ADJUSTMENT_REASON_LABELS, MOVEMENT_KIND_LABELS, type StockLogEntry } from '@ms/contracts';
import { Link } from 'react-router';
import { formatChange, formatDateTime, formatQty } from '../lib/format';
import { countCompletedPath, transferDetailPath } from '../lib/paths';

/** "Stock added · Received new stock". */
export const movementLabel = (e: StockLogEntry) =>
  e.reason
    ? `${MOVEMENT_KIND_LABELS[e.kind]} · ${ADJUSTMENT_REASON_LABELS[e.reason]}`
    : MOVEMENT_KIND_LABELS[e.kind];

const Reference = ({ entry }: { entry: StockLogEntry }) => {
  if (!entry.reference_id || !entry.reference_number) return null;
  const to =
    entry.reference_type === 'transfer'
      ? transferDetailPath(entry.reference_id)
      : entry.reference_type === 'stock_count'
        ? countCompletedPath(entry.reference_id)
        : null;
  return to ? (
    <Anchor component={Link} to={to} size="xs">
      {entry.reference_number}
    </Anchor>
  ) : (
    <Text size="xs">{entry.reference_number}</Text>
  );
};

const Change = ({ q }: { q: number }) => (
  <Text fw={700} c={q > 0 ? 'teal.9' : 'red.9'} span>
    {formatChange(q)}
  </Text>
);

/** Stock movements: a table on a computer, cards on a phone. */
export const StockLogList = ({ entries }: { entries: StockLogEntry[] }) => {
  const wide = useMediaQuery('(min-width: 62em)', true);
  if (!wide) {
    return (
      <Stack gap="xs">
        {entries.map((e) => (
          <Card key={e._id} withBorder padding="sm" radius="md" data-testid="log-row">
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
              <div style={{ minWidth: 0 }}>
                <Text fw={600} lineClamp={2}>
                  {e.name}
                </Text>
                <Text size="sm" c="dimmed">
                  {e.store_name} · {formatDateTime(e.created_at)}
                </Text>
              </div>
              <div style={{ textAlign: 'right', flexShrink: 0 }}>
                <Change q={e.quantity} />
                <Text size="xs" c="dimmed">
                  Now {formatQty(e.balance_after)}
                </Text>
              </div>
            </Group>
            <Group gap={6} mt={6} wrap="wrap">
              <Badge
                variant="light"
                color={e.quantity > 0 ? 'teal' : 'red'}
                style={{ textTransform: 'none' }}
              >
                {movementLabel(e)}
              </Badge>
              <Reference entry={e} />
              {e.user_name && (
                <Text size="xs" c="dimmed">
                  by {e.user_name}
                </Text>
              )}
            </Group>
            {e.note && (
              <Text size="sm" mt={4}>
                {e.note}
              </Text>
            )}
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Item</Table.Th>
            <Table.Th>Store</Table.Th>
            <Table.Th>What happened</Table.Th>
            <Table.Th ta="right">Change</Table.Th>
            <Table.Th ta="right">Stock after</Table.Th>
            <Table.Th>By</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((e) => (
            <Table.Tr key={e._id} data-testid="log-row">
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm">{formatDateTime(e.created_at)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {e.name}
                </Text>
                {e.note && (
                  <Text size="xs" c="dimmed" lineClamp={2}>
                    {e.note}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm">{e.store_name}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{movementLabel(e)}</Text>
                <Reference entry={e} />
              </Table.Td>
              <Table.Td ta="right">
                <Change q={e.quantity} />
              </Table.Td>
              <Table.Td ta="right">{formatQty(e.balance_after)}</Table.Td>
              <Table.Td>
                <Text size="sm" c={e.user_name ? undefined : 'dimmed'}>
                  {e.user_name ?? '—'}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};
