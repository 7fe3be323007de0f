import { useLayoutEffect, useState, type RefObject } from 'react';

/** The element's content width, following resizes (the window's width until it is laid out). */
export function useContainerWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const measure = () => setWidth(element.clientWidth || window.innerWidth);
    measure();
    if (typeof ResizeObserver === 'undefined') {
      window.addEventListener('resize', measure);
      return () => window.removeEventListener('resize', measure);
    }
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/** How far below the top of the page an element starts (where a window-scrolled list begins). */
export function useOffsetTop(ref: RefObject<HTMLElement | null>, deps: readonly unknown[]): number {
  const [top, setTop] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (element) setTop(element.getBoundingClientRect().top + window.scrollY);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- re-measured when the content above it changes
  }, deps);
  return top;
}
