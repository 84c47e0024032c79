import { memo } from 'react';
import { Box, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { formatMoney, type GraphPoint } from '@ms/contracts';
import { dayLabel, dayLabelParts } from '../lib/date-range';

const HEIGHT = 220;
// Room under the bars for the day (two lines), above them for the value.
const PLOT = HEIGHT - 62;
const compact = new Intl.NumberFormat('en-NG', { notation: 'compact', maximumFractionDigits: 1 });
/** "₦7.5K" over a bar; a day whose refunds outweigh its sales reads "-₦1.2K" (and has no bar). */
export const shortNaira = (naira: number) =>
  naira === 0 ? '₦0' : `${naira < 0 ? '-' : ''}₦${compact.format(Math.abs(naira))}`;

/**
 * The last 7 days' sales value, one bar per shop day, drawn as plain boxes: seven bars do not need
 * a chart library, and the one the reports use (recharts) costs a mid-range phone about a second
 * of main thread to draw them (decision 0002, "Session 14"). Each bar carries its value above it,
 * and the same figures are in a table for screen readers.
 */
export const SalesGraph = memo(function SalesGraph({ points }: { points: GraphPoint[] }) {
  // The best day fills the plot; a day with any sales keeps a sliver of a bar.
  const top = Math.max(0, ...points.map((p) => p.totalSalesValue));
  const barHeight = (value: number) => (value > 0 ? Math.max(2, Math.round((value / top) * PLOT)) : 0);
  return (
    <>
      <Box
        role="img"
        aria-label="Sales value for each of the last 7 days"
        h={HEIGHT}
        style={{ display: 'flex', flexDirection: 'column', justifyContent: 'flex-end' }}
      >
        <Group
          gap={4}
          align="flex-end"
          wrap="nowrap"
          h={PLOT + 20}
          style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
        >
          {points.map((p) => (
            <Stack
              key={p.date}
              gap={2}
              align="center"
              justify="flex-end"
              style={{ flex: 1, minWidth: 0 }}
              title={`${dayLabel(p.date)}: ${formatMoney(p.totalSalesValue)}, ${p.totalSales} ${p.totalSales === 1 ? 'sale' : 'sales'}`}
            >
              <Text size="xs" c="dimmed" lh={1.2} truncate>
                {shortNaira(p.totalSalesValue)}
              </Text>
              <Box
                data-testid="sales-graph-bar"
                data-value={p.totalSalesValue}
                w="100%"
                maw={40}
                h={barHeight(p.totalSalesValue)}
                bg="teal.6"
                style={{ borderRadius: '4px 4px 0 0' }}
              />
            </Stack>
          ))}
        </Group>
        <Group gap={4} wrap="nowrap" mt={6}>
          {points.map((p) => {
            // Two lines: seven days fit under a 375 px phone's bars without being cut.
            const label = dayLabelParts(p.date);
            return (
              <Text key={p.date} size="xs" c="dimmed" ta="center" lh={1.2} style={{ flex: 1, minWidth: 0 }}>
                {label.weekday}
                <br />
                {label.day}
              </Text>
            );
          })}
        </Group>
      </Box>
      <VisuallyHidden>
        <table>
          <caption>Sales value for each of the last 7 days</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Sales value</th>
              <th scope="col">Sales</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.date}>
                <th scope="row">{dayLabel(p.date)}</th>
                <td>{formatMoney(p.totalSalesValue)}</td>
                <td>{p.totalSales}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </>
  );
});
