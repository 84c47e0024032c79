import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CODES, TEXT } from '@ms/contracts';
import { ConfirmDialogHost } from '@/components/ui/confirm-dialog-host';
import { lazyModal } from '@/components/ui/lazy-modal';
import { onApiError, type ApiError } from '@/lib/api-client';
import { appNavigate } from '@/lib/app-navigation';
import { sessionStore } from '@/lib/session-store';

// Shown only when an admin removes this device: its code loads then.
const UnsanctionedDeviceModal = lazyModal(() =>
  import('./unsanctioned-device-modal').then((m) => m.UnsanctionedDeviceModal),
);

export const isDeviceNotRecognized = (error: ApiError) =>
  error.code === CODES.deviceNotRecognized || error.message === TEXT.deviceNotRecognized;

/**
 * Mounted once inside the shell: any call answering "Device not recognized" (DEV002) opens the
 * unsanctioned-device modal, whose Logout forgets this user. Also hosts the confirm dialogs of
 * useLogout/useSwitchUser.
 */
export const DeviceGuard = () => {
  const [opened, setOpened] = useState(false);
  const queryClient = useQueryClient();

  useEffect(
    () =>
      onApiError((error) => {
        if (isDeviceNotRecognized(error) && sessionStore.get()) setOpened(true);
      }),
    [],
  );

  const logout = () => {
    const session = sessionStore.get();
    if (session) sessionStore.forget(session.user._id);
    if (Object.keys(sessionStore.savedUsers()).length === 0) sessionStore.clearAll();
    queryClient.clear();
    setOpened(false);
    void appNavigate('/login', { replace: true });
  };

  return (
    <>
      <UnsanctionedDeviceModal opened={opened} onLogout={logout} />
      <ConfirmDialogHost />
    </>
  );
};
