import { useEffect, useState } from 'react';
import { Alert, Button, Group, Paper, Select, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { ADJUSTMENT_REASON_LABELS, ADJUSTMENT_REASONS_BY_TYPE, type AdjustmentReason } from '@ms/contracts';
import { useLocation, useNavigate } from 'react-router';
import { openConfirm } from '@/components/ui/confirm-dialog';
import { Stepper } from '@/components/ui/stepper';
import { useBusinessId, useSession } from '@/lib/session-store';
import { ItemPicker } from '../components/item-picker';
import { LinesEditor } from '../components/lines-editor';
import { PageHeader } from '@/components/ui/page-header';
import { NotAllowed } from '@/components/ui/query-states';
import { StoreSelect } from '../components/store-select';
import { loadDraft, saveDraft, type AdjustmentDraft } from '../lib/adjustment-draft';
import { ADJUSTMENT_FLOW, ADJUSTMENT_STEPS, adjustmentTypeOf } from '../lib/adjustment-type';
import { addLine, lineError, totalUnits } from '../lib/items';
import { inventoryPaths } from '../lib/paths';
import { inventoryRights } from '../lib/permissions';

/** Add stock / remove stock, step 1: the store, the reason and the items with their quantities. */
const AdjustStockPage = () => {
  const type = adjustmentTypeOf(useLocation().pathname);
  const flow = ADJUSTMENT_FLOW[type];
  const leaving = type === 'remove';
  const rights = inventoryRights(useSession());
  const businessId = useBusinessId();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<AdjustmentDraft>(() => loadDraft(businessId, type));
  const [tried, setTried] = useState(false);
  useEffect(() => saveDraft(businessId, type, draft), [businessId, type, draft]);

  if (!rights.adjust) {
    return (
      <Stack maw={900} mx="auto">
        <PageHeader title={flow.title} back={{ to: inventoryPaths.dashboard, label: 'Inventory' }} />
        <NotAllowed what="adjust stock" />
      </Stack>
    );
  }

  const update = (patch: Partial<AdjustmentDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const changeStore = async (storeId: string | null) => {
    if (storeId === draft.storeId) return;
    if (draft.lines.length > 0 && draft.storeId) {
      const ok = await openConfirm({
        title: 'Change store?',
        message: 'Stock differs from store to store, so the items you picked will be cleared.',
        confirmLabel: 'Change store',
      });
      if (!ok) return;
    }
    update({ storeId, lines: draft.storeId ? [] : draft.lines });
  };

  const reasons = ADJUSTMENT_REASONS_BY_TYPE[type].map((r) => ({
    value: r,
    label: ADJUSTMENT_REASON_LABELS[r],
  }));
  const problems = [
    !draft.storeId && 'Choose the store.',
    !draft.reason && 'Choose a reason.',
    draft.reason === 'other' && !draft.note.trim() && 'Say why in the note (the reason is Other).',
    draft.lines.length === 0 && 'Add at least one item.',
    draft.lines.some((l) => lineError(l, leaving)) && 'Fix the quantities marked in red.',
  ].filter((p): p is string => !!p);

  const next = () => {
    setTried(true);
    if (problems.length === 0) navigate(flow.review);
  };

  return (
    <Stack maw={900} mx="auto" gap="md" pb="xl">
      <PageHeader
        title={flow.title}
        description={flow.description}
        back={{ to: inventoryPaths.dashboard, label: 'Inventory' }}
      />
      <Stepper steps={ADJUSTMENT_STEPS} current={1} />

      <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <StoreSelect
              label="Store"
              withAsterisk
              value={draft.storeId}
              onChange={(id) => void changeStore(id)}
              autoPick={!draft.storeId}
              error={tried && !draft.storeId ? 'Choose the store' : undefined}
            />
            <Select
              label="Reason"
              withAsterisk
              size="md"
              placeholder="Why?"
              data={reasons}
              value={draft.reason}
              onChange={(r) => update({ reason: (r as AdjustmentReason | null) ?? null })}
              allowDeselect={false}
              error={tried && !draft.reason ? 'Choose a reason' : undefined}
              comboboxProps={{ withinPortal: true }}
            />
          </SimpleGrid>
          <Textarea
            label="Note"
            description={
              draft.reason === 'other'
                ? 'Required when the reason is Other.'
                : 'Optional, e.g. the supplier or invoice number.'
            }
            size="md"
            autosize
            minRows={1}
            maxRows={4}
            maxLength={500}
            value={draft.note}
            onChange={(e) => update({ note: e.currentTarget.value })}
            error={tried && draft.reason === 'other' && !draft.note.trim() ? 'Say why' : undefined}
          />
        </Stack>
      </Paper>

      <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md">
        <ItemPicker
          storeId={draft.storeId}
          lines={draft.lines}
          leaving={leaving}
          onAdd={(item) => update({ lines: addLine(draft.lines, item) })}
        />
      </Paper>

      <Stack gap="xs">
        <Title order={2} size="h4">
          Items to {flow.verb.toLowerCase()} ({draft.lines.length})
        </Title>
        {draft.lines.length === 0 ? (
          <Text c="dimmed" size="sm">
            No items yet. Search above and tap Add on each product you want to {flow.verb.toLowerCase()}.
          </Text>
        ) : (
          <LinesEditor
            lines={draft.lines}
            onChange={(lines) => update({ lines })}
            leaving={leaving}
            quantityLabel={flow.verb}
            showErrors={tried}
          />
        )}
      </Stack>

      {tried && problems.length > 0 && (
        <Alert color="red" title="Before you continue">
          {problems.map((p) => (
            <Text key={p} size="sm">
              {p}
            </Text>
          ))}
        </Alert>
      )}
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed">
          {totalUnits(draft.lines)} units in {draft.lines.length}{' '}
          {draft.lines.length === 1 ? 'item' : 'items'}
        </Text>
        <Button size="md" rightSection={<IconArrowRight size={18} />} onClick={next}>
          Continue
        </Button>
      </Group>
    </Stack>
  );
};

export default AdjustStockPage;
