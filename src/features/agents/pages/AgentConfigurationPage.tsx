/**
 * One agent's configuration (spec 001 §4): settings and document access edited as a working copy;
 * pending changes are counted, the last one can be undone, all can be discarded, or saved.
 * Owners and admins edit; members see the configuration read-only.
 */
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Box, Button, Callout, Card, Flex, Heading, Spinner, Text } from '@radix-ui/themes';
import { ExclamationTriangleIcon, ResetIcon } from '@radix-ui/react-icons';
import { toast } from 'sonner';
import { useSnapshot } from 'valtio';
import { Page } from '../../../ui/Page';
import { authState } from '../../../session';
import { agentConfigApi, type AgentDocumentDto, type AgentSettingsDto } from '../agent-config.api';
import { agentsState } from '../agents.store';
import { AgentIcon } from '../components/AgentIcon';
import { DocumentAccessList } from '../components/DocumentAccessList';
import { SettingsForm } from '../components/SettingsForm';
import { discard, edit, pendingChanges, startDraft, undo, type ConfigDraft, type ConfigEdit } from '../lib/config-draft';
import { agentErrorMessage } from '../lib/errors';
import { displayName, useAgentsData } from '../useAgentsData';
import '../agents.css';
import { formatCount } from '../../../contract/format';

interface Loaded {
  settings: AgentSettingsDto;
  documents: AgentDocumentDto[];
}

export default function AgentConfigurationPage() {
  const { slug = '' } = useParams();
  const { spaceId } = useAgentsData();
  const { agents } = useSnapshot(agentsState);
  const { user } = useSnapshot(authState);
  const canEdit = user?.role === 'org_owner' || user?.role === 'org_admin';
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [draft, setDraft] = useState<ConfigDraft | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const name = displayName(slug, agents);

  useEffect(() => {
    if (!spaceId) return;
    let alive = true;
    Promise.all([agentConfigApi.settings(slug), agentConfigApi.documents(slug, spaceId)])
      .then(([settings, documents]) => {
        if (!alive) return;
        setLoaded({ settings, documents });
        setDraft(startDraft(valuesOf(settings, documents)));
        setError(null);
      })
      .catch((failure: unknown) => alive && setError(agentErrorMessage(failure, 'agents')));
    return () => {
      alive = false;
    };
  }, [slug, spaceId]);

  const pending = draft ? pendingChanges(draft) : null;
  const apply = (change: ConfigEdit) => setDraft((current) => (current ? edit(current, change) : current));

  const save = async () => {
    if (!draft || !pending || !spaceId) return;
    setSaving(true);
    try {
      const settings = Object.keys(pending.settings).length > 0 ? await agentConfigApi.saveSettings(slug, pending.settings) : loaded!.settings;
      await agentConfigApi.setDocuments(slug, spaceId, pending.enable, true);
      await agentConfigApi.setDocuments(slug, spaceId, pending.disable, false);
      const documents = await agentConfigApi.documents(slug, spaceId, { fresh: true });
      setLoaded({ settings, documents });
      setDraft(startDraft(valuesOf(settings, documents)));
      toast.success(`${name} settings saved`);
    } catch (failure) {
      toast.error(agentErrorMessage(failure, 'agents') === 'Failed to fetch agents' ? 'Could not save the changes. Try again.' : agentErrorMessage(failure, 'agents'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Page wide>
      <Flex gap="4" align="center" mb="5">
        <AgentIcon slug={slug} size={48} />
        <Box>
          <Heading as="h1" size="6">
            Configure {name}
          </Heading>
          <Text as="p" size="2" color="gray" mt="1">
            {loaded ? `Answers now come from ${loaded.settings.engine === 'offline' ? 'the offline engine' : `${loaded.settings.engine} · ${loaded.settings.engine_model}`}.` : 'Settings and document access in this space.'}
          </Text>
        </Box>
      </Flex>
      {error ? (
        <Callout.Root color="red" mb="4">
          <Callout.Icon>
            <ExclamationTriangleIcon />
          </Callout.Icon>
          <Callout.Text>{error}</Callout.Text>
        </Callout.Root>
      ) : null}
      {!canEdit && loaded ? (
        <Callout.Root color="gray" variant="surface" mb="4">
          <Callout.Text>Only organisation owners and admins can change agent settings. You can see them here.</Callout.Text>
        </Callout.Root>
      ) : null}
      {!draft || !loaded ? (
        error ? null : <Spinner size="3" />
      ) : (
        <>
          <div className="config-grid">
            <Card size="3">
              <Heading as="h2" size="3" mb="4">
                Settings
              </Heading>
              <SettingsForm values={draft.working.settings} availableProviders={loaded.settings.available_providers} readOnly={!canEdit} onEdit={apply} />
            </Card>
            <Card size="3">
              <Heading as="h2" size="3" mb="1">
                Documents {name} may use
              </Heading>
              <Text as="p" size="2" color="gray" mb="3">
                {Object.values(draft.working.documents).filter(Boolean).length} of {loaded.documents.length} enabled
              </Text>
              <DocumentAccessList
                documents={loaded.documents}
                enabled={draft.working.documents}
                readOnly={!canEdit}
                onEdit={apply}
                onSearch={(query) => agentConfigApi.searchDocuments(slug, query)}
              />
            </Card>
          </div>
          {canEdit ? (
            <Card size="2" mt="4" className="config-savebar">
              <Flex align="center" justify="between" gap="3" wrap="wrap">
                <Text size="2" color={pending && pending.count > 0 ? undefined : 'gray'} role="status">
                  {pending && pending.count > 0 ? formatCount(pending.count, 'unsaved change') : 'No unsaved changes'}
                </Text>
                <Flex gap="2">
                  <Button variant="soft" color="gray" disabled={draft.history.length === 0 || saving} onClick={() => setDraft(undo(draft))}>
                    <ResetIcon /> Undo
                  </Button>
                  <Button variant="soft" color="gray" disabled={!pending?.count || saving} onClick={() => setDraft(discard(draft))}>
                    Discard all
                  </Button>
                  <Button disabled={!pending?.count} loading={saving} onClick={() => void save()}>
                    Save changes
                  </Button>
                </Flex>
              </Flex>
            </Card>
          ) : null}
        </>
      )}
    </Page>
  );
}

function valuesOf(settings: AgentSettingsDto, documents: AgentDocumentDto[]) {
  return {
    settings: {
      provider: settings.provider,
      model: settings.model,
      temperature: settings.temperature,
      max_output_tokens: settings.max_output_tokens,
      default_mode: settings.default_mode,
      custom_instructions: settings.custom_instructions,
    },
    documents: Object.fromEntries(documents.map((document) => [document.id, document.is_enabled])),
  };
}
