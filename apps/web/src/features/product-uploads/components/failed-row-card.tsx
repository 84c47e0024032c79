import { useState } from 'react';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconPencil } from '@tabler/icons-react';
import { parseUploadRow, UPLOAD_COLUMNS, type UploadBatchRow } from '@ms/contracts';

type Cells = Record<string, string>;

const summary = (cells: Cells) =>
  UPLOAD_COLUMNS.filter((c) => cells[c.key])
    .map((c) => `${c.key}: ${cells[c.key]}`)
    .join(' · ');

/**
 * One failed row: its reason and cells; Edit opens the cells inline, checked as you type with the
 * same rules the server uses. Kept edits are sent with the next reprocess.
 */
export const FailedRowCard = ({
  row,
  edited,
  onKeep,
  onDiscard,
}: {
  row: UploadBatchRow;
  edited: Cells | undefined;
  onKeep: (cells: Cells) => void;
  onDiscard: () => void;
}) => {
  const [draft, setDraft] = useState<Cells | null>(null);
  const cells = edited ?? row.data;
  const check = draft ? parseUploadRow(draft) : null;

  return (
    <Card withBorder radius="md" padding="md" data-testid="failed-row">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={700}>Row {row.row_number}</Text>
          {edited && !draft && (
            <Badge color="blue" variant="light">
              Edited
            </Badge>
          )}
        </Group>
        <Group gap={6} wrap="nowrap" align="flex-start" c="red.7">
          <IconAlertCircle size={18} style={{ flexShrink: 0, marginTop: 2 }} aria-hidden />
          <Text size="sm" data-testid="failed-reason">
            {row.error}
          </Text>
        </Group>

        {draft ? (
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
              {UPLOAD_COLUMNS.map((c) => (
                <TextInput
                  key={c.key}
                  label={c.key}
                  withAsterisk={c.required}
                  value={draft[c.key] ?? ''}
                  onChange={(e) => {
                    const value = e.currentTarget.value;
                    setDraft((d) => ({ ...(d ?? {}), [c.key]: value }));
                  }}
                  inputMode={
                    ['cost_price', 'selling_price', 'stock', 'low_stock_threshold'].includes(c.key)
                      ? 'decimal'
                      : undefined
                  }
                />
              ))}
            </SimpleGrid>
            {check && (
              <Group gap={6} c={check.ok ? 'teal.8' : 'red.7'} wrap="nowrap" align="flex-start" role="status">
                {check.ok ? (
                  <IconCircleCheck size={18} aria-hidden />
                ) : (
                  <IconAlertCircle size={18} aria-hidden />
                )}
                <Text size="sm">{check.ok ? 'This row looks good now.' : check.error}</Text>
              </Group>
            )}
            <Group>
              <Button
                size="sm"
                onClick={() => {
                  const kept = Object.fromEntries(
                    Object.entries(draft)
                      .map(([k, v]) => [k, v.trim()] as const)
                      .filter(([, v]) => v !== ''),
                  );
                  onKeep(kept);
                  setDraft(null);
                }}
              >
                Keep changes
              </Button>
              <Button size="sm" variant="default" onClick={() => setDraft(null)}>
                Cancel
              </Button>
            </Group>
          </Stack>
        ) : (
          <>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {summary(cells) || 'This row is empty.'}
            </Text>
            <Group gap="xs">
              <Button
                size="sm"
                variant="light"
                leftSection={<IconPencil size={16} />}
                onClick={() => setDraft({ ...cells })}
                aria-label={`Edit row ${row.row_number}`}
              >
                Edit
              </Button>
              {edited && (
                <Button size="sm" variant="subtle" color="gray" onClick={onDiscard}>
                  Undo edit
                </Button>
              )}
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
};
