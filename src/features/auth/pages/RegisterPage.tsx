import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { Button, Flex, Link, TextField } from '@radix-ui/themes';
import { homePathFor, safeRedirectTarget } from '../../../navigation/redirects';
import { FormField } from '../../../ui/FormField';
import { NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_RULE } from '../../../contract/account';
import { fieldProblems, serverMessage } from '../../../api';
import type { DomainCheck } from '../auth.schemas';
import { checkEmailDomain, register, registerWithDomain } from '../auth.store';
import type { User } from '../../../contract/auth';
import { inviteLinkRefusal } from '../invitation';
import { useInvitationLink } from '../use-invitation-link';
import { AuthLayout } from '../components/AuthLayout';
import { FormAlert } from '../../../ui/FormAlert';
import { InvitationNotice } from '../components/InvitationNotice';
import type { OrganisationChoiceValue } from '../components/OrganisationChoice';
import { OrganisationChoice } from '../components/OrganisationChoice';

const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const ORG_NAME_MAX_LENGTH = 100;
type Field = 'name' | 'email' | 'password' | 'org_name';
type FieldErrors = Partial<Record<Field, string>>;
/** The rule of each field, shown under it from the start (the server applies the same ones). */
const RULES: Record<Field, string> = {
  name: `Up to ${NAME_MAX_LENGTH} characters.`,
  email: 'The address you will sign in with.',
  password: PASSWORD_RULE,
  org_name: `Up to ${ORG_NAME_MAX_LENGTH} characters. You can invite your team once it exists.`,
};
const describedBy = (id: string, error: string | undefined) => (error ? `${id}-error` : `${id}-hint`);

/**
 * Create an account: a new organisation, a request to join the one that owns the email's domain,
 * or — through an invite link (`?invite=`) — joining the inviting organisation with the invited
 * address (locked) and no organisation name. A link that cannot be used says why and what to do,
 * and the form stays as an ordinary registration.
 */
export default function RegisterPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = safeRedirectTarget(params.get('redirect'));
  const inviteToken = params.get('invite');
  const { state: inviteState, retry: retryInvitation, refuse: refuseInvitation } = useInvitationLink(inviteToken);
  const [form, setForm] = useState({ name: '', email: '', password: '', org_name: '' });
  const [domain, setDomain] = useState<DomainCheck | null>(null);
  const [choice, setChoice] = useState<OrganisationChoiceValue>('join_existing');
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [joinMessage, setJoinMessage] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // Only the answer for the latest email counts; an older, slower check must not win.
  const latestChecked = useRef('');

  const set = (field: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [field]: value }));
  const invitation = inviteState.status === 'valid' ? inviteState.invitation : null;
  // Until the link is known to be good or bad, nothing is offered that would ignore it.
  const awaitingInvitation = inviteState.status === 'checking' || inviteState.status === 'unavailable';
  const byInvitation = invitation !== null || awaitingInvitation;
  const email = invitation ? invitation.email : form.email;
  const existingOrg = !byInvitation && domain?.has_existing_org ? (domain.organization_name ?? 'your organisation') : null;
  const joining = existingOrg !== null && choice === 'join_existing';
  const asksOrgName = !byInvitation && !joining;

  const onEmailBlur = async () => {
    const typed = form.email.trim();
    if (byInvitation || !LOOKS_LIKE_EMAIL.test(typed) || typed === latestChecked.current) return;
    latestChecked.current = typed;
    const result = await checkEmailDomain(typed);
    if (latestChecked.current === typed) setDomain(result);
  };

  /** Each field's broken rule, checked before anything is sent. */
  const problemsOf = (): FieldErrors => {
    const problems: FieldErrors = {};
    if (!form.name.trim()) problems.name = 'Enter your name.';
    else if (form.name.trim().length > NAME_MAX_LENGTH) problems.name = `Name must be at most ${NAME_MAX_LENGTH} characters`;
    if (!LOOKS_LIKE_EMAIL.test(email.trim())) problems.email = 'Enter a valid email address.';
    if (!form.password) problems.password = 'Choose a password.';
    else if (form.password.length < PASSWORD_MIN_LENGTH) problems.password = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
    else if (form.password.length > PASSWORD_MAX_LENGTH) problems.password = `Password must be at most ${PASSWORD_MAX_LENGTH} characters`;
    if (asksOrgName && !form.org_name.trim()) problems.org_name = 'Enter your organisation name.';
    else if (asksOrgName && form.org_name.trim().length > ORG_NAME_MAX_LENGTH) {
      problems.org_name = `Organisation name must be at most ${ORG_NAME_MAX_LENGTH} characters`;
    }
    return problems;
  };

  const finish = (user: User) => void navigate(redirect ?? homePathFor(user.role), { replace: true });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting || awaitingInvitation) return;
    const problems = problemsOf();
    setFieldErrors(problems);
    if (Object.keys(problems).length > 0) {
      setError(null);
      return;
    }
    setSubmitting(true);
    setError(null);
    const base = { email: email.trim(), password: form.password, name: form.name.trim() };
    try {
      if (invitation !== null && inviteToken) {
        finish(await register({ ...base, invite_token: inviteToken }));
      } else if (existingOrg !== null) {
        const result = await registerWithDomain(
          joining ? { ...base, choice: 'join_existing' } : { ...base, choice: 'create_new', org_name: form.org_name.trim() },
        );
        if (result.user) finish(result.user);
        else setJoinMessage(result.message ?? `Your request to join ${existingOrg} has been sent.`);
      } else {
        finish(await register({ ...base, org_name: form.org_name.trim() }));
      }
    } catch (caught) {
      const refusal = invitation !== null ? inviteLinkRefusal(caught) : null;
      if (refusal !== null) {
        // The link expired or was used meanwhile: keep everything typed, say why, and let the
        // form go on as an ordinary registration with the invited address still filled in.
        setForm((f) => ({ ...f, email: base.email }));
        refuseInvitation(refusal);
      } else {
        // A 422 names the rule of each field at fault: shown under that field, not as 'Validation error'.
        const fromServer = fieldProblems(caught) as FieldErrors;
        const known = (Object.keys(fromServer) as Field[]).filter((field) => field in RULES);
        setFieldErrors(Object.fromEntries(known.map((field) => [field, fromServer[field]])));
        setError(known.length > 0 ? null : serverMessage(caught, 'Registration failed'));
      }
    } finally {
      setSubmitting(false);
    }
  };

  const signInLink = redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login';
  const footer = (
    <>
      Already have an account?{' '}
      <Link asChild weight="medium">
        <RouterLink to={signInLink}>Sign in</RouterLink>
      </Link>
    </>
  );

  if (joinMessage) {
    return (
      <AuthLayout title="Request sent" subtitle="You can sign in once an admin approves it." footer={footer}>
        <FormAlert tone="success">{joinMessage}</FormAlert>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Create your account" subtitle="Start using Mosaic with your team." footer={footer}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Create account">
        <Flex direction="column" gap="4">
          <InvitationNotice state={inviteState} onRetry={retryInvitation} />
          {error ? <FormAlert tone="error">{error}</FormAlert> : null}
          <FormField label="Name" htmlFor="register-name" hint={RULES.name} error={fieldErrors.name}>
            <TextField.Root
              id="register-name"
              size="3"
              autoComplete="name"
              value={form.name}
              aria-describedby={describedBy('register-name', fieldErrors.name)}
              aria-invalid={fieldErrors.name ? true : undefined}
              onChange={(e) => set('name')(e.target.value)}
              autoFocus
            />
          </FormField>
          <FormField
            label="Work email"
            htmlFor="register-email"
            hint={invitation ? 'Your invitation is for this address.' : RULES.email}
            error={fieldErrors.email}
          >
            <TextField.Root
              id="register-email"
              type="email"
              size="3"
              autoComplete="email"
              placeholder="you@company.com"
              value={email}
              readOnly={byInvitation}
              aria-describedby={describedBy('register-email', fieldErrors.email)}
              aria-invalid={fieldErrors.email ? true : undefined}
              onChange={(e) => {
                set('email')(e.target.value);
                // A different email may belong to a different organisation: ask again on blur.
                if (e.target.value.trim() !== latestChecked.current) {
                  latestChecked.current = '';
                  setDomain(null);
                }
              }}
              onBlur={() => void onEmailBlur()}
            />
          </FormField>
          <FormField label="Password" htmlFor="register-password" hint={RULES.password} error={fieldErrors.password}>
            <TextField.Root
              id="register-password"
              type="password"
              size="3"
              autoComplete="new-password"
              value={form.password}
              aria-describedby={describedBy('register-password', fieldErrors.password)}
              aria-invalid={fieldErrors.password ? true : undefined}
              onChange={(e) => set('password')(e.target.value)}
            />
          </FormField>
          {existingOrg !== null ? (
            <OrganisationChoice organizationName={existingOrg} value={choice} onChange={setChoice} />
          ) : null}
          {asksOrgName ? (
            <FormField label="Organisation name" htmlFor="register-org" hint={RULES.org_name} error={fieldErrors.org_name}>
              <TextField.Root
                id="register-org"
                size="3"
                autoComplete="organization"
                value={form.org_name}
                aria-describedby={describedBy('register-org', fieldErrors.org_name)}
                aria-invalid={fieldErrors.org_name ? true : undefined}
                onChange={(e) => set('org_name')(e.target.value)}
              />
            </FormField>
          ) : null}
          <Button type="submit" size="3" loading={submitting} disabled={awaitingInvitation} mt="1">
            {joining ? 'Request to join' : 'Create account'}
          </Button>
        </Flex>
      </form>
    </AuthLayout>
  );
}
