/** Checks the Invite member form before it is sent, and files the server's field errors (422). */
import { z } from 'zod';
import type { FieldError } from '../../api';
import { INVITE_ROLES, type InviteInput } from '../../contract/orgs';

export const INVITE_FIELD_MESSAGES = {
  emailMissing: 'Enter the email address to send the invite to.',
  emailInvalid: 'Enter a valid email address, like name@company.com.',
  roleInvalid: 'Choose Admin or Member.',
} as const;

export type InviteField = keyof InviteInput;
export type InviteFieldErrors = Partial<Record<InviteField, string>>;

const inviteSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, INVITE_FIELD_MESSAGES.emailMissing)
    .pipe(z.email(INVITE_FIELD_MESSAGES.emailInvalid)),
  role: z.enum(INVITE_ROLES, INVITE_FIELD_MESSAGES.roleInvalid),
});

export type InviteCheck = { ok: true; input: InviteInput } | { ok: false; errors: InviteFieldErrors };

/** The trimmed input, or one message per field that is wrong. */
export function checkInvite(draft: { email: string; role: string }): InviteCheck {
  const parsed = inviteSchema.safeParse(draft);
  if (parsed.success) return { ok: true, input: parsed.data };
  const errors: InviteFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'email' || field === 'role') && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}

/**
 * Splits the server's field errors into those the form can show on a field and the rest. The
 * server names fields by their path ('email', or 'body.email' in some validators).
 */
export function fileServerFieldErrors(fieldErrors: readonly FieldError[]): { fields: InviteFieldErrors; other: string[] } {
  const fields: InviteFieldErrors = {};
  const other: string[] = [];
  for (const { field, message } of fieldErrors) {
    const name = field.split('.').at(-1);
    if ((name === 'email' || name === 'role') && !fields[name]) fields[name] = message;
    else other.push(message);
  }
  return { fields, other };
}
