/**
 * Request fields of the sign-in, registration and account calls, with the words a 422 says about
 * them: a new password, a display name, the current password and the secret of an emailed link.
 * One rule per field for every call that takes it (the email address is email-address.ts's).
 */
import { z } from 'zod';
import { NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './account';
import { requiredText } from './required-text';

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
    .max(NAME_MAX_LENGTH, `${label} must be at most ${NAME_MAX_LENGTH} characters`);

/** The password an account signs in with, asked again before changing the password or the email. */
export const currentPasswordSchema = z
  .string(requiredText('Current password'))
  .min(1, 'Current password is required')
  .max(1024, 'Current password is too long');

/** The secret of a password reset or email confirmation link: 43 characters; anything much longer is not one of ours. */
export const accountLinkToken = z
  .string(requiredText('Token'))
  .trim()
  .min(1, 'Token is required')
  .max(200, 'This is not a link token');
