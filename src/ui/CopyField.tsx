import { useId, useRef, useState } from 'react';
import { Button, Flex, Text, TextField } from '@radix-ui/themes';
import { CopyIcon } from '@radix-ui/react-icons';
import { toast } from 'sonner';

interface CopyFieldProps {
  label: string;
  value: string;
  /** Toast after copying, e.g. 'Redirect URI copied'. */
  copiedMessage: string;
  hint?: string;
}

/** A read-only value with a Copy button; without clipboard access the value is selected for Ctrl+C. */
export function CopyField({ label, value, copiedMessage, hint }: CopyFieldProps) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function copy() {
    setProblem(null);
    try {
      await navigator.clipboard.writeText(value);
      toast.success(copiedMessage);
    } catch {
      field.current?.select();
      setProblem('It could not be copied automatically: it is selected, so copy it with Ctrl+C (⌘C on a Mac).');
    }
  }

  return (
    <Flex direction="column" gap="1">
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {label}
      </Text>
      <Flex gap="2" wrap="wrap">
        <TextField.Root
          id={id}
          ref={field}
          readOnly
          value={value}
          onFocus={(event) => event.currentTarget.select()}
          style={{ flex: '1 1 220px', minWidth: 0 }}
          aria-describedby={problem || hint ? `${id}-note` : undefined}
        />
        <Button type="button" variant="soft" onClick={() => void copy()} aria-label={`Copy ${label.toLowerCase()}`}>
          <CopyIcon /> Copy
        </Button>
      </Flex>
      {problem || hint ? (
        <Text id={`${id}-note`} size="1" color={problem ? 'red' : 'gray'} role={problem ? 'alert' : undefined}>
          {problem ?? hint}
        </Text>
      ) : null}
    </Flex>
  );
}
