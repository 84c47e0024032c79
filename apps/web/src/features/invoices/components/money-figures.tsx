import { Card, Group, SimpleGrid, Text } from '@mantine/core';
import { formatMoney } from '@ms/contracts';

export type MoneyFigure = { label: string; value: number; testId: string; alert?: boolean };

/** Three sums in one card: a line each on a phone, side by side on a wider screen. */
export const MoneyFigures = ({ figures }: { figures: readonly MoneyFigure[] }) => (
  <Card withBorder p="sm">
    <SimpleGrid cols={{ base: 1, xs: figures.length }} spacing={4} verticalSpacing={4}>
      {figures.map((f) => (
        <Group key={f.label} justify="space-between" gap="xs" wrap="nowrap" pr="sm">
          <Text size="sm" c="dimmed">
            {f.label}
          </Text>
          <Text fw={700} data-testid={f.testId} c={f.alert ? 'red' : undefined}>
            {formatMoney(f.value)}
          </Text>
        </Group>
      ))}
    </SimpleGrid>
  </Card>
);
