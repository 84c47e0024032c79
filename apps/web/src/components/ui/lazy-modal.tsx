import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';

/**
 * A modal whose code (Mantine's Modal, focus trap and scroll lock) downloads when it first opens,
 * for dialogs most visits never show. It first mounts closed and then opens, so Mantine animates it
 * in and gives the focus back on close, as for a modal loaded at start; once loaded it stays mounted.
 */
export const lazyModal = <P extends { opened: boolean }>(load: () => Promise<ComponentType<P>>) => {
  const Modal = lazy(() => load().then((component) => ({ default: component })));

  const MountClosedFirst = (props: P) => {
    const [mounted, setMounted] = useState(false);
    useEffect(() => setMounted(true), []);
    return <Modal {...props} opened={mounted && props.opened} />;
  };

  const LazyModal = (props: P) => {
    const [wanted, setWanted] = useState(props.opened);
    if (props.opened && !wanted) setWanted(true);
    if (!wanted) return null;
    return (
      <Suspense fallback={null}>
        <MountClosedFirst {...props} />
      </Suspense>
    );
  };
  return LazyModal;
};
