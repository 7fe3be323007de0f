/** A paperclip drawn like the Radix icons beside it (15×15, current colour); Radix has none. */
export function PaperclipIcon() {
  return (
    <svg width="15" height="15" viewBox="0 0 15 15" fill="none" aria-hidden="true">
      <path
        d="M10.5 4.5 5.6 9.4a1.2 1.2 0 0 0 1.7 1.7l5-5a2.6 2.6 0 0 0-3.7-3.7l-5 5a4 4 0 0 0 5.66 5.66L13 9.3"
        stroke="currentColor"
        strokeWidth="1.1"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
