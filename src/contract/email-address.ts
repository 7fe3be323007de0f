/**
 * An email address as the server takes it in a request: trimmed, lower-cased, at most what SMTP
 * allows, and shaped like an address. One rule for every request that carries one (sign-in,
 * registration, invites, password reset, email change), so a 422 says the same whichever it is.
 */
import { z } from 'zod';
import { requiredText } from './required-text';

/** Longest address SMTP allows. */
export const EMAIL_MAX_LENGTH = 254;

export const emailSchema = z
  .string(requiredText('Email'))
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH, `Email must be at most ${EMAIL_MAX_LENGTH} characters`)
  .pipe(z.email({ error: 'Enter a valid email address' }));
