/**
 * The product's dropdown menu: Radix Themes' DropdownMenu, non-modal and drawn inside the page
 * landmark that holds its trigger. Import `DropdownMenu` from here, never from '@radix-ui/themes'
 * (tests/build/overlay-coverage.test.ts checks it).
 *
 * Why: a modal Radix menu calls `hideOthers` (the aria-hidden package), which marks everything
 * beside its portal `aria-hidden` while it is open, though the skip link, the sidebar and the page's
 * controls stay focusable (axe: `aria-hidden-focus`, serious), and the page's h1 and landmarks
 * vanish with them (`page-has-heading-one`, `region`). Radix's maintainers call that intended for
 * modal menus; a menu button does not need to be modal (WAI-ARIA APG "Menu Button"), so ours are
 * not. A portal at the end of <body> would sit outside every landmark (`region`), so the content
 * goes into the trigger's own landmark (its nav, aside, main or dialog).
 *
 * Keyboard behaviour is Radix's either way: the first item takes focus when the menu opens, arrows
 * move between items, and Escape or a choice closes it and returns focus to the trigger.
 */
import { forwardRef, type ComponentPropsWithoutRef, type ElementRef } from 'react';
import { DropdownMenu as Themed } from '@radix-ui/themes';
import { overlayHostOf, TriggerElement, useTriggerElement, useTriggerElementRef, useTriggerElementState } from './overlayHost';

type RootProps = ComponentPropsWithoutRef<typeof Themed.Root>;

/** Non-modal unless told otherwise (`modal` stays available for a menu that must be modal). */
function Root({ modal = false, ...props }: RootProps) {
  return (
    <TriggerElement.Provider value={useTriggerElementState()}>
      <Themed.Root modal={modal} {...props} />
    </TriggerElement.Provider>
  );
}

const Trigger = forwardRef<ElementRef<typeof Themed.Trigger>, ComponentPropsWithoutRef<typeof Themed.Trigger>>(function Trigger(props, ref) {
  return <Themed.Trigger {...props} ref={useTriggerElementRef(ref)} />;
});

/**
 * The host also bounds the menu: the phone's sidebar slides in with a transform and clips what
 * overflows it, so a menu drawn in it must fit inside it (it is narrowed to the room there is,
 * `.rt-DropdownMenuContent` in app.css, and moved to stay within it).
 */
const Content = forwardRef<ElementRef<typeof Themed.Content>, ComponentPropsWithoutRef<typeof Themed.Content>>(function Content({ container, collisionBoundary, onInteractOutside, ...props }, ref) {
  const trigger = useTriggerElement();
  const host = overlayHostOf(trigger);
  return (
    <Themed.Content
      {...props}
      ref={ref}
      container={container ?? host}
      collisionBoundary={collisionBoundary ?? host}
      onInteractOutside={(event) => {
        onInteractOutside?.(event);
        // The trigger opens and closes the menu itself. A press on it while the previous menu is
        // still animating closed would otherwise also count as a press outside that closing menu
        // and dismiss the menu the same press just opened (a quick second click did nothing).
        if (event.target instanceof Node && trigger?.contains(event.target)) event.preventDefault();
      }}
    />
  );
});

export const DropdownMenu = { ...Themed, Root, Trigger, Content };
