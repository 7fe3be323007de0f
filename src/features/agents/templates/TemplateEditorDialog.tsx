/**
 * Adding or changing a prompt template: title, the prompt with its {{blanks}} (listed as they are
 * typed), who it is for (the organisation, or only me: members may only choose the latter) and
 * which agents offer it. The server's field errors are shown under their fields; nothing typed is
 * lost on a refusal.
 */
import { useState, type FormEvent } from 'react';
import { Badge, Button, Checkbox, Dialog, Flex, RadioGroup, Text, TextArea, TextField } from '@radix-ui/themes';
import { ApiError } from '../../../api';
import type { Role } from '../../../contract/auth';
import { AGENT_NAMES } from '../../../contract/agent-names';
import {
  editTemplateBlockedReason,
  TEMPLATE_BODY_MAX,
  TEMPLATE_TITLE_MAX,
  templateVariables,
  type PromptTemplateDto,
  type TemplateScope,
} from '../../../contract/prompt-templates';

export interface TemplateDraft {
  scope: TemplateScope;
  title: string;
  body: string;
  agent_slugs: string[];
}

interface TemplateEditorDialogProps {
  /** The template being changed; null: a new one. */
  template: PromptTemplateDto | null;
  open: boolean;
  actor: { id: string; role: Role };
  onOpenChange(open: boolean): void;
  onSave(draft: TemplateDraft): Promise<unknown>;
}

const AGENTS = Object.entries(AGENT_NAMES) as [string, string][];

function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const list = (error.details as { errors?: { field: string; message: string }[] } | null)?.errors ?? [];
  return Object.fromEntries(list.map((entry) => [entry.field, entry.message]));
}

export function TemplateEditorDialog({ template, open, actor, onOpenChange, onSave }: TemplateEditorDialogProps) {
  const orgBlocked = editTemplateBlockedReason(actor, 'org', null);
  const initial = (): TemplateDraft =>
    template
      ? { scope: template.scope, title: template.title, body: template.body, agent_slugs: [...template.agent_slugs] }
      : { scope: orgBlocked ? 'personal' : 'org', title: '', body: '', agent_slugs: [] };
  const [draft, setDraft] = useState<TemplateDraft>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const variables = templateVariables(draft.body);

  const change = (patch: Partial<TemplateDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setErrors({});
    setFailure(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const local: Record<string, string> = {};
    if (!draft.title.trim()) local.title = 'Give the template a title.';
    if (!draft.body.trim()) local.body = 'Write the prompt.';
    if (Object.keys(local).length > 0) return setErrors(local);
    setSaving(true);
    try {
      await onSave({ ...draft, title: draft.title.trim(), body: draft.body.trim() });
      onOpenChange(false);
    } catch (error) {
      const byField = fieldErrors(error);
      setErrors(byField);
      if (Object.keys(byField).length === 0) setFailure((error as Error).message);
    } finally {
      setSaving(false);
    }
  };

  const toggleAgent = (slug: string, on: boolean) =>
    change({ agent_slugs: on ? [...draft.agent_slugs, slug] : draft.agent_slugs.filter((entry) => entry !== slug) });

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (next) {
          setDraft(initial());
          setErrors({});
          setFailure(null);
        }
        onOpenChange(next);
      }}
    >
      <Dialog.Content maxWidth="560px" data-testid="template-editor">
        <Dialog.Title>{template ? 'Edit template' : 'New template'}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="3">
          Type / at the start of a message to use it. Write {'{{audience}}'} for each part to fill in when it is used.
        </Dialog.Description>
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Flex direction="column" gap="3">
            <div className="template-editor__field">
              <Text as="label" size="2" weight="medium" htmlFor="template-title">
                Title
              </Text>
              <TextField.Root
                id="template-title"
                value={draft.title}
                maxLength={TEMPLATE_TITLE_MAX + 20}
                onChange={(event) => change({ title: event.target.value })}
                aria-invalid={errors.title ? true : undefined}
                aria-describedby={errors.title ? 'template-title-error' : undefined}
                autoFocus
              />
              {errors.title ? (
                <Text size="1" color="red" id="template-title-error" role="alert">
                  {errors.title}
                </Text>
              ) : null}
            </div>
            <div className="template-editor__field">
              <Text as="label" size="2" weight="medium" htmlFor="template-body">
                Prompt
              </Text>
              <TextArea
                id="template-body"
                value={draft.body}
                rows={6}
                maxLength={TEMPLATE_BODY_MAX + 200}
                onChange={(event) => change({ body: event.target.value })}
                aria-invalid={errors.body ? true : undefined}
                aria-describedby="template-body-help"
                placeholder="Write a launch email for {{product}} aimed at {{audience}}."
              />
              <Text size="1" color={errors.body ? 'red' : 'gray'} id="template-body-help" role={errors.body ? 'alert' : undefined}>
                {errors.body ??
                  (variables.length > 0 ? `Blanks to fill in: ${variables.join(', ')}` : 'No blanks yet: write {{name}} where the text should change each time.')}
              </Text>
            </div>
            <fieldset className="template-editor__fieldset">
              <legend className="template-editor__legend">Who can use it</legend>
              <RadioGroup.Root value={draft.scope} onValueChange={(value) => change({ scope: value as TemplateScope })} disabled={template !== null}>
                <RadioGroup.Item value="org" disabled={Boolean(orgBlocked) || template !== null}>
                  Everyone in the organisation
                </RadioGroup.Item>
                <RadioGroup.Item value="personal">Only me</RadioGroup.Item>
              </RadioGroup.Root>
              <Text size="1" color="gray">
                {template ? 'Who can use a template is set when it is made.' : (orgBlocked ?? 'Organisation templates can be changed by owners and admins.')}
              </Text>
            </fieldset>
            <fieldset className="template-editor__fieldset">
              <legend className="template-editor__legend">Offered to</legend>
              <Flex gap="3" wrap="wrap">
                {AGENTS.map(([slug, name]) => (
                  <Text as="label" size="2" key={slug} className="template-editor__agent">
                    <Checkbox checked={draft.agent_slugs.includes(slug)} onCheckedChange={(value) => toggleAgent(slug, value === true)} /> {name}
                  </Text>
                ))}
              </Flex>
              <Text size="1" color={errors.agent_slugs ? 'red' : 'gray'}>
                {errors.agent_slugs ?? (draft.agent_slugs.length === 0 ? 'None ticked: every agent offers it.' : `Offered by ${draft.agent_slugs.length} of ${AGENTS.length} agents.`)}
              </Text>
            </fieldset>
            {variables.length > 0 ? (
              <Flex gap="1" wrap="wrap" aria-hidden="true">
                {variables.map((name) => (
                  <Badge key={name} variant="soft">{`{{${name}}}`}</Badge>
                ))}
              </Flex>
            ) : null}
            {failure ? (
              <Text size="2" color="red" role="alert">
                {failure}
              </Text>
            ) : null}
          </Flex>
          <Flex gap="3" mt="4" justify="end">
            <Dialog.Close>
              <Button type="button" variant="soft" color="gray">
                Cancel
              </Button>
            </Dialog.Close>
            <Button type="submit" loading={saving}>
              {template ? 'Save' : 'Add template'}
            </Button>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
