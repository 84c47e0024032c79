import { Button, Group, Loader, Modal, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import { TEXT } from '@ms/contracts';

/** Spec 000 §2.7 sync dialog: ongoing, done, failed (try again) or error (try again). */
export type SyncDialogState = 'ongoing' | 'done' | 'failed' | 'error';
export type SyncDialogProps = {
  opened: boolean;
  state: SyncDialogState;
  /** Extra detail, e.g. the error's message. */
  message?: string;
  onRetry?: () => void;
  onClose: () => void;
};

const TITLES: Record<SyncDialogState, string> = {
  ongoing: TEXT.syncOngoing,
  done: TEXT.syncDone,
  failed: TEXT.syncFailed,
  error: TEXT.syncError,
};

export const SyncDialog = ({ opened, state, message, onRetry, onClose }: SyncDialogProps) => {
  const failed = state === 'failed' || state === 'error';
  return (
    <Modal opened={opened} onClose={onClose} centered size="sm" withCloseButton={false}>
      <Stack align="center" ta="center" gap="sm" py="sm" aria-live="polite">
        {state === 'ongoing' ? (
          <Loader size="lg" />
        ) : (
          <ThemeIcon size={56} radius="xl" color={failed ? 'orange' : 'teal'} variant="light">
            {failed ? <IconAlertTriangle size={30} /> : <IconCheck size={30} />}
          </ThemeIcon>
        )}
        <Title order={3}>{TITLES[state]}</Title>
        {message ? <Text c="dimmed">{message}</Text> : null}
        <Group grow w="100%" mt="sm" gap="sm">
          <Button size="md" variant={failed && onRetry ? 'default' : 'filled'} onClick={onClose}>
            {state === 'ongoing' ? 'Hide' : 'Close'}
          </Button>
          {failed && onRetry ? (
            <Button size="md" onClick={onRetry}>
              Try again
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Modal>
  );
};
