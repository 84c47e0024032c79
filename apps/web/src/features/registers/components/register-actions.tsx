import { useState } from 'react';
import type { Register } from '@ms/contracts';
import { CashDialog, CloseRegisterDialog, OpenRegisterDialog, SwitchUserDialog } from './register-dialogs';

export type RegisterAction = 'open' | 'add' | 'remove' | 'close' | 'switch';

/** One place that holds which dialog is showing for which register. */
export const useRegisterActions = () => {
  const [state, setState] = useState<{ action: RegisterAction; register: Register } | null>(null);
  const start = (action: RegisterAction, register: Register) => setState({ action, register });
  const close = () => setState(null);
  const of = (action: RegisterAction) => (state?.action === action ? state.register : null);
  const dialogs = (
    <>
      <OpenRegisterDialog register={of('open')} onClose={close} />
      <CashDialog register={of('add')} direction="add" onClose={close} />
      <CashDialog register={of('remove')} direction="remove" onClose={close} />
      <CloseRegisterDialog register={of('close')} onClose={close} />
      <SwitchUserDialog register={of('switch')} onClose={close} />
    </>
  );
  return { start, dialogs };
};
