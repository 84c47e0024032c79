import { useMemo, useState, type ReactNode } from 'react';
import { ScrollArea, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { formatMoney } from '@ms/contracts';
import { nextSort, sortRows, type SortState } from '../lib/sort';

export type Column<T> = {
  key: string;
  label: string;
  /** The value sorted on (and shown when there is no render). */
  value: (row: T) => string | number | null;
  render?: (row: T) => ReactNode;
  numeric?: boolean;
  /** The totals row's cell. */
  total?: ReactNode;
};

/** A naira column: sorts on the amount, shows it as money, and the total as money. */
export const moneyColumn = <T,>(
  key: string,
  label: string,
  amount: (row: T) => number,
  total: number,
): Column<T> => ({
  key,
  label,
  value: amount,
  render: (row) => formatMoney(amount(row)),
  numeric: true,
  total: formatMoney(total),
});

type Props<T> = {
  caption: string;
  rows: readonly T[];
  columns: Column<T>[];
  rowKey: (row: T) => string;
  initialSort: SortState<string>;
  testId: string;
  minWidth?: number;
};

/** A report table: every column sorts on click (keyboard too), a totals row, scrolls sideways on a phone. */
export function ReportTable<T>({
  caption,
  rows,
  columns,
  rowKey,
  initialSort,
  testId,
  minWidth = 640,
}: Props<T>) {
  const [sort, setSort] = useState(initialSort);
  const byKey = useMemo(() => new Map(columns.map((c) => [c.key, c])), [columns]);
  const sorted = useMemo(
    () => sortRows(rows, sort, (row, key) => byKey.get(key)?.value(row) ?? null),
    [rows, sort, byKey],
  );
  const hasTotals = columns.some((c) => c.total !== undefined);
  return (
    <Stack gap={4}>
      <Text size="sm" c="dimmed" id={`${testId}-caption`}>
        {caption}
      </Text>
      <ScrollArea type="auto" offsetScrollbars>
        <Table
          striped
          highlightOnHover
          miw={minWidth}
          data-testid={testId}
          verticalSpacing="xs"
          aria-describedby={`${testId}-caption`}
        >
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => {
                const active = sort.key === c.key;
                const Icon = !active ? IconArrowsSort : sort.dir === 'asc' ? IconArrowUp : IconArrowDown;
                return (
                  <Table.Th
                    key={c.key}
                    ta={c.numeric ? 'right' : 'left'}
                    aria-sort={active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'}
                  >
                    <UnstyledButton
                      onClick={() => setSort((s) => nextSort(s, c.key, !!c.numeric))}
                      style={{
                        display: 'inline-flex',
                        alignItems: 'center',
                        gap: 4,
                        fontWeight: 600,
                        fontSize: 14,
                      }}
                    >
                      {c.label}
                      <Icon
                        size={14}
                        aria-hidden
                        color={active ? undefined : 'var(--mantine-color-gray-5)'}
                      />
                    </UnstyledButton>
                  </Table.Th>
                );
              })}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sorted.map((row) => (
              <Table.Tr key={rowKey(row)}>
                {columns.map((c) => (
                  <Table.Td
                    key={c.key}
                    ta={c.numeric ? 'right' : 'left'}
                    style={{ whiteSpace: c.numeric ? 'nowrap' : undefined }}
                  >
                    {c.render ? c.render(row) : c.value(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
          {hasTotals && (
            <Table.Tfoot>
              <Table.Tr data-testid={`${testId}-totals`} fw={700}>
                {columns.map((c, i) => (
                  <Table.Td
                    key={c.key}
                    ta={c.numeric ? 'right' : 'left'}
                    fw={700}
                    style={{ whiteSpace: 'nowrap' }}
                  >
                    {c.total ?? (i === 0 ? 'Total' : '')}
                  </Table.Td>
                ))}
              </Table.Tr>
            </Table.Tfoot>
          )}
        </Table>
      </ScrollArea>
    </Stack>
  );
}
