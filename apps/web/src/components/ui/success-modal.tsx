import type { ReactNode } from 'react';
import { Button, Modal, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';

/** Spec 000 §2.7 success modal: a tick, what happened, and a CLOSE button. */
export type SuccessModalProps = {
  opened: boolean;
  title: ReactNode;
  message?: ReactNode;
  onClose: () => void;
};

export const SuccessModal = ({ opened, title, message, onClose }: SuccessModalProps) => (
  <Modal opened={opened} onClose={onClose} centered size="sm" withCloseButton={false}>
    <Stack align="center" ta="center" gap="sm" py="md">
      <ThemeIcon size={64} radius="xl" color="teal" variant="light">
        <IconCheck size={36} stroke={2.5} />
      </ThemeIcon>
      <Title order={3}>{title}</Title>
      {message ? <Text c="dimmed">{message}</Text> : null}
      <Button fullWidth size="md" mt="md" onClick={onClose} data-autofocus>
        CLOSE
      </Button>
    </Stack>
  </Modal>
);
