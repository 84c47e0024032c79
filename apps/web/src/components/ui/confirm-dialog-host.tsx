import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { lazyModal } from './lazy-modal';

/**
 * `openConfirm()` / `openAlert()` for code that cannot render (a hook such as logout) and the one
 * <ConfirmDialogHost/> that shows them. Kept apart from <ConfirmDialog/> so the app shell, which
 * mounts the host, loads the Mantine modal only when a question is first asked.
 */
const ConfirmDialog = lazyModal(() => import('./confirm-dialog').then((m) => m.ConfirmDialog));

export type ConfirmOptions = {
  title: ReactNode;
  message?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string | null;
  /** red for destructive actions. */
  color?: string;
  /** Runs while the dialog shows a loading button; a throw closes it and answers false. */
  onConfirm?: () => Promise<void> | void;
};

type Pending = ConfirmOptions & { resolve: (ok: boolean) => void };

let pending: Pending | null = null;
let hosts = 0;
const listeners = new Set<() => void>();
const set = (next: Pending | null) => {
  pending = next;
  listeners.forEach((l) => l());
};
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
};

const plainText = (node: ReactNode): string =>
  typeof node === 'string' || typeof node === 'number' ? String(node) : '';

/** Asks a question; true when the user confirmed (and `onConfirm`, if any, succeeded). */
export const openConfirm = (options: ConfirmOptions): Promise<boolean> => {
  if (hosts === 0) {
    const ok = window.confirm(
      [plainText(options.title), plainText(options.message)].filter(Boolean).join('\n\n'),
    );
    if (!ok || !options.onConfirm) return Promise.resolve(ok);
    return Promise.resolve(options.onConfirm()).then(
      () => true,
      () => false,
    );
  }
  pending?.resolve(false);
  return new Promise((resolve) => set({ ...options, resolve }));
};

/** Tells the user something; resolves when they close it. */
export const openAlert = (options: {
  title: ReactNode;
  message?: ReactNode;
  okLabel?: string;
}): Promise<void> =>
  openConfirm({
    title: options.title,
    message: options.message,
    confirmLabel: options.okLabel ?? 'OK',
    cancelLabel: null,
  }).then(() => undefined);

/** Mount once (the accounts DeviceGuard does) so openConfirm/openAlert show Mantine dialogs. */
export const ConfirmDialogHost = () => {
  const current = useSyncExternalStore(subscribe, () => pending);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    hosts += 1;
    return () => {
      hosts -= 1;
    };
  }, []);

  const finish = (ok: boolean) => {
    current?.resolve(ok);
    setLoading(false);
    set(null);
  };
  const confirm = async () => {
    if (!current?.onConfirm) return finish(true);
    setLoading(true);
    try {
      await current.onConfirm();
      finish(true);
    } catch {
      finish(false);
    }
  };

  return (
    <ConfirmDialog
      opened={!!current}
      title={current?.title ?? ''}
      message={current?.message}
      confirmLabel={current?.confirmLabel}
      cancelLabel={current?.cancelLabel === undefined ? 'Cancel' : current.cancelLabel}
      color={current?.color}
      loading={loading}
      onConfirm={() => void confirm()}
      onCancel={() => finish(false)}
    />
  );
};
