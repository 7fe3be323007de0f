/**
 * Code for a control that is not needed to paint a screen (a menu, a dialog), loaded on first use
 * or when the pointer or focus comes near it. The signed-in shell shows a lookalike trigger until
 * then, so its first render carries neither the menu's code nor its work (docs/performance.md).
 */
import { useCallback, useState, type ComponentType } from 'react';

export interface DeferredControl<P> {
  /** Starts (or joins) the download; a failed one may be tried again. */
  preload(): Promise<ComponentType<P>>;
  /** The component once loaded, else null. */
  loaded(): ComponentType<P> | null;
}

export function deferredControl<P>(load: () => Promise<{ default: ComponentType<P> }>): DeferredControl<P> {
  let component: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  return {
    preload() {
      pending ??= load().then(
        (module) => (component = module.default),
        (error: unknown) => {
          pending = null;
          throw error;
        },
      );
      return pending;
    },
    loaded: () => component,
  };
}

/**
 * For the lookalike trigger: once used (`request`), the code loads and `Control` is the real
 * component, to render opened. Until then the lookalike stays, so hovering or focusing it (`warm`
 * only downloads) never swaps the element under the pointer or the keyboard focus.
 */
export function useDeferredControl<P>(control: DeferredControl<P>): {
  Control: ComponentType<P> | null;
  request(): void;
  warm(): void;
} {
  const [Control, setControl] = useState<ComponentType<P> | null>(null);
  const request = useCallback(() => {
    control.preload().then(
      (component) => setControl(() => component),
      // Offline before the code was cached: the lookalike stays, and pressing it again tries again.
      () => undefined,
    );
  }, [control]);
  const warm = useCallback(() => void control.preload().catch(() => undefined), [control]);
  return { Control, request, warm };
}
