/**
 * "‹ 2/3 ›" on a message with more than one version (docs/agents.md "Versions and edits"): the
 * buttons are named "Previous version" / "Next version" and the count is read as "Version 2 of 3".
 * The row stays mounted while its versions change (MessageList keys rows by their place in the
 * tree), so focus stays on the button pressed and the new count is announced; a button that
 * becomes disabled (first or last version) hands focus to the other one rather than to the page.
 */
import { useLayoutEffect, useRef } from 'react';
import { IconButton, Text } from '@radix-ui/themes';
import { ChevronLeftIcon, ChevronRightIcon } from '@radix-ui/react-icons';

interface VersionSwitcherProps {
  index: number;
  count: number;
  /** What the versions are of, for the group's name ("Versions of this reply"). */
  of: 'reply' | 'message';
  /** Null when there is none that way. */
  onPrevious: (() => void) | null;
  onNext: (() => void) | null;
  disabled?: boolean;
}

export function VersionSwitcher({ index, count, of, onPrevious, onNext, disabled }: VersionSwitcherProps) {
  const previous = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  const canPrevious = onPrevious !== null && !disabled;
  const canNext = onNext !== null && !disabled;

  useLayoutEffect(() => {
    const focused = document.activeElement;
    if (focused === previous.current && !canPrevious) next.current?.focus();
    else if (focused === next.current && !canNext) previous.current?.focus();
  }, [canPrevious, canNext]);

  return (
    <div role="group" aria-label={`Versions of this ${of}`} className="version-switcher">
      <IconButton ref={previous} size="1" variant="ghost" color="gray" aria-label="Previous version" disabled={!canPrevious} onClick={() => onPrevious?.()} className="chat-action">
        <ChevronLeftIcon />
      </IconButton>
      <Text size="1" color="gray" className="version-switcher__count" aria-live="polite">
        <span aria-hidden="true">
          {index}/{count}
        </span>
        <span className="visually-hidden">
          Version {index} of {count}
        </span>
      </Text>
      <IconButton ref={next} size="1" variant="ghost" color="gray" aria-label="Next version" disabled={!canNext} onClick={() => onNext?.()} className="chat-action">
        <ChevronRightIcon />
      </IconButton>
    </div>
  );
}
