/**
 * Prompt templates on Agent Configuration (`/agents/manage#templates`): the organisation's library
 * and the person's own, each with the agents that offer it and its blanks; add, edit, delete.
 * Organisation templates are changed by owners and admins, personal ones by their owner; what a
 * person may not do is disabled with the reason. Reads the device's copy, so it shows offline.
 */
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { AlertDialog, Badge, Button, Card, Flex, Heading, IconButton, Text } from '@radix-ui/themes';
import { Pencil1Icon, PlusIcon, TrashIcon } from '@radix-ui/react-icons';
import { useSnapshot } from 'valtio';
import { toast } from 'sonner';
import { agentLabel } from '../../../contract/agent-names';
import { editTemplateBlockedReason, type PromptTemplateDto } from '../../../contract/prompt-templates';
import { NetworkRequiredTooltip } from '../../../pwa';
import { authState } from '../../../session';
import { TemplateEditorDialog, type TemplateDraft } from './TemplateEditorDialog';
import { createTemplate, deleteTemplate, refreshTemplates, updateTemplate, useTemplates } from './templates.store';
import './templates.css';
import { DialogActions } from '../../../ui/DialogActions';

const ORG_ONLY = 'Only organisation owners and admins can change the organisation’s templates.';

function TemplateItem({ template, onEdit, onDelete }: { template: PromptTemplateDto; onEdit(): void; onDelete(): void }) {
  const reason = template.editable ? null : ORG_ONLY;
  return (
    <li>
      <Card size="1" data-testid="template-item">
        <Flex align="start" gap="3">
          <Flex direction="column" gap="1" style={{ flex: 1, minWidth: 0 }}>
            <Flex align="center" gap="2" wrap="wrap">
              <Text size="2" weight="bold">
                {template.title}
              </Text>
              <Badge size="1" variant="soft" color="gray">
                {template.agent_slugs.length === 0 ? 'All agents' : template.agent_slugs.map(agentLabel).join(', ')}
              </Badge>
            </Flex>
            <Text size="1" color="gray" className="template-item__body">
              {template.body}
            </Text>
          </Flex>
          <NetworkRequiredTooltip reason={reason}>
            {({ disabled }) => (
              <IconButton variant="ghost" color="gray" aria-label={`Edit ${template.title}`} disabled={disabled} onClick={onEdit}>
                <Pencil1Icon />
              </IconButton>
            )}
          </NetworkRequiredTooltip>
          <NetworkRequiredTooltip reason={reason}>
            {({ disabled }) => (
              <IconButton variant="ghost" color="red" aria-label={`Delete ${template.title}`} disabled={disabled} onClick={onDelete}>
                <TrashIcon />
              </IconButton>
            )}
          </NetworkRequiredTooltip>
        </Flex>
      </Card>
    </li>
  );
}

export function PromptTemplatesSection() {
  const { user } = useSnapshot(authState);
  const templates = useTemplates(user?.id);
  const [editing, setEditing] = useState<PromptTemplateDto | null>(null);
  const [creating, setCreating] = useState(false);
  const [removing, setRemoving] = useState<PromptTemplateDto | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const section = useRef<HTMLElement>(null);
  const { hash } = useLocation();

  // "Manage templates" (the "/" list) links here: bring the section into view once its list is in.
  const loaded = templates !== undefined;
  useEffect(() => {
    if (hash === '#templates' && loaded) section.current?.scrollIntoView?.({ block: 'start' });
  }, [hash, loaded]);

  useEffect(() => {
    if (!user) return;
    refreshTemplates(user.id).then(
      () => setLoadError(null),
      (error: Error) => setLoadError(`${error.message}. Showing the templates saved on this device.`),
    );
  }, [user]);

  if (!user) return null;
  const actor = { id: user.id, role: user.role };
  const organisation = (templates ?? []).filter((template) => template.scope === 'org');
  const mine = (templates ?? []).filter((template) => template.scope === 'personal');
  const save = (draft: TemplateDraft) =>
    editing ? updateTemplate(user.id, editing.id, { title: draft.title, body: draft.body, agent_slugs: draft.agent_slugs }) : createTemplate(user.id, draft);

  const list = (title: string, entries: PromptTemplateDto[], empty: string) => (
    <section aria-label={title}>
      <Heading as="h3" size="2" mb="2">
        {title} <Text color="gray">({entries.length})</Text>
      </Heading>
      {entries.length === 0 ? (
        <Text as="p" size="2" color="gray">
          {empty}
        </Text>
      ) : (
        <ul className="template-list">
          {entries.map((template) => (
            <TemplateItem key={template.id} template={template} onEdit={() => setEditing(template)} onDelete={() => setRemoving(template)} />
          ))}
        </ul>
      )}
    </section>
  );

  return (
    <section id="templates" ref={section} aria-labelledby="templates-heading" className="templates-section">
      <Flex justify="between" align="start" gap="3" wrap="wrap" mb="3">
        <div>
          <Heading as="h2" size="4" id="templates-heading">
            Prompt templates
          </Heading>
          <Text as="p" size="2" color="gray">
            Reusable prompts with blanks such as {'{{audience}}'}. Type / at the start of any message to use one.
          </Text>
        </div>
        <NetworkRequiredTooltip>
          {({ disabled }) => (
            <Button onClick={() => setCreating(true)} disabled={disabled}>
              <PlusIcon /> New template
            </Button>
          )}
        </NetworkRequiredTooltip>
      </Flex>
      {loadError ? (
        <Text as="p" size="2" color="gray" mb="2" role="status">
          {loadError}
        </Text>
      ) : null}
      <Flex direction="column" gap="4">
        {list(
          'Organisation templates',
          organisation,
          editTemplateBlockedReason(actor, 'org', null) ? 'None yet. Owners and admins add templates for everyone.' : 'None yet. Add the prompts your team asks for most.',
        )}
        {list('My templates', mine, 'None yet. Templates you add for yourself are seen only by you.')}
      </Flex>
      <TemplateEditorDialog
        key={editing?.id ?? 'new'}
        template={editing}
        open={creating || editing !== null}
        actor={actor}
        onOpenChange={(open) => {
          if (!open) {
            setCreating(false);
            setEditing(null);
          }
        }}
        onSave={async (draft) => {
          await save(draft);
          toast.success(editing ? 'Template saved' : 'Template added');
        }}
      />
      <AlertDialog.Root open={removing !== null} onOpenChange={(open) => !open && setRemoving(null)}>
        <AlertDialog.Content maxWidth="440px">
          <AlertDialog.Title>Delete template?</AlertDialog.Title>
          <AlertDialog.Description size="2">
            “{removing?.title}” will no longer be offered in any message box{removing?.scope === 'org' ? ', for anyone in the organisation' : ''}.
          </AlertDialog.Description>
          <DialogActions dialog="alert" mt="4">
            <AlertDialog.Action>
              <Button
                color="red"
                onClick={() => {
                  const target = removing;
                  if (!target) return;
                  deleteTemplate(target.id).then(
                    () => toast.success('Template deleted'),
                    (error: Error) => toast.error(error.message),
                  );
                }}
              >
                Delete
              </Button>
            </AlertDialog.Action>
          </DialogActions>
        </AlertDialog.Content>
      </AlertDialog.Root>
    </section>
  );
}
