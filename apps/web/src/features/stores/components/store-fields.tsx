import { Stack, TextInput } from '@mantine/core';
import type { FieldErrors, Path, UseFormRegister } from 'react-hook-form';

/** The fields a store has, shared by the add form and the edit drawer. */
export type StoreFieldValues = {
  name: string;
  address?: string;
  phone?: string | null;
  email?: string | null;
};

type Props<T extends StoreFieldValues> = {
  register: UseFormRegister<T>;
  errors: FieldErrors<StoreFieldValues>;
  disabled?: boolean;
};

export const StoreFields = <T extends StoreFieldValues>({ register, errors, disabled }: Props<T>) => {
  const field = (name: keyof StoreFieldValues) => register(name as Path<T>);
  return (
    <Stack gap="sm">
      <TextInput
        label="Store name"
        placeholder="e.g. Yaba Store"
        withAsterisk
        size="md"
        disabled={disabled}
        error={errors.name?.message}
        {...field('name')}
      />
      <TextInput
        label="Address"
        placeholder="Street, area, city"
        size="md"
        disabled={disabled}
        error={errors.address?.message}
        {...field('address')}
      />
      <TextInput
        label="Phone number"
        description="Optional. 11 digits, e.g. 08012345678"
        placeholder="08012345678"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        size="md"
        disabled={disabled}
        error={errors.phone?.message}
        {...field('phone')}
      />
      <TextInput
        label="E-mail"
        description="Optional"
        placeholder="store@example.com"
        type="email"
        autoComplete="email"
        size="md"
        disabled={disabled}
        error={errors.email?.message}
        {...field('email')}
      />
    </Stack>
  );
};
