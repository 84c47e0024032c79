import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Paper, Text } from '@mantine/core';
import { formatMoney } from '@ms/contracts';
import { shortLabel } from '../lib/sort';

type Props = { title: string; data: { label: string; value: number }[]; testId: string; seriesLabel: string };

/** Horizontal bars, biggest first: names stay readable on a 375 px phone. */
export const ReportBarChart = ({ title, data, testId, seriesLabel }: Props) => (
  <Paper withBorder radius="md" p="sm" data-testid={testId}>
    <Text fw={600} size="sm" mb="xs">
      {title}
    </Text>
    <BarChart
      h={Math.max(120, data.length * 36 + 40)}
      data={data.map((d) => ({ label: shortLabel(d.label), value: d.value }))}
      dataKey="label"
      orientation="vertical"
      yAxisProps={{ width: 110 }}
      // Room on the right for the value label of the longest bar.
      xAxisProps={{ domain: [0, (max: number) => Math.max(1, max * 1.35)] }}
      series={[{ name: 'value', label: seriesLabel, color: 'teal.6' }]}
      valueFormatter={(v) => formatMoney(v)}
      gridAxis="none"
      withXAxis={false}
      withBarValueLabel
      barProps={{ radius: 4 }}
      maxBarWidth={32}
    />
  </Paper>
);
