import type { ReactNode } from 'react';
import { Alert, Button, Center, Group, Loader, Stack, Text, type AlertProps } from '@mantine/core';
import { IconLock, IconPackage, IconSearch } from '@tabler/icons-react';

/**
 * What a screen shows while its data is not there: loading, failed (with the server's message and
 * "Try again"), empty, not found and not allowed. Every screen uses these, so they look and read alike.
 */
export const Loading = ({ label = 'Loading…' }: { label?: string }) => (
  <Center py="xl">
    <Stack align="center" gap="xs">
      <Loader />
      <Text c="dimmed" size="sm">
        {label}
      </Text>
    </Stack>
  </Center>
);

/** "Could not load {what}", the server's message, "Try again" when `onRetry` is given, and any further actions. */
export const LoadError = ({
  what,
  error,
  onRetry,
  children,
  ...alert
}: {
  what: string;
  error: { message: string };
  onRetry?: () => void;
  children?: ReactNode;
} & Omit<AlertProps, 'title' | 'children'>) => (
  <Alert color="red" title={`Could not load ${what}`} {...alert}>
    <Stack gap="xs" align="flex-start">
      <Text size="sm">{error.message}</Text>
      {(onRetry || children) && (
        <Group gap="xs">
          {onRetry && (
            <Button size="xs" variant="white" color="red" onClick={onRetry}>
              Try again
            </Button>
          )}
          {children}
        </Group>
      )}
    </Stack>
  </Alert>
);

/** Nothing to show: an icon (a package unless given), a title and what to do about it. */
export const Empty = ({
  title,
  icon,
  children,
  maw = 400,
}: {
  title?: ReactNode;
  icon?: ReactNode;
  children?: ReactNode;
  maw?: number;
}) => (
  <Center py="xl">
    <Stack align="center" gap="xs" ta="center" maw={maw}>
      {icon ?? <IconPackage size={44} color="var(--mantine-color-gray-5)" aria-hidden />}
      {title !== undefined && <Text fw={600}>{title}</Text>}
      {children}
    </Stack>
  </Center>
);

/** A record that is not there (or no longer): Empty with a search icon. */
export const NotFound = ({ title, children }: { title: string; children?: ReactNode }) => (
  <Empty
    title={title}
    maw={380}
    icon={<IconSearch size={40} color="var(--mantine-color-gray-5)" aria-hidden />}
  >
    {children}
  </Empty>
);

/** Shown instead of a screen the user's role does not allow. */
export const NotAllowed = ({ what }: { what: string }) => (
  <Alert color="gray" title="Not allowed for your role" icon={<IconLock size={18} />}>
    Your role does not let you {what}. Ask your admin to give your role this permission.
  </Alert>
);
