import { useCallback, useMemo, useRef, type Ref, type RefCallback } from 'react';

/**
 * Mantine's ScrollArea (both sidebars) imports `useMergeRefs` from @floating-ui/react, which is one
 * module: the shell would download all of floating-ui (~15 kB gzipped, needed only by menus and
 * popovers) for this hook. vite.config.ts points ScrollArea's import here instead. This is
 * @floating-ui/react 0.27's useMergeRefs, unchanged (merge-refs.test.ts runs both side by side).
 */
export function useMergeRefs<Instance>(refs: Array<Ref<Instance> | undefined>): null | RefCallback<Instance> {
  const cleanupRef = useRef<(() => void) | undefined>(undefined);
  const refEffect = useCallback(
    (instance: Instance) => {
      const cleanups = refs.map((ref) => {
        if (ref == null) return;
        if (typeof ref === 'function') {
          const refCallback = ref;
          const refCleanup = refCallback(instance);
          return typeof refCleanup === 'function'
            ? refCleanup
            : () => {
                refCallback(null);
              };
        }
        (ref as { current: Instance | null }).current = instance;
        return () => {
          (ref as { current: Instance | null }).current = null;
        };
      });
      return () => {
        cleanups.forEach((refCleanup) => refCleanup?.());
      };
    },
    // The refs are the dependencies, as in floating-ui.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    refs,
  );
  return useMemo(
    () => {
      if (refs.every((ref) => ref == null)) return null;
      return (value: Instance | null) => {
        if (cleanupRef.current) {
          cleanupRef.current();
          cleanupRef.current = undefined;
        }
        if (value != null) cleanupRef.current = refEffect(value);
      };
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    refs,
  );
}
