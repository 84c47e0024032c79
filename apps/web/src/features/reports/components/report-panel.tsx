import { useState, type ReactNode } from 'react';
import { Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { LoadError } from '@/components/ui/query-states';
import { downloadReportCsv, type ReportFilters } from '../api/reports';
import { csvFileName } from '../lib/sort';

export const ReportLoading = () => (
  <Stack gap="xs">
    {[1, 2, 3].map((i) => (
      <Skeleton key={i} h={48} radius="md" />
    ))}
  </Stack>
);

/** "Export CSV": the server's CSV of the report for the same days and store. */
export const ExportButton = ({
  onExport,
  disabled,
}: {
  onExport: () => Promise<void>;
  disabled?: boolean;
}) => {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <Stack gap={4} align="flex-end">
      <Button
        variant="default"
        leftSection={<IconDownload size={16} aria-hidden />}
        loading={busy}
        disabled={disabled}
        onClick={async () => {
          setBusy(true);
          setError(null);
          try {
            await onExport();
          } catch (e) {
            setError(e instanceof Error ? e.message : 'The download failed. Try again.');
          } finally {
            setBusy(false);
          }
        }}
      >
        Export CSV
      </Button>
      {error && (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
};

type ReportData = { rows: readonly unknown[]; startdate: string; enddate: string };

type Props<R extends ReportData> = {
  query: UseQueryResult<R>;
  filters: ReportFilters;
  /** How "Export CSV" asks the server for this report, and the file's name (days added). */
  csv: { method: 'GET' | 'POST'; path: string; name: string };
  /** Figures shown left of "Export CSV". */
  stats?: (report: R) => ReactNode;
  /** Shown instead of the report when it has no rows. */
  empty: ReactNode;
  children: (report: R) => ReactNode;
};

/** A report tab: loading, error with retry, its figures and "Export CSV", then the report or `empty`. */
export function ReportPanel<R extends ReportData>({ query, filters, csv, stats, empty, children }: Props<R>) {
  if (query.isPending) return <ReportLoading />;
  if (query.isError)
    return <LoadError what="this report" error={query.error} onRetry={() => void query.refetch()} />;
  const r = query.data;
  return (
    <Stack gap="md">
      <Group justify={stats ? 'space-between' : 'flex-end'} align="flex-start">
        {stats?.(r)}
        <ExportButton
          disabled={!r.rows.length}
          onExport={() =>
            downloadReportCsv(csv.method, csv.path, filters, csvFileName(csv.name, r.startdate, r.enddate))
          }
        />
      </Group>
      {r.rows.length === 0 ? empty : children(r)}
    </Stack>
  );
}
