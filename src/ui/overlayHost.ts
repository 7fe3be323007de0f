/**
 * Where the product's menus and select lists are drawn: inside the page landmark (or dialog) that
 * holds their trigger. axe's `region` rule wants all content inside a landmark, and a portal at the
 * end of <body> sits outside every one (src/ui/DropdownMenu.tsx, src/ui/Select.tsx).
 */

/** Elements an overlay may be portalled into: page landmarks and dialogs (axe counts both as regions). */
const OVERLAY_HOSTS = ['main', 'nav', 'aside', '[role="main"]', '[role="navigation"]', '[role="complementary"]', '[role="dialog"]', '[role="alertdialog"]'].join(', ');

/** The landmark (or dialog) around an element; undefined leaves the portal at <body>. */
export function overlayHostOf(element: Element | null): HTMLElement | undefined {
  return element?.closest<HTMLElement>(OVERLAY_HOSTS) ?? undefined;
}
