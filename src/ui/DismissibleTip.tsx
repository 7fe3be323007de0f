/**
 * A tip that can be put away for good on this device: a quiet callout with a close button; once
 * dismissed it is not shown again here (kept in localStorage under `mosaic:tip-dismissed:<id>`).
 * For advice that helps once (how to set something up), not for errors or states.
 */
import { useState, type ReactNode } from 'react';
import { Callout, IconButton } from '@radix-ui/themes';
import { Cross2Icon, LightningBoltIcon } from '@radix-ui/react-icons';
import './tip.css';

const storageKey = (id: string) => `mosaic:tip-dismissed:${id}`;

export function isTipDismissed(id: string): boolean {
  try {
    return globalThis.localStorage?.getItem(storageKey(id)) !== null;
  } catch {
    return false;
  }
}

function rememberDismissed(id: string): void {
  try {
    globalThis.localStorage?.setItem(storageKey(id), new Date().toISOString());
  } catch {
    // Private mode or full storage: it stays put away for this visit only.
  }
}

interface DismissibleTipProps {
  /** Names the tip on this device: the same id stays dismissed everywhere it is shown. */
  id: string;
  /** Said to screen readers on the close button: "Dismiss tip: <label>". */
  label: string;
  children: ReactNode;
  className?: string;
}

export function DismissibleTip({ id, label, children, className }: DismissibleTipProps) {
  const [dismissed, setDismissed] = useState(() => isTipDismissed(id));
  if (dismissed) return null;
  return (
    <Callout.Root size="1" color="gray" variant="surface" className={className ? `dismissible-tip ${className}` : 'dismissible-tip'} role="note" aria-label={label}>
      <Callout.Icon>
        <LightningBoltIcon />
      </Callout.Icon>
      <Callout.Text>{children}</Callout.Text>
      <IconButton
        type="button"
        size="1"
        variant="ghost"
        color="gray"
        className="dismissible-tip__close"
        aria-label={`Dismiss tip: ${label}`}
        onClick={() => {
          rememberDismissed(id);
          setDismissed(true);
        }}
      >
        <Cross2Icon />
      </IconButton>
    </Callout.Root>
  );
}
