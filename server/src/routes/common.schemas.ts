import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../services/passwords';
import { errorAnswerSchema } from '../../../src/contract/error-answer';
import { requiredText } from '../../../src/contract/required-text';

/** 'X is required' when the field is absent, 'X must be text' when it has another type: the contract's. */
export { requiredText };

/** Longest address SMTP allows. */
const EMAIL_MAX_LENGTH = 254;

export const emailSchema = z
  .string(requiredText('Email'))
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH, `Email must be at most ${EMAIL_MAX_LENGTH} characters`)
  .pipe(z.email({ error: 'Enter a valid email address' }));

/** Rules for choosing a password (not trimmed: spaces are part of a password). */
export const newPasswordSchema = z
  .string(requiredText('Password'))
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

/** A display name of 1–100 characters after trimming. */
export const displayName = (label: string) =>
  z
    .string(requiredText(label))
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} must be at most 100 characters`);

/** The user record of login, register and /me: the contract's (src/contract/session-answers.ts). */
export { userSchema } from '../../../src/contract/session-answers';

/** Every error answer's body: the contract's (src/contract/error-answer.ts). */
export const errorSchema = errorAnswerSchema;

/** OpenAPI entries for the error statuses a route can answer with (all share one body). */
export function errorResponses<const S extends readonly number[]>(...statuses: S) {
  return Object.fromEntries(statuses.map((status) => [status, errorSchema])) as Record<S[number], typeof errorSchema>;
}

export const bearerSecurity = [{ bearerAuth: [] }];
