/**
 * Initials in an avatar, drawn by CSS (`.decorative-initials::before`, accessibility.css) rather
 * than as text: the button around the avatar is named by the words next to it, and a letter in the
 * text would make that name differ from what the button visibly says (WCAG 2.5.3).
 */
export function DecorativeInitials({ text }: { text: string }) {
  return <span className="decorative-initials" data-initials={text} aria-hidden="true" />;
}

/**
 * The sidebar landmark, for menus opened from it: portalled there instead of to the end of the
 * body, their content stays inside a landmark (axe `region`) and next to the control that opened it.
 */
export function sidebarElement(): HTMLElement | undefined {
  return (typeof document === 'undefined' ? null : document.getElementById('app-sidebar')) ?? undefined;
}
