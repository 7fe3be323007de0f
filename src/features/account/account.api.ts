/** The signed-in person's own account (every role, no space), through the contract's routes. */
import { callEndpoint, stringField } from '../../api';
import type { AccountSession } from '../../contract/account';
import { ACCOUNT_ROUTES } from '../../contract/account-routes';
import type { User } from '../../contract/auth';

export async function putName(name: string): Promise<User> {
  return callEndpoint(ACCOUNT_ROUTES.updateProfile, { body: { name } });
}

export async function postPasswordChange(currentPassword: string, newPassword: string): Promise<void> {
  await callEndpoint(ACCOUNT_ROUTES.changePassword, { body: { current_password: currentPassword, new_password: newPassword } });
}

/** The answer's message says where the link went and which address still signs in. */
export async function postEmailChange(newEmail: string, currentPassword: string): Promise<string> {
  const body: unknown = await callEndpoint(ACCOUNT_ROUTES.changeEmail, { body: { new_email: newEmail, current_password: currentPassword } });
  return stringField(body, 'message') ?? `We have emailed a confirmation link to ${newEmail}.`;
}

export async function postEmailConfirmation(token: string): Promise<{ message: string; email: string }> {
  return callEndpoint(ACCOUNT_ROUTES.confirmEmail, { body: { token } });
}

export async function getAccountSessions(): Promise<AccountSession[]> {
  return (await callEndpoint(ACCOUNT_ROUTES.sessions)).sessions;
}

export async function deleteAccountSession(id: string): Promise<void> {
  await callEndpoint(ACCOUNT_ROUTES.revokeSession, { params: { id } });
}

/** Signs out every device but this one; answers how many were signed out. */
export async function signOutOtherSessions(): Promise<number> {
  return (await callEndpoint(ACCOUNT_ROUTES.revokeOtherSessions)).revoked;
}
