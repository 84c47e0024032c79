import { Button, Group, Modal, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock, IconLockX } from '@tabler/icons-react';
import { TEXT } from '@ms/contracts';

/**
 * Spec 000 §2.7 incorrect-PIN dialog: "Incorrect PIN" with the server's message and Forgot Pin /
 * Cancel, or, once the wallet is blocked, only the blocked text.
 */
export type IncorrectPinDialogProps = {
  opened: boolean;
  /** What the server said, e.g. how many tries are left. */
  message?: string;
  blocked?: boolean;
  onForgotPin: () => void;
  onClose: () => void;
};

export const IncorrectPinDialog = ({
  opened,
  message,
  blocked = false,
  onForgotPin,
  onClose,
}: IncorrectPinDialogProps) => (
  <Modal opened={opened} onClose={onClose} centered size="sm" withCloseButton={false}>
    <Stack align="center" ta="center" gap="sm" py="sm">
      <ThemeIcon size={56} radius="xl" color="red" variant="light">
        {blocked ? <IconLockX size={30} /> : <IconLock size={30} />}
      </ThemeIcon>
      {blocked ? (
        <>
          <Title order={3}>{TEXT.walletBlocked}</Title>
          <Button fullWidth size="md" mt="sm" variant="default" onClick={onClose}>
            Close
          </Button>
        </>
      ) : (
        <>
          <Title order={3}>{TEXT.incorrectPin}</Title>
          {message ? <Text c="dimmed">{message}</Text> : null}
          <Group grow w="100%" mt="sm" gap="sm">
            <Button size="md" variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button size="md" onClick={onForgotPin}>
              Forgot Pin
            </Button>
          </Group>
        </>
      )}
    </Stack>
  </Modal>
);
