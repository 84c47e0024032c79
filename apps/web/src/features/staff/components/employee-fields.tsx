import { Alert, Checkbox, Loader, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Controller, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { useMyStores } from '@/features/stores';
import { isAdminRole, useRoles } from '../api/staff';

/** One value type for the add and edit forms; each sends the fields its endpoint takes. */
export type EmployeeFormValues = {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  role_id: string;
  store_ids: string[];
  password: string;
  status: 'active' | 'inactive';
};

type Props<TOut = EmployeeFormValues> = {
  control: Control<EmployeeFormValues, unknown, TOut>;
  register: UseFormRegister<EmployeeFormValues>;
  errors: FieldErrors<EmployeeFormValues>;
  disabled?: boolean;
  /** The owner keeps the Admin role. */
  roleLocked?: string;
};

export const NameAndPhoneFields = ({ register, errors, disabled }: Omit<Props, 'control'>) => (
  <>
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
      <TextInput
        label="First name"
        withAsterisk
        autoComplete="off"
        size="md"
        disabled={disabled}
        error={errors.first_name?.message}
        {...register('first_name')}
      />
      <TextInput
        label="Last name"
        withAsterisk
        autoComplete="off"
        size="md"
        disabled={disabled}
        error={errors.last_name?.message}
        {...register('last_name')}
      />
    </SimpleGrid>
    <TextInput
      label="Phone number"
      description="Optional. 11 digits, e.g. 08012345678"
      placeholder="08012345678"
      type="tel"
      inputMode="tel"
      autoComplete="off"
      size="md"
      disabled={disabled}
      error={errors.phone?.message}
      {...register('phone')}
    />
  </>
);

/** Role (from the business's roles) and the stores the person works in. */
export const RoleAndStoresFields = <TOut,>({
  control,
  errors,
  disabled,
  roleLocked,
}: Omit<Props<TOut>, 'register'>) => {
  const roles = useRoles();
  const stores = useMyStores();
  const roleOptions = (roles.data ?? []).map((r) => ({
    value: r._id,
    label: `${r.name}${isAdminRole(r) ? ' (everything)' : ''}${r.active ? '' : ' (inactive)'}`,
    disabled: !r.active,
  }));

  return (
    <>
      <Controller
        control={control}
        name="role_id"
        render={({ field }) => (
          <Select
            label="Role"
            description={
              roleLocked ?? 'What this person is allowed to do. See Roles for the details of each.'
            }
            placeholder={roles.isPending ? 'Loading roles…' : 'Choose a role'}
            withAsterisk
            data={roleOptions}
            value={field.value || null}
            onChange={(v) => field.onChange(v ?? '')}
            onBlur={field.onBlur}
            error={errors.role_id?.message}
            disabled={disabled || !!roleLocked}
            rightSection={roles.isPending ? <Loader size="xs" /> : undefined}
            size="md"
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
        )}
      />
      <Controller
        control={control}
        name="store_ids"
        render={({ field }) => (
          <Checkbox.Group
            size="md"
            label="Stores"
            description="The stores this person can sell from and see."
            withAsterisk
            value={field.value}
            onChange={field.onChange}
            error={errors.store_ids?.message ?? errors.store_ids?.root?.message}
          >
            {stores.isPending ? (
              <Loader size="sm" mt="xs" />
            ) : stores.isError ? (
              <Alert color="red" mt="xs">
                Could not load your stores: {stores.error.message}
              </Alert>
            ) : (stores.data ?? []).length === 0 ? (
              <Text size="sm" c="dimmed" mt="xs">
                You have no stores yet. Add a store first.
              </Text>
            ) : (
              <Stack gap={8} mt="xs">
                {(stores.data ?? []).map((s) => (
                  <Checkbox
                    key={s.id}
                    value={s.id}
                    size="md"
                    disabled={disabled}
                    label={s.is_active ? s.name : `${s.name} (closed)`}
                    description={s.address ?? undefined}
                  />
                ))}
              </Stack>
            )}
          </Checkbox.Group>
        )}
      />
    </>
  );
};
