import { Flex, Heading, Kbd, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';

/** The shortcuts the app has (spec 000 §9: Ctrl/Cmd+B and Alt+T), and the composer's keys. */
const SHORTCUTS: { keys: ReactNode; does: string }[] = [
  {
    keys: (
      <>
        <Kbd>Ctrl</Kbd> / <Kbd>⌘</Kbd> + <Kbd>B</Kbd>
      </>
    ),
    does: 'Show or hide the sidebar',
  },
  {
    keys: (
      <>
        <Kbd>Alt</Kbd> + <Kbd>T</Kbd>
      </>
    ),
    does: 'Jump to notifications',
  },
  { keys: <Kbd>Enter</Kbd>, does: 'Send a message (in a chat)' },
  {
    keys: (
      <>
        <Kbd>Shift</Kbd> + <Kbd>Enter</Kbd>
      </>
    ),
    does: 'New line in a message',
  },
  { keys: <Kbd>Esc</Kbd>, does: 'Close a dialog, a menu, or the sidebar on a phone' },
];

export function KeyboardShortcuts() {
  return (
    <section aria-labelledby="help-shortcuts-heading">
      <Heading as="h3" size="3" id="help-shortcuts-heading" mb="2">
        Keyboard shortcuts
      </Heading>
      <dl className="help-shortcuts">
        {SHORTCUTS.map((shortcut) => (
          <Flex key={shortcut.does} asChild gap="3" align="center" py="1" wrap="wrap">
            <div>
              <dt>
                <Text size="2">{shortcut.keys}</Text>
              </dt>
              <dd>
                <Text size="2" color="gray">
                  {shortcut.does}
                </Text>
              </dd>
            </div>
          </Flex>
        ))}
      </dl>
    </section>
  );
}
