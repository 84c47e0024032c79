import { useState } from 'react';
import {
  Alert,
  Button,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCashRegister, IconLock, IconPlus } from '@tabler/icons-react';
import { createRegisterBody, type Register } from '@ms/contracts';
import { PageHeader } from '@/components/ui/page-header';
import { allStoresLabel, canManageStores, useMyStores } from '@/features/stores';
import { humanizeMessage } from '@/lib/form-resolver';
import { isAdmin, useSession } from '@/lib/session-store';
import {
  useCanOperateRegisters,
  useCanSeeRegisters,
  useCreateRegister,
  useRegisters,
  useUnregisteredCash,
} from '../api/registers';
import { useRegisterActions } from '../components/register-actions';
import { RegisterCard } from '../components/register-card';
import { unregisteredCashGroups } from '../components/unregistered-cash';
import { UnregisteredCashNotice } from '../components/unregistered-cash-notice';
import { LoadError } from '@/components/ui/query-states';

const ALL = 'all';

/** /registers: the cash drawers of each store, open or closed, and their day-to-day actions. */
const RegistersPage = () => {
  const session = useSession();
  const canSee = useCanSeeRegisters();
  const canOperate = useCanOperateRegisters();
  const canAdd = canManageStores(session);
  const [storeId, setStoreId] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const stores = useMyStores();
  const query = useRegisters(storeId);
  const unregistered = useUnregisteredCash(storeId);
  const { start, dialogs } = useRegisterActions();

  if (!canSee)
    return (
      <Stack maw={1100} mx="auto">
        <PageHeader title="Registers" />
        <Alert color="gray" title="Not allowed for your role" icon={<IconLock size={18} />}>
          Your role does not let you see registers. Ask your admin to give your role the “Make sale”
          permission.
        </Alert>
      </Stack>
    );

  const byStore = new Map<string, { name: string; registers: Register[] }>();
  for (const r of query.data ?? []) {
    const group = byStore.get(r.store_id) ?? { name: r.store_name, registers: [] };
    group.registers.push(r);
    byStore.set(r.store_id, group);
  }
  const cashGroups = new Map(
    unregisteredCashGroups(unregistered.data?.sales ?? [], query.data ?? [], canOperate).map((g) => [
      g.storeId,
      g,
    ]),
  );
  const storeOptions = (stores.data ?? [])
    .filter((s) => s.is_active)
    .map((s) => ({ value: s._id, label: s.name }));

  return (
    <Stack maw={1100} mx="auto" gap="md">
      <PageHeader
        title="Registers"
        description="Open a cash drawer with its float, add or take out cash, and close it by counting the cash."
        actions={
          canAdd && (
            <Button variant="default" leftSection={<IconPlus size={18} />} onClick={() => setAdding(true)}>
              Add register
            </Button>
          )
        }
      />
      {storeOptions.length > 1 && (
        <Select
          label="Store"
          data={[
            { value: ALL, label: allStoresLabel(isAdmin(session), storeOptions.length) ?? 'All stores' },
            ...storeOptions,
          ]}
          value={storeId ?? ALL}
          onChange={(v) => setStoreId(v && v !== ALL ? v : null)}
          allowDeselect={false}
          maw={360}
          size="md"
        />
      )}

      {query.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {[1, 2, 3].map((i) => (
            <Skeleton key={i} h={180} radius="md" />
          ))}
        </SimpleGrid>
      ) : query.isError ? (
        <LoadError what="the registers" error={query.error} onRetry={() => void query.refetch()} />
      ) : byStore.size === 0 ? (
        <Stack align="center" gap="xs" ta="center" py="xl">
          <IconCashRegister size={44} color="var(--mantine-color-gray-5)" aria-hidden />
          <Text fw={600}>No registers to show</Text>
          <Text c="dimmed" size="sm" maw={380}>
            Registers belong to stores. You are not assigned to any store yet: ask your admin to add you to
            one.
          </Text>
        </Stack>
      ) : (
        [...byStore].map(([id, group]) => (
          <Stack key={id} gap="xs">
            {byStore.size > 1 && (
              <Title order={2} size="h4">
                {group.name}
              </Title>
            )}
            {cashGroups.has(id) && <UnregisteredCashNotice group={cashGroups.get(id)!} />}
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
              {group.registers.map((r) => (
                <RegisterCard key={r.id} register={r} canOperate={canOperate} onAction={start} />
              ))}
            </SimpleGrid>
          </Stack>
        ))
      )}
      {dialogs}
      <Modal opened={adding} onClose={() => setAdding(false)} title="Add register" size="sm">
        {adding && (
          <AddRegisterForm
            stores={storeOptions}
            defaultStore={storeId ?? storeOptions[0]?.value ?? null}
            onDone={() => setAdding(false)}
          />
        )}
      </Modal>
    </Stack>
  );
};

const AddRegisterForm = ({
  stores,
  defaultStore,
  onDone,
}: {
  stores: { value: string; label: string }[];
  defaultStore: string | null;
  onDone: () => void;
}) => {
  const [store, setStore] = useState<string | null>(defaultStore);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useCreateRegister();
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        const result = createRegisterBody.safeParse({ store_id: store ?? '', name });
        if (!result.success) return setError(humanizeMessage(result.error.issues[0]?.message ?? ''));
        setError(null);
        create.mutate(result.data, {
          onSuccess: (r) => {
            notifications.show({
              color: 'teal',
              title: 'Register added',
              message: `${r.name} in ${r.store_name}.`,
            });
            onDone();
          },
        });
      }}
    >
      <Stack>
        <Select
          label="Store"
          data={stores}
          value={store}
          onChange={setStore}
          size="md"
          allowDeselect={false}
        />
        <TextInput
          label="Name"
          placeholder="e.g. Till 2"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          size="md"
          maxLength={60}
          data-autofocus
          error={error}
        />
        {create.error && (
          <Alert color="red" role="alert">
            {create.error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending}>
            Add register
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

export default RegistersPage;
