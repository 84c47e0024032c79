import { Button, Modal, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconDeviceMobileOff } from '@tabler/icons-react';
import { TEXT } from '@ms/contracts';

/** Spec 000 §4: the server no longer recognizes this device (removed by an admin); only Logout helps. */
export type UnsanctionedDeviceModalProps = { opened: boolean; onLogout: () => void };

export const UnsanctionedDeviceModal = ({ opened, onLogout }: UnsanctionedDeviceModalProps) => (
  <Modal
    opened={opened}
    onClose={() => {}}
    withCloseButton={false}
    closeOnClickOutside={false}
    closeOnEscape={false}
    centered
    size="sm"
    zIndex={400}
  >
    <Stack align="center" ta="center" gap="sm" py="sm">
      <ThemeIcon size={56} radius="xl" color="orange" variant="light">
        <IconDeviceMobileOff size={30} />
      </ThemeIcon>
      <Title order={3}>This device is not approved</Title>
      <Text fw={500}>{TEXT.deviceNotRecognized}</Text>
      <Text size="sm" c="dimmed">
        An admin of your business removed this device, or its approval ended. Log out, then log in again: we
        will e-mail a code to approve this device.
      </Text>
      <Button fullWidth size="md" mt="sm" color="red" onClick={onLogout} data-autofocus>
        Logout
      </Button>
    </Stack>
  </Modal>
);
