/**
 * The product's select: Radix Themes' Select, whose open list leaves the page visible to assistive
 * technology and is drawn inside the page landmark that holds its button. Import `Select` from
 * here, never from '@radix-ui/themes' (tests/build/overlay-coverage.test.ts checks it).
 *
 * Why: while its list is open, Radix Select calls `hideOthers` (the aria-hidden package), which
 * marks everything beside the list `aria-hidden`, though the skip link, the sidebar and the page's
 * controls stay focusable (axe: `aria-hidden-focus`, serious), and the page's h1 and landmarks
 * vanish with them (`page-has-heading-one`, `landmark-one-main`). A dialog may hide the page behind
 * it (axe counts a dialog as a modal), a listbox may not. Unlike its menus, Radix Select has no
 * `modal` prop, so this wrapper takes back the `aria-hidden` the list's opening set (and only that:
 * what a dialog underneath hid stays hidden). A portal at the end of <body> would also sit outside
 * every landmark (`region`), so the list goes into its button's landmark or dialog.
 *
 * Everything else is Radix's: the list behaves like a native select's (focus moves to the chosen
 * item, arrows and typing move, Enter picks, Escape closes and returns focus to the button, a press
 * outside closes it).
 */
import { forwardRef, useLayoutEffect, useState, type ComponentPropsWithoutRef, type ElementRef } from 'react';
import { Select as Themed } from '@radix-ui/themes';
import { overlayHostOf, TriggerElement, useTriggerElement, useTriggerElementRef, useTriggerElementState } from './overlayHost';

export type SelectRootProps = ComponentPropsWithoutRef<typeof Themed.Root>;
export type SelectTriggerProps = ComponentPropsWithoutRef<typeof Themed.Trigger>;
export type SelectContentProps = ComponentPropsWithoutRef<typeof Themed.Content>;

/**
 * While `open`, undoes what Radix's `hideOthers` does when the list opens: it sets `aria-hidden` on
 * elements it also marks `data-aria-hidden`, and never on one already hidden (under a dialog, say),
 * so an element that goes from not hidden to hidden with that mark is one the list hid. Radix puts
 * it back to normal itself when the list closes.
 */
function useKeepPageVisible(open: boolean): void {
  useLayoutEffect(() => {
    if (!open) return;
    const observer = new MutationObserver((records) => {
      for (const record of records) {
        const element = record.target as Element;
        const newlyHidden = (record.oldValue === null || record.oldValue === 'false') && element.getAttribute('aria-hidden') === 'true';
        if (newlyHidden && element.hasAttribute('data-aria-hidden')) element.removeAttribute('aria-hidden');
      }
    });
    observer.observe(document.body, { subtree: true, attributes: true, attributeFilter: ['aria-hidden'], attributeOldValue: true });
    return () => observer.disconnect();
  }, [open]);
}

function Root({ open: openProp, defaultOpen = false, onOpenChange, ...props }: SelectRootProps) {
  const [openState, setOpenState] = useState(defaultOpen);
  const open = openProp ?? openState;
  useKeepPageVisible(open);
  return (
    <TriggerElement.Provider value={useTriggerElementState()}>
      <Themed.Root
        {...props}
        open={open}
        onOpenChange={(next) => {
          setOpenState(next);
          onOpenChange?.(next);
        }}
      />
    </TriggerElement.Provider>
  );
}

const Trigger = forwardRef<ElementRef<typeof Themed.Trigger>, SelectTriggerProps>(function Trigger(props, ref) {
  return <Themed.Trigger {...props} ref={useTriggerElementRef(ref)} />;
});

const Content = forwardRef<ElementRef<typeof Themed.Content>, SelectContentProps>(function Content({ container, ...props }, ref) {
  const trigger = useTriggerElement();
  return <Themed.Content {...props} ref={ref} container={container ?? overlayHostOf(trigger)} />;
});

export const Select = { ...Themed, Root, Trigger, Content };
