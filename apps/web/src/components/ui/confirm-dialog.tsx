import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';

/**
 * A yes/no question in a modal. Use <ConfirmDialog/> when a screen owns the state, or
 * `openConfirm()` / `openAlert()` from code that cannot render (a hook such as logout); those
 * need one <ConfirmDialogHost/> mounted in the app and fall back to the browser's dialogs
 * (confirm-dialog-host.tsx).
 */
export type ConfirmDialogProps = {
  opened: boolean;
  title: ReactNode;
  message?: ReactNode;
  confirmLabel?: string;
  /** Leave out for an alert with a single button. */
  cancelLabel?: string | null;
  /** red for destructive actions. */
  color?: string;
  loading?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

export const ConfirmDialog = ({
  opened,
  title,
  message,
  confirmLabel = 'Yes',
  cancelLabel = 'Cancel',
  color,
  loading = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) => (
  <Modal
    opened={opened}
    onClose={() => !loading && onCancel()}
    title={<Text fw={700}>{title}</Text>}
    centered
    size="sm"
    closeOnClickOutside={!loading}
    withCloseButton={!loading}
  >
    <Stack gap="lg">
      {message ? <Text>{message}</Text> : null}
      <Group justify="flex-end" gap="sm" wrap="nowrap">
        {cancelLabel ? (
          <Button variant="default" onClick={onCancel} disabled={loading} size="md">
            {cancelLabel}
          </Button>
        ) : null}
        <Button color={color} onClick={onConfirm} loading={loading} size="md" data-autofocus>
          {confirmLabel}
        </Button>
      </Group>
    </Stack>
  </Modal>
);

// openConfirm/openAlert and their host live apart, so the shell can mount the host without this modal.
export { ConfirmDialogHost, openAlert, openConfirm, type ConfirmOptions } from './confirm-dialog-host';
