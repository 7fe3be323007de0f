import { Text } from '@radix-ui/themes';
import { Select } from '../../../ui/Select';
import { CHAT_MODES, chatCost, type ChatMode } from '../../../contract/chat';

const LABELS: Record<ChatMode, string> = { normal: 'Normal', medium: 'Medium', max: 'Max' };
const HINTS: Record<ChatMode, string> = {
  normal: '5 passages',
  medium: '10 passages',
  max: '15 passages',
};

/** Mode picker that always shows what a message will cost (spec 001 §5). */
export function ModeSelect({ value, onChange, disabled }: { value: ChatMode; onChange: (mode: ChatMode) => void; disabled?: boolean }) {
  return (
    <Select.Root value={value} onValueChange={(next) => onChange(next as ChatMode)} disabled={disabled} size="2">
      <Select.Trigger variant="soft" color="gray" aria-label={`Mode: ${LABELS[value]}, ${chatCost(value)} credits per message`}>
        {LABELS[value]} · {chatCost(value)} credits
      </Select.Trigger>
      <Select.Content position="popper">
        {CHAT_MODES.map((mode) => (
          <Select.Item key={mode} value={mode}>
            <Text weight="medium">{LABELS[mode]}</Text>{' '}
            <Text color="gray">
              · {chatCost(mode)} credits · {HINTS[mode]}
            </Text>
          </Select.Item>
        ))}
      </Select.Content>
    </Select.Root>
  );
}
