/** The signed-in person's own account (every role, no space). */
import { http, stringField } from '../../api';
import type { AccountSession } from '../../contract/account';
import type { User } from '../../contract/auth';

export async function putName(name: string): Promise<User> {
  return http.put<User>('/account/profile', { name });
}

export async function postPasswordChange(currentPassword: string, newPassword: string): Promise<void> {
  await http.post<unknown>('/account/password', { current_password: currentPassword, new_password: newPassword });
}

/** The answer's message says where the link went and which address still signs in. */
export async function postEmailChange(newEmail: string, currentPassword: string): Promise<string> {
  const body = await http.post<unknown>('/account/email', { new_email: newEmail, current_password: currentPassword });
  return stringField(body, 'message') ?? `We have emailed a confirmation link to ${newEmail}.`;
}

export async function postEmailConfirmation(token: string): Promise<{ message: string; email: string }> {
  return http.post<{ message: string; email: string }>('/auth/email/confirm', { token });
}

export async function getAccountSessions(): Promise<AccountSession[]> {
  return (await http.get<{ sessions: AccountSession[] }>('/account/sessions')).sessions;
}

export async function deleteAccountSession(id: string): Promise<void> {
  await http.delete<unknown>(`/account/sessions/${encodeURIComponent(id)}`);
}
