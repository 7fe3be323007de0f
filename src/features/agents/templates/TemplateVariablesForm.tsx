/**
 * Filling in a template's blanks before it goes into the message box: one field per `{{variable}}`,
 * Insert (or Enter) puts the filled text in the box, Escape or Cancel goes back to it unchanged. A
 * blank left empty keeps its `{{placeholder}}`, so nothing is silently dropped.
 */
import { useState, type KeyboardEvent } from 'react';
import { Button, Flex, Text, TextField } from '@radix-ui/themes';
import { fillTemplate, type PromptTemplateDto } from '../../../contract/prompt-templates';
import './templates.css';

interface TemplateVariablesFormProps {
  template: PromptTemplateDto;
  onInsert(text: string): void;
  onCancel(): void;
}

export function TemplateVariablesForm({ template, onInsert, onCancel }: TemplateVariablesFormProps) {
  const [values, setValues] = useState<Record<string, string>>({});
  const insert = () => onInsert(fillTemplate(template.body, values));
  // It sits inside the message box's form: Enter inserts here instead of sending the message.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' || (event.key === 'Enter' && event.target instanceof HTMLInputElement)) {
      event.preventDefault();
      event.stopPropagation();
      if (event.key === 'Escape') onCancel();
      else insert();
    }
  };
  return (
    <div role="group" className="template-form" onKeyDown={onKeyDown} aria-label={`Fill in the template “${template.title}”`} data-testid="template-form">
      <Text as="p" size="2" weight="bold">
        {template.title}
      </Text>
      <Text as="p" size="1" color="gray" mb="2">
        Fill in the blanks; anything left empty stays as a placeholder you can edit in the message.
      </Text>
      <div className="template-form__fields">
        {template.variables.map((name, index) => (
          <label key={name} className="template-form__field">
            <Text size="1" weight="medium">
              {name}
            </Text>
            <TextField.Root
              value={values[name] ?? ''}
              onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
              autoFocus={index === 0}
              size="2"
            />
          </label>
        ))}
      </div>
      <Flex gap="2" justify="end" mt="2">
        <Button type="button" variant="soft" color="gray" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="button" onClick={insert}>
          Insert
        </Button>
      </Flex>
    </div>
  );
}
