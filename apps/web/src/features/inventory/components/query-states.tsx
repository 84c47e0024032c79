import type { ReactNode } from 'react';
import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconLock, IconPackage } from '@tabler/icons-react';

/** Loading, failed, empty and not-allowed states shared by the inventory screens. */
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

/** The server's message, and a way to try again. */
export const LoadError = ({ what, error, onRetry }: { what: string; error: Error; onRetry?: () => void }) => (
  <Alert color="red" title={`Could not load ${what}`} role="alert">
    <Stack gap="xs" align="flex-start">
      <Text size="sm">{error.message}</Text>
      {onRetry && (
        <Button size="xs" variant="white" color="red" onClick={onRetry}>
          Try again
        </Button>
      )}
    </Stack>
  </Alert>
);

export const Empty = ({
  title,
  icon,
  children,
}: {
  title: string;
  icon?: ReactNode;
  children?: ReactNode;
}) => (
  <Center py="xl">
    <Stack align="center" gap="xs" ta="center" maw={400}>
      {icon ?? <IconPackage size={44} color="var(--mantine-color-gray-5)" aria-hidden />}
      <Text fw={600}>{title}</Text>
      {children}
    </Stack>
  </Center>
);

/** Shown instead of a screen the user's role does not allow. */
export const NotAllowed = ({ what }: { what: string }) => (
  <Alert color="gray" title="Not allowed for your role" icon={<IconLock size={18} />}>
    Your role does not let you {what}. Ask your admin to give your role this permission.
  </Alert>
);
