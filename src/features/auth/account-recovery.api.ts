/** "Forgot password?" and the reset link (no sign-in needed). */
import { http } from '../../api';
import { RESET_REQUESTED_MESSAGE } from '../../contract/account';
import { stringField } from '../../api';

/** Asks for a reset link; the answer is the same whether or not the address has an account. */
export async function postForgotPassword(email: string): Promise<string> {
  const body = await http.post<unknown>('/auth/password/forgot', { email });
  return stringField(body, 'message') ?? RESET_REQUESTED_MESSAGE;
}

/** Sets a new password with the link's token; every session of the account is signed out. */
export async function postResetPassword(token: string, password: string): Promise<void> {
  await http.post<unknown>('/auth/password/reset', { token, password });
}
