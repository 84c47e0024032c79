import { Alert, Button, Group, Paper, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { createSalesAgentBody, type CreateSalesAgentBody } from '@ms/contracts';
import { ApiError } from '@/lib/api-client';
import { formResolver } from '@/lib/form-resolver';
import { useSalesAgentMutations } from '../api/sales-agents';

type Values = { name: string; phone: string; code: string };
const EMPTY: Values = { name: '', phone: '', code: '' };

/** Adds a sales agent to a store; a code is made for them unless one is given. */
export const AddAgentForm = ({
  stores,
  storeId,
  onStore,
}: {
  stores: { _id: string; name: string }[];
  storeId: string | null;
  onStore: (id: string) => void;
}) => {
  const { create } = useSalesAgentMutations();
  const { register, handleSubmit, reset, setError, formState } = useForm<
    Values,
    unknown,
    CreateSalesAgentBody
  >({
    resolver: formResolver(zodResolver(createSalesAgentBody), {
      blank: { phone: undefined, code: undefined },
    }),
    defaultValues: EMPTY,
  });

  const submit = handleSubmit((body) => {
    if (!storeId) return;
    create.mutate(
      { storeId, body },
      {
        onSuccess: (agent) => {
          reset(EMPTY);
          notifications.show({ color: 'teal', message: `${agent.name} added. Their code is ${agent.code}.` });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) setError('code', { message: error.message });
        },
      },
    );
  });
  const failure =
    create.error instanceof ApiError && create.error.status !== 409 ? create.error.message : null;
  const e = formState.errors;

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="add-agent-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4" id="add-agent-title">
            Add a sales agent
          </Title>
          {failure && (
            <Alert color="red" title="The agent was not added">
              {failure}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label="Store"
              data={stores.map((s) => ({ value: s._id, label: s.name }))}
              value={storeId}
              onChange={(v) => v && onStore(v)}
              allowDeselect={false}
              size="md"
              required
            />
            <TextInput
              label="Name"
              size="md"
              required
              maxLength={80}
              error={e.name?.message}
              {...register('name')}
            />
            <TextInput
              label="Phone"
              description="Optional"
              placeholder="08012345678"
              inputMode="tel"
              size="md"
              error={e.phone?.message}
              {...register('phone')}
            />
            <TextInput
              label="Code"
              description="Leave empty and we make one, like AG1234"
              size="md"
              maxLength={12}
              autoCapitalize="characters"
              error={e.code?.message}
              {...register('code')}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" size="md" loading={create.isPending} disabled={!storeId}>
              Add agent
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
};
