import { Box, Card, Group, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { formatMoney, type SaleSummary } from '@ms/contracts';
import { useNavigate } from 'react-router';
import { saleTime } from '@/lib/date-time';
import { SaleStatusBadge } from './sale-status-badge';

/** Sales as a table on a laptop and as cards on a phone; a row opens the sale. */
export const SalesList = ({ sales }: { sales: readonly SaleSummary[] }) => {
  const navigate = useNavigate();
  const open = (s: SaleSummary) => void navigate(`/sales-history/${s._id}`);
  return (
    <>
      <Box visibleFrom="md">
        <Table highlightOnHover verticalSpacing="sm" data-testid="sales-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Receipt</Table.Th>
              <Table.Th>Time</Table.Th>
              <Table.Th>Customer</Table.Th>
              <Table.Th>Store</Table.Th>
              <Table.Th>Cashier</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th ta="right">Total</Table.Th>
              <Table.Th ta="right">Owed</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sales.map((s) => (
              <Table.Tr
                key={s._id}
                style={{ cursor: 'pointer' }}
                onClick={() => open(s)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') open(s);
                }}
                tabIndex={0}
                aria-label={`Open sale ${s.receipt_number}`}
              >
                <Table.Td fw={600}>{s.receipt_number}</Table.Td>
                <Table.Td>{saleTime(s)}</Table.Td>
                <Table.Td>
                  {s.customer_name ?? (
                    <Text span inherit c="dimmed">
                      Walk-in
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{s.store_name}</Table.Td>
                <Table.Td>{s.cashier_name ?? '—'}</Table.Td>
                <Table.Td>
                  <SaleStatusBadge status={s.status} />
                </Table.Td>
                <Table.Td ta="right" fw={600}>
                  {formatMoney(s.total)}
                </Table.Td>
                <Table.Td ta="right" c={s.balance > 0 ? 'red.8' : 'dimmed'}>
                  {s.balance > 0 ? formatMoney(s.balance) : '—'}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Box>
      <Stack gap={6} hiddenFrom="md" data-testid="sales-cards">
        {sales.map((s) => (
          <Card key={s._id} withBorder radius="md" padding={0}>
            <UnstyledButton
              p="sm"
              w="100%"
              onClick={() => open(s)}
              aria-label={`Open sale ${s.receipt_number}`}
            >
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text fw={700}>{s.receipt_number}</Text>
                <SaleStatusBadge status={s.status} />
              </Group>
              <Group justify="space-between" wrap="nowrap" gap="xs" mt={4}>
                <Text size="sm" c="dimmed" truncate>
                  {s.customer_name ?? 'Walk-in'} · {s.store_name}
                </Text>
                <Text fw={700}>{formatMoney(s.total)}</Text>
              </Group>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="xs" c="dimmed">
                  {saleTime(s)}
                  {s.cashier_name ? ` · ${s.cashier_name}` : ''}
                </Text>
                {s.balance > 0 && (
                  <Text size="xs" c="red.8" fw={600}>
                    Owes {formatMoney(s.balance)}
                  </Text>
                )}
              </Group>
            </UnstyledButton>
          </Card>
        ))}
      </Stack>
    </>
  );
};
