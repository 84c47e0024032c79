import type { ReactNode } from 'react';
import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

/** Loading, failed and not-found states shared by the staff screens. */
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

export const LoadError = ({ what, error, onRetry }: { what: string; error: Error; onRetry: () => void }) => (
  <Alert color="red" title={`Could not load ${what}`}>
    <Stack gap="xs" align="flex-start">
      <Text size="sm">{error.message}</Text>
      <Button size="xs" variant="white" color="red" onClick={onRetry}>
        Try again
      </Button>
    </Stack>
  </Alert>
);

export const NotFound = ({ title, children }: { title: string; children?: ReactNode }) => (
  <Center py="xl">
    <Stack align="center" gap="xs" ta="center" maw={380}>
      <IconSearch size={40} color="var(--mantine-color-gray-5)" aria-hidden />
      <Text fw={600}>{title}</Text>
      {children}
    </Stack>
  </Center>
);
