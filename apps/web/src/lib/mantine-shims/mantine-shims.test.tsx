import { createRef, type Ref } from 'react';
import { render } from '@testing-library/react';
import { useMergeRefs as floatingUseMergeRefs } from '@floating-ui/react';
import { RemoveScroll as RealRemoveScroll } from 'react-remove-scroll';
import { describe, expect, it, vi } from 'vitest';
import { useMergeRefs } from './merge-refs';
import { RemoveScroll } from './remove-scroll-class-names';

// The copies stand in for the libraries' own code in the build (build-plugins.ts): they must agree.
describe('mantine shims', () => {
  it('keeps the class names react-remove-scroll styles while a modal locks scrolling', () => {
    expect(RemoveScroll.classNames.zeroRight).toBe(RealRemoveScroll.classNames.zeroRight);
    expect(RemoveScroll.classNames.fullWidth).toBe(RealRemoveScroll.classNames.fullWidth);
  });

  const trace = (hook: typeof useMergeRefs) => {
    const log: string[] = [];
    const objectRef = createRef<HTMLDivElement>();
    const callbackRef = vi.fn((node: HTMLDivElement | null) => {
      log.push(node ? 'cb:set' : 'cb:null');
    });
    const cleanupRef = (node: HTMLDivElement | null) => {
      log.push(node ? 'cleanup:set' : 'cleanup:null');
      return () => void log.push('cleanup:run');
    };
    const Probe = ({ refs, show }: { refs: Array<Ref<HTMLDivElement> | undefined>; show: boolean }) => {
      const merged = hook(refs);
      return show ? <div ref={merged} /> : <span />;
    };
    const refs = [objectRef, callbackRef, cleanupRef, undefined];
    const view = render(<Probe refs={refs} show />);
    log.push(`object:${objectRef.current?.tagName}`);
    view.rerender(<Probe refs={refs} show={false} />);
    log.push(`object:${String(objectRef.current)}`);
    const none = render(<Probe refs={[undefined, null]} show />);
    log.push(`none:${none.container.innerHTML}`);
    return log;
  };

  it('merges refs exactly as @floating-ui/react does', () => {
    expect(trace(useMergeRefs)).toEqual(trace(floatingUseMergeRefs as typeof useMergeRefs));
  });
});
