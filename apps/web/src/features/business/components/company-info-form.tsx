import {
  Alert,
  Autocomplete,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import {
  DEFAULT_TIME_ZONE,
  updateBusinessBody,
  type BusinessData,
  type UpdateBusinessBody,
} from '@ms/contracts';
import { ImagePicker } from '@/components/ui/image-picker';
import { ApiError } from '@/lib/api-client';
import { formResolver } from '@/lib/form-resolver';
import { useUpdateBusiness } from '../api/business';

type FormValues = {
  name: string;
  email: string;
  phone: string;
  address: string;
  business_type: string;
  logo_url: string | null;
  store_credit_active: boolean;
  timezone: string;
};

const BUSINESS_TYPES = [
  'Supermarket',
  'Provision store',
  'Pharmacy',
  'Restaurant',
  'Fashion and clothing',
  'Electronics and phones',
  'Beauty and cosmetics',
  'Building materials',
  'Bakery',
  'Other',
];

/** Every zone the browser knows, the business's own first when the list lacks it. */
const timeZones = (current: string): string[] => {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return all.includes(current) ? all : [current, ...all];
};

const toValues = (b: BusinessData): FormValues => ({
  name: b.name,
  email: b.email ?? '',
  phone: b.phone ?? '',
  address: b.address ?? '',
  business_type: b.business_type ?? '',
  logo_url: b.logo_url,
  store_credit_active: b.store_credit_active,
  timezone: b.timezone ?? DEFAULT_TIME_ZONE,
});

/** Company information (spec 000 §7.2 PATCH /v1/businesses/{id}); sends only what changed. */
export const CompanyInfoForm = ({ business }: { business: BusinessData }) => {
  const update = useUpdateBusiness();
  const { register, control, handleSubmit, reset, formState } = useForm<
    FormValues,
    unknown,
    UpdateBusinessBody
  >({
    // A blank phone is left as it was: the business phone can be changed but not removed.
    resolver: formResolver(zodResolver(updateBusinessBody), { blank: { phone: undefined } }),
    defaultValues: toValues(business),
  });
  const { errors, dirtyFields, isDirty } = formState;

  const submit = handleSubmit((values) => {
    const body = Object.fromEntries(
      Object.entries(values).filter(([k, v]) => dirtyFields[k as keyof FormValues] && v !== undefined),
    ) as UpdateBusinessBody;
    if (Object.keys(body).length === 0) {
      notifications.show({ message: 'Nothing to save: no field was changed.' });
      return;
    }
    update.mutate(
      { id: business._id, body },
      {
        onSuccess: (saved) => {
          reset(toValues(saved));
          notifications.show({
            color: 'teal',
            title: 'Saved',
            message: 'Your business details were updated.',
          });
        },
      },
    );
  });

  const busy = update.isPending;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
          <Stack gap="md">
            <Controller
              control={control}
              name="logo_url"
              render={({ field }) => (
                <Stack gap={4}>
                  <ImagePicker
                    label="Business logo"
                    value={field.value}
                    onChange={(url) => field.onChange(url)}
                    disabled={busy}
                  />
                  {field.value && (
                    <Button
                      variant="subtle"
                      color="red"
                      size="compact-sm"
                      w="fit-content"
                      onClick={() => field.onChange(null)}
                      disabled={busy}
                    >
                      Remove logo
                    </Button>
                  )}
                </Stack>
              )}
            />
            <TextInput
              label="Business name"
              withAsterisk
              size="md"
              disabled={busy}
              error={errors.name?.message}
              {...register('name')}
            />
            <Controller
              control={control}
              name="business_type"
              render={({ field }) => (
                <Autocomplete
                  label="Type of business"
                  placeholder="e.g. Supermarket"
                  data={BUSINESS_TYPES}
                  size="md"
                  disabled={busy}
                  error={errors.business_type?.message}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                />
              )}
            />
            <TextInput
              label="Business e-mail"
              withAsterisk
              type="email"
              autoComplete="email"
              size="md"
              disabled={busy}
              error={errors.email?.message}
              {...register('email')}
            />
            <TextInput
              label="Business phone number"
              placeholder="08012345678"
              description="11 digits, e.g. 08012345678"
              type="tel"
              inputMode="tel"
              size="md"
              disabled={busy}
              error={errors.phone?.message}
              {...register('phone')}
            />
            <Textarea
              label="Address"
              placeholder="Street, area, city"
              autosize
              minRows={2}
              size="md"
              disabled={busy}
              error={errors.address?.message}
              {...register('address')}
            />
            <Controller
              control={control}
              name="timezone"
              render={({ field }) => (
                <Select
                  label="Time zone"
                  description="Every date, every day's figures and every receipt use it, whatever the device's clock says."
                  data={timeZones(field.value)}
                  searchable
                  allowDeselect={false}
                  size="md"
                  disabled={busy}
                  error={errors.timezone?.message}
                  value={field.value}
                  onChange={(v) => field.onChange(v ?? field.value)}
                  onBlur={field.onBlur}
                />
              )}
            />
          </Stack>
        </Paper>

        <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
          <Controller
            control={control}
            name="store_credit_active"
            render={({ field }) => (
              <Switch
                size="md"
                checked={field.value}
                onChange={(e) => field.onChange(e.currentTarget.checked)}
                disabled={busy}
                label={<Text fw={600}>Store credit</Text>}
                description="Let customers keep credit with you and pay with it at the till."
              />
            )}
          />
        </Paper>

        {update.error && (
          <Alert color="red" title="Could not save">
            {update.error instanceof ApiError ? update.error.message : String(update.error)}
          </Alert>
        )}
        {errors.root?.message && <Alert color="red">{errors.root.message}</Alert>}

        <Group justify="flex-end" gap="sm" wrap="nowrap">
          <Button
            variant="default"
            size="md"
            disabled={!isDirty || busy}
            onClick={() => reset(toValues(business))}
          >
            Undo changes
          </Button>
          <Button type="submit" size="md" loading={busy} disabled={!isDirty}>
            Save changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
