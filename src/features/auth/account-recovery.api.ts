/** "Forgot password?" and the reset link (no sign-in needed). */
import { callEndpoint, stringField } from '../../api';
import { RESET_REQUESTED_MESSAGE } from '../../contract/account';
import { AUTH_ROUTES } from '../../contract/auth-routes';

/** Asks for a reset link; the answer is the same whether or not the address has an account. */
export async function postForgotPassword(email: string): Promise<string> {
  const body = await callEndpoint(AUTH_ROUTES.forgotPassword, { body: { email } });
  return stringField(body, 'message') ?? RESET_REQUESTED_MESSAGE;
}

/** Sets a new password with the link's token; every session of the account is signed out. */
export async function postResetPassword(token: string, password: string): Promise<void> {
  await callEndpoint(AUTH_ROUTES.resetPassword, { body: { token, password } });
}
