import { BarChart } from '@mantine/charts';
import { formatMoney, type GraphPoint } from '@ms/contracts';
import { dayLabel } from '../lib/date-range';

/** The last 7 days' sales value, one bar per Lagos day (loaded on its own: the chart library is big). */
const SalesGraph = ({ points }: { points: GraphPoint[] }) => (
  // A chart's wrapper has no role of its own, so the name goes on an image role around it.
  <div role="img" aria-label="Sales value for each of the last 7 days">
    <BarChart
      h={220}
      data={points.map((p) => ({ day: dayLabel(p.date), Sales: p.totalSalesValue, count: p.totalSales }))}
      dataKey="day"
      series={[{ name: 'Sales', color: 'teal.6' }]}
      valueFormatter={(v) => formatMoney(v)}
      yAxisProps={
        points.some((p) => p.totalSalesValue > 0) ? { width: 80 } : { width: 80, domain: [0, 1000] }
      }
      tickLine="y"
      gridAxis="y"
      // Drawn once: animating the bars costs a slow phone a second of work, for nothing it needs.
      barProps={{ isAnimationActive: false }}
    />
  </div>
);

export default SalesGraph;
