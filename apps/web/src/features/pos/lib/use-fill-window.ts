import { useLayoutEffect, useRef, useState } from 'react';

/**
 * The height from an element's top to the bottom of the window (less `gap`), kept current when the
 * window is resized or something above it (a banner, a wrapped header) moves it. The till uses it
 * so that its cart — total and Charge included — always fits the screen (issue 11).
 */
export const useFillWindow = <T extends HTMLElement>(enabled: boolean, gap = 16) => {
  const ref = useRef<T>(null);
  const [height, setHeight] = useState<number | undefined>(undefined);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!enabled || !el) {
      setHeight(undefined);
      return;
    }
    const measure = () => {
      const top = el.getBoundingClientRect().top + window.scrollY;
      setHeight(Math.max(320, Math.floor(window.innerHeight - top - gap)));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    if (el.parentElement) observer.observe(el.parentElement);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [enabled, gap]);
  return { ref, height };
};
