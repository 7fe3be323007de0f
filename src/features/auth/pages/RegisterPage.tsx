import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { Button, Flex, Link, TextField } from '@radix-ui/themes';
import { ApiError } from '../../../api';
import { homePathFor, safeRedirectTarget } from '../../../app/guard';
import { FormField } from '../../../ui/FormField';
import type { DomainCheck } from '../auth.schemas';
import { checkEmailDomain, register, registerWithDomain } from '../auth.store';
import type { User } from '../auth.types';
import { AuthLayout } from '../components/AuthLayout';
import { FormAlert } from '../components/FormAlert';
import { InvitationNotice } from '../components/InvitationNotice';
import type { OrganisationChoiceValue } from '../components/OrganisationChoice';
import { OrganisationChoice } from '../components/OrganisationChoice';

const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const INVITATION_LAPSED = 'Your invitation has expired or was withdrawn. Enter an organisation name to create your own.';

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Registration failed';
}

/** The server asked for an organisation name: an invitation we were counting on no longer holds. */
const asksForOrgName = (error: unknown): boolean =>
  error instanceof ApiError && error.fieldErrors.some((fieldError) => fieldError.field === 'org_name');

/**
 * Create an account: a new organisation, a request to join the one that owns the email's domain,
 * or — for an invited address — joining the inviting organisation (no organisation name asked).
 */
export default function RegisterPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = safeRedirectTarget(params.get('redirect'));
  const [form, setForm] = useState({ name: '', email: '', password: '', org_name: '' });
  const [domain, setDomain] = useState<DomainCheck | null>(null);
  const [choice, setChoice] = useState<OrganisationChoiceValue>('join_existing');
  const [error, setError] = useState<string | null>(null);
  const [joinMessage, setJoinMessage] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // Only the answer for the latest email counts; an older, slower check must not win.
  const latestChecked = useRef('');

  const set = (field: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [field]: value }));
  const invitation = domain?.invited ? domain : null;
  const existingOrg = domain?.has_existing_org ? (domain.organization_name ?? 'your organisation') : null;
  const joining = existingOrg !== null && choice === 'join_existing';
  // An invited address joins the inviting organisation; a name typed here would be thrown away.
  const asksOrgName = invitation === null && !joining;

  const checkDomainOf = async (email: string) => {
    latestChecked.current = email;
    const result = await checkEmailDomain(email);
    if (latestChecked.current !== email) return;
    setDomain(result);
  };

  const onEmailBlur = async () => {
    const email = form.email.trim();
    if (!LOOKS_LIKE_EMAIL.test(email) || email === latestChecked.current) return;
    await checkDomainOf(email);
  };

  const missingField = (): string | null => {
    if (!form.name.trim()) return 'Enter your name.';
    if (!LOOKS_LIKE_EMAIL.test(form.email.trim())) return 'Enter a valid email address.';
    if (!form.password) return 'Choose a password.';
    if (asksOrgName && !form.org_name.trim()) return 'Enter your organisation name.';
    return null;
  };

  const finish = (user: User) => void navigate(redirect ?? homePathFor(user.role), { replace: true });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const problem = missingField();
    if (problem) {
      setError(problem);
      return;
    }
    setSubmitting(true);
    setError(null);
    const base = { email: form.email.trim(), password: form.password, name: form.name.trim() };
    try {
      if (invitation !== null) {
        finish(await register(base));
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
      if (invitation !== null && asksForOrgName(caught)) {
        // The invite expired or was revoked meanwhile: ask again what this address may do now.
        setDomain(null);
        setError(INVITATION_LAPSED);
        void checkDomainOf(base.email);
      } else {
        setError(messageOf(caught));
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
          {error ? <FormAlert tone="error">{error}</FormAlert> : null}
          <FormField label="Name" htmlFor="register-name">
            <TextField.Root id="register-name" size="3" autoComplete="name" value={form.name} onChange={(e) => set('name')(e.target.value)} autoFocus />
          </FormField>
          <FormField label="Work email" htmlFor="register-email">
            <TextField.Root
              id="register-email"
              type="email"
              size="3"
              autoComplete="email"
              placeholder="you@company.com"
              value={form.email}
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
          <FormField label="Password" htmlFor="register-password">
            <TextField.Root
              id="register-password"
              type="password"
              size="3"
              autoComplete="new-password"
              value={form.password}
              onChange={(e) => set('password')(e.target.value)}
            />
          </FormField>
          {invitation !== null ? <InvitationNotice organizationName={invitation.organization_name} role={invitation.role} /> : null}
          {existingOrg !== null ? (
            <OrganisationChoice organizationName={existingOrg} value={choice} onChange={setChoice} />
          ) : null}
          {asksOrgName ? (
            <FormField label="Organisation name" htmlFor="register-org">
              <TextField.Root
                id="register-org"
                size="3"
                autoComplete="organization"
                value={form.org_name}
                onChange={(e) => set('org_name')(e.target.value)}
              />
            </FormField>
          ) : null}
          <Button type="submit" size="3" loading={submitting} mt="1">
            {joining ? 'Request to join' : 'Create account'}
          </Button>
        </Flex>
      </form>
    </AuthLayout>
  );
}
