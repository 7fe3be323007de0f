/**
 * Where the product's menus and select lists are drawn: inside the page landmark (or dialog) that
 * holds their trigger. axe's `region` rule wants all content inside a landmark, and a portal at the
 * end of <body> sits outside every one (src/ui/DropdownMenu.tsx, src/ui/Select.tsx). Their Root
 * keeps its trigger's element (`useTriggerElementState`), the Trigger records it
 * (`useTriggerElementRef`) and the Content reads it (`useTriggerElement`).
 */
import { createContext, useContext, useMemo, useState, type ForwardedRef } from 'react';
import { useComposedRefs } from 'radix-ui/internal';

interface TriggerElementValue {
  trigger: HTMLElement | null;
  setTrigger: (element: HTMLElement | null) => void;
}
export const TriggerElement = createContext<TriggerElementValue | null>(null);
const ignore = () => undefined;

/** The value a Root provides through `TriggerElement`. */
export function useTriggerElementState(): TriggerElementValue {
  const [trigger, setTrigger] = useState<HTMLElement | null>(null);
  return useMemo(() => ({ trigger, setTrigger }), [trigger]);
}

/** The Trigger's ref, recording its element for the Content. */
export function useTriggerElementRef<T extends HTMLElement>(ref: ForwardedRef<T>) {
  // setTrigger is a state setter: the same function on every render, so the ref is stable.
  return useComposedRefs(ref, useContext(TriggerElement)?.setTrigger ?? ignore);
}

/** The trigger's element, once it is mounted. */
export function useTriggerElement(): HTMLElement | null {
  return useContext(TriggerElement)?.trigger ?? null;
}

/** Elements an overlay may be portalled into: page landmarks and dialogs (axe counts both as regions). */
const OVERLAY_HOSTS = ['main', 'nav', 'aside', '[role="main"]', '[role="navigation"]', '[role="complementary"]', '[role="dialog"]', '[role="alertdialog"]'].join(', ');

/** The landmark (or dialog) around an element; undefined leaves the portal at <body>. */
export function overlayHostOf(element: Element | null): HTMLElement | undefined {
  return element?.closest<HTMLElement>(OVERLAY_HOSTS) ?? undefined;
}
