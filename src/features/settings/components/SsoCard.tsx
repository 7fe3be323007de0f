import { useEffect, useState, type FormEvent } from 'react';
import { AlertDialog, Badge, Button, Callout, Card, Checkbox, Flex, Heading, Skeleton, Text, TextField } from '@radix-ui/themes';
import { ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { toast } from 'sonner';
import { ApiError } from '../../../api';
import { NetworkRequiredTooltip } from '../../../pwa/NetworkRequiredTooltip';
import { CopyField } from '../../../ui/CopyField';
import { FormField } from '../../../ui/FormField';
import { updateSsoSettingsSchema, type SsoProvider, type SsoSettings } from '../../../contract/sso-settings';
import { deleteSsoSettings, fetchSsoSettings, putSsoSettings } from '../sso-settings.api';
import { DomainVerification } from './DomainVerification';
import { DialogActions } from '../../../ui/DialogActions';

type Field = 'provider_name' | 'issuer' | 'client_id' | 'client_secret' | 'email_domain';
type Draft = Record<Field, string> & { enabled: boolean };
type Problems = Partial<Record<Field, string>>;

const emptyDraft: Draft = { provider_name: '', issuer: '', client_id: '', client_secret: '', email_domain: '', enabled: true };
const draftOf = (provider: SsoProvider | null): Draft =>
  provider ? { ...provider, client_secret: '' } : emptyDraft;

/** Each field's broken rule, in the server's words, before anything is sent. */
function problemsOf(draft: Draft, secretStored: boolean): Problems {
  const problems: Problems = {};
  const result = updateSsoSettingsSchema.safeParse(draft);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path[0] as Field;
      problems[field] ??= issue.message;
    }
  }
  if (!secretStored && !draft.client_secret.trim()) problems.client_secret = 'Enter the client secret the provider gave Mosaic';
  return problems;
}

const FIELDS: { field: Field; label: string; hint: (stored: boolean) => string; type?: 'password' | 'url'; placeholder?: string }[] = [
  { field: 'provider_name', label: 'Provider name', hint: () => 'Shown on the sign-in screen: "Sign in with …".', placeholder: 'Okta' },
  {
    field: 'issuer',
    label: 'Issuer URL',
    hint: () => "From the provider's OpenID Connect settings; Mosaic reads its configuration from there when you save.",
    type: 'url',
    placeholder: 'https://login.example.com',
  },
  { field: 'client_id', label: 'Client ID', hint: () => 'The ID of the application you registered for Mosaic at the provider.' },
  {
    field: 'client_secret',
    label: 'Client secret',
    hint: (stored) => (stored ? 'Saved and hidden. Leave empty to keep it, or enter a new one.' : 'Stored encrypted and never shown again.'),
    type: 'password',
  },
  {
    field: 'email_domain',
    label: 'Email domain',
    hint: () => 'People with an address at this domain sign in through the provider once you have verified the domain; first-timers join as members.',
    placeholder: 'example.com',
  },
];

function ReadOnlySso({ provider }: { provider: SsoProvider | null }) {
  if (!provider) {
    return (
      <Text size="2" color="gray">
        Single sign-on is not set up. Only organisation owners can set it up.
      </Text>
    );
  }
  return (
    <Flex direction="column" gap="1">
      <Text size="2">
        People at <Text weight="medium">{provider.email_domain}</Text> sign in with <Text weight="medium">{provider.provider_name}</Text>{' '}
        {provider.enabled ? null : <Badge color="gray">Off</Badge>}
      </Text>
      <Text size="1" color="gray">
        Only organisation owners can change single sign-on.
      </Text>
    </Flex>
  );
}

/** Whether the sign-in screen offers the provider: switched on, and its domain verified. */
function OfferBadge({ enabled, domainVerified }: { enabled: boolean; domainVerified: boolean }) {
  if (!enabled) return <Badge color="gray">Off</Badge>;
  return domainVerified ? <Badge color="green">On</Badge> : <Badge color="orange">Not offered until the domain is verified</Badge>;
}

/** Workspace Settings: the organisation's OpenID Connect provider (owners edit, admins read). */
export function SsoCard({ canEdit }: { canEdit: boolean }) {
  const [settings, setSettings] = useState<SsoSettings | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [serverProblems, setServerProblems] = useState<Problems>({});
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    fetchSsoSettings()
      .then((loaded) => {
        if (current) setSettings(loaded);
      })
      .catch((error: unknown) => {
        if (current) setLoadError(error instanceof Error ? error.message : 'The single sign-on settings could not be loaded.');
      });
    return () => {
      current = false;
    };
  }, [attempt]);
  const load = () => {
    setLoadError(null);
    setAttempt((count) => count + 1);
  };

  const provider = settings?.provider ?? null;
  const shown = draft ?? draftOf(provider);
  const problems = draft ? { ...problemsOf(draft, provider !== null), ...serverProblems } : {};
  const edit = (change: Partial<Draft>) => {
    setDraft({ ...shown, ...change });
    setServerProblems({});
  };

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!draft || Object.keys(problemsOf(draft, provider !== null)).length > 0) return;
    setSaving(true);
    setSaveError(null);
    try {
      const saved = await putSsoSettings(draft);
      setDraft(null);
      // Saving claims the domain: read its state (and the TXT record to add) while the button still spins.
      const refreshed = await fetchSsoSettings().catch(() => null);
      setSettings((current) =>
        refreshed ?? (current ? { ...current, provider: saved, domain_claim: current.domain_claim?.domain === saved.email_domain ? current.domain_claim : null } : current),
      );
      toast.success(
        refreshed?.domain_claim?.status === 'verified'
          ? `People at ${saved.email_domain} can now sign in with ${saved.provider_name}`
          : `Single sign-on saved. Verify ${saved.email_domain} below so the sign-in screen offers ${saved.provider_name}.`,
      );
    } catch (error) {
      const fields = error instanceof ApiError ? error.fieldErrors : [];
      setServerProblems(Object.fromEntries(fields.map((problem) => [problem.field, problem.message])));
      if (fields.length === 0) setSaveError(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  }

  async function remove() {
    try {
      await deleteSsoSettings();
      setSettings((current) => (current ? { ...current, provider: null, domain_claim: null } : current));
      setDraft(null);
      toast.success('Single sign-on removed: people sign in with their passwords');
    } catch (error) {
      setSaveError(error instanceof Error ? error.message : String(error));
    }
  }

  return (
    <Card size="3" className="surface-card" aria-labelledby="sso-heading">
      <Flex direction="column" gap="3">
        <Flex align="center" gap="2">
          <Heading as="h2" size="4" id="sso-heading">
            Single sign-on
          </Heading>
          {provider ? <OfferBadge enabled={provider.enabled} domainVerified={settings?.domain_claim?.status === 'verified'} /> : null}
        </Flex>
        <Text size="2" color="gray">
          Let your team sign in with your identity provider (Okta, Microsoft Entra ID, Google Workspace, or any OpenID Connect provider).
        </Text>
        {loadError ? (
          <Callout.Root color="red" role="alert">
            <Callout.Icon>
              <ExclamationTriangleIcon />
            </Callout.Icon>
            <Callout.Text>
              {loadError}{' '}
              <Button size="1" variant="ghost" onClick={load}>
                Try again
              </Button>
            </Callout.Text>
          </Callout.Root>
        ) : null}
        {settings?.provider && settings.domain_claim ? (
          <DomainVerification
            claim={settings.domain_claim}
            providerName={settings.provider.provider_name}
            canEdit={canEdit}
            onChange={(claim) => setSettings((current) => (current ? { ...current, domain_claim: claim } : current))}
          />
        ) : null}
        <Skeleton loading={!settings && !loadError}>
          {!settings ? (
            <Text size="2" color="gray">
              {loadError ? 'The single sign-on settings could not be shown.' : 'Loading single sign-on…'}
            </Text>
          ) : !canEdit ? (
            <ReadOnlySso provider={provider} />
          ) : (
            <form onSubmit={(event) => void save(event)} noValidate aria-label="Single sign-on settings">
              <Flex direction="column" gap="4">
                <CopyField
                  label="Redirect URI"
                  value={settings.redirect_uri}
                  copiedMessage="Redirect URI copied"
                  hint="Register this address with your provider as the application's sign-in redirect URI."
                />
                {FIELDS.map(({ field, label, hint, type, placeholder }) => (
                  <FormField key={field} label={label} htmlFor={`sso-${field}`} hint={hint(provider !== null)} error={problems[field]}>
                    <TextField.Root
                      id={`sso-${field}`}
                      type={type ?? 'text'}
                      value={shown[field]}
                      placeholder={placeholder}
                      autoComplete={type === 'password' ? 'new-password' : 'off'}
                      aria-invalid={problems[field] ? true : undefined}
                      aria-describedby={problems[field] ? `sso-${field}-error` : `sso-${field}-hint`}
                      onChange={(event) => edit({ [field]: event.target.value })}
                    />
                  </FormField>
                ))}
                <Text as="label" size="2">
                  {/* 24 px tall at least: the label is the checkbox's target too. */}
                  <Flex gap="2" align="center" minHeight="24px">
                    <Checkbox checked={shown.enabled} onCheckedChange={(checked) => edit({ enabled: checked === true })} />
                    Offer &ldquo;Sign in with {shown.provider_name.trim() || 'your provider'}&rdquo; on the sign-in screen
                  </Flex>
                </Text>
                {saveError ? (
                  <Text size="2" color="red" role="alert">
                    {saveError}
                  </Text>
                ) : null}
                <Flex gap="2" justify="between" wrap="wrap">
                  {provider ? (
                    <AlertDialog.Root>
                      <AlertDialog.Trigger>
                        <Button type="button" variant="soft" color="red">
                          Remove single sign-on
                        </Button>
                      </AlertDialog.Trigger>
                      <AlertDialog.Content maxWidth="440px">
                        <AlertDialog.Title>Remove single sign-on?</AlertDialog.Title>
                        <AlertDialog.Description size="2">
                          People at {provider.email_domain} will sign in with their Mosaic passwords (or set one with &ldquo;Forgot
                          password?&rdquo;). Nobody loses their account.
                        </AlertDialog.Description>
                        <DialogActions dialog="alert" mt="4">
                          <AlertDialog.Action>
                            <Button color="red" onClick={() => void remove()}>
                              Remove
                            </Button>
                          </AlertDialog.Action>
                        </DialogActions>
                      </AlertDialog.Content>
                    </AlertDialog.Root>
                  ) : (
                    <span />
                  )}
                  <Flex gap="2" wrap="wrap">
                    <Button type="button" variant="soft" color="gray" disabled={!draft || saving} onClick={() => setDraft(null)}>
                      Discard
                    </Button>
                    <NetworkRequiredTooltip>
                      {({ disabled }) => (
                        <Button type="submit" disabled={disabled || !draft || saving} loading={saving}>
                          {provider ? 'Save single sign-on' : 'Set up single sign-on'}
                        </Button>
                      )}
                    </NetworkRequiredTooltip>
                  </Flex>
                </Flex>
              </Flex>
            </form>
          )}
        </Skeleton>
      </Flex>
    </Card>
  );
}
