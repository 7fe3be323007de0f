/** The settings part of an agent's configuration (engine, model, default mode, instructions). */
import { Flex, Text, TextArea, TextField } from '@radix-ui/themes';
import { Select } from '../../../ui/Select';
import type { AgentSettingsValues, ConfigEdit } from '../lib/config-draft';
import { chatCost } from '../../../contract/chat';

const PROVIDER_LABELS: Record<string, string> = {
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  google: 'Google',
  'openai-compatible': 'OpenAI-compatible (Ollama, vLLM, LM Studio)',
  offline: 'Offline engine',
};
const SERVER_DEFAULT = 'server-default';

interface SettingsFormProps {
  values: AgentSettingsValues;
  availableProviders: string[];
  readOnly: boolean;
  onEdit: (edit: ConfigEdit) => void;
}

export function SettingsForm({ values, availableProviders, readOnly, onEdit }: SettingsFormProps) {
  const set = (field: keyof AgentSettingsValues, value: AgentSettingsValues[keyof AgentSettingsValues]) => onEdit({ kind: 'setting', field, value });
  return (
    <Flex direction="column" gap="4">
      <label className="config-field">
        <Text size="2" weight="medium">
          Engine
        </Text>
        <Select.Root value={values.provider ?? SERVER_DEFAULT} onValueChange={(next) => set('provider', next === SERVER_DEFAULT ? null : next)} disabled={readOnly}>
          <Select.Trigger aria-label="Engine" />
          <Select.Content position="popper">
            <Select.Item value={SERVER_DEFAULT}>Server default</Select.Item>
            {availableProviders.map((provider) => (
              <Select.Item key={provider} value={provider}>
                {PROVIDER_LABELS[provider] ?? provider}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
        <Text size="1" color="gray">
          Only providers configured on the server are offered.
        </Text>
      </label>
      <label className="config-field">
        <Text size="2" weight="medium">
          Model
        </Text>
        <TextField.Root
          value={values.model ?? ''}
          placeholder="The provider's default"
          onChange={(event) => set('model', event.target.value.trim() === '' ? null : event.target.value)}
          disabled={readOnly}
          aria-label="Model"
        />
      </label>
      <label className="config-field">
        <Text size="2" weight="medium">
          Default mode
        </Text>
        <Select.Root value={values.default_mode} onValueChange={(next) => set('default_mode', next)} disabled={readOnly}>
          <Select.Trigger aria-label="Default mode" />
          <Select.Content position="popper">
            <Select.Item value="normal">Normal · {chatCost('normal')} credits</Select.Item>
            <Select.Item value="medium">Medium · {chatCost('medium')} credits</Select.Item>
            <Select.Item value="max">Max · {chatCost('max')} credits</Select.Item>
          </Select.Content>
        </Select.Root>
      </label>
      <label className="config-field">
        <Text size="2" weight="medium">
          Team instructions
        </Text>
        <TextArea
          value={values.custom_instructions}
          onChange={(event) => set('custom_instructions', event.target.value)}
          placeholder="E.g. Always write in British English. Our product is called Crumb."
          maxLength={4000}
          rows={4}
          disabled={readOnly}
          aria-label="Team instructions"
        />
        <Text size="1" color="gray">
          Added to every prompt this agent gets in this space.
        </Text>
      </label>
    </Flex>
  );
}
