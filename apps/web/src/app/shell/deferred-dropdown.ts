import {
  cloneElement,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type MouseEvent,
  type ReactElement,
  type Ref,
} from 'react';

/**
 * The top bar's menus and sync popover load on first use: Mantine's Menu/Popover bring floating-ui
 * and the focus trap (~20 kB gzipped) that the dashboard does not need to appear. Until then the
 * button is drawn alone, with the attributes Mantine gives a closed target; its first click loads
 * the dropdown module, which draws the same button as its target and opens. Pointing at or
 * focusing the button starts the download early.
 */
export type DeferredDropdownProps = {
  /** The button, drawn by the always-loaded part. */
  target: ReactElement;
  /** The button had the focus: give it to the new button before opening, so it comes back there. */
  focusOnMount: boolean;
};

export const useDeferredDropdown = <P extends DeferredDropdownProps>(
  load: () => Promise<ComponentType<P>>,
  popup: 'menu' | 'dialog',
) => {
  const [Dropdown, setDropdown] = useState<ComponentType<P> | null>(null);
  const [focusOnMount, setFocusOnMount] = useState(false);
  const prefetch = () => void load().catch(() => undefined);
  const targetProps = Dropdown
    ? {}
    : {
        'aria-haspopup': popup,
        'aria-expanded': false,
        onPointerEnter: prefetch,
        onFocus: prefetch,
        onClick: (event: MouseEvent<HTMLElement>) => {
          const focused = document.activeElement === event.currentTarget;
          // A failed download (offline before the app was cached) leaves the button as it was: a
          // second click tries again.
          load().then(
            (component) => {
              setFocusOnMount(focused);
              setDropdown(() => component);
            },
            () => undefined,
          );
        },
      };
  return { Dropdown, focusOnMount, targetProps };
};

/**
 * In a loaded dropdown (it mounts on the first click): mount closed, then move the focus and open,
 * so Mantine's opening transition and focus return work as they do for a dropdown loaded at start.
 */
export const useOpenOnMount = ({ target, focusOnMount }: DeferredDropdownProps) => {
  const [opened, setOpened] = useState(false);
  const targetRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (focusOnMount) targetRef.current?.focus({ preventScroll: true });
    setOpened(true);
    // Once, when the module first mounts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const targetWithRef = cloneElement(target as ReactElement<{ ref?: Ref<HTMLElement> }>, { ref: targetRef });
  return { opened, setOpened, target: targetWithRef };
};
