/**
 * Mail providers anyone can sign up with: an address there says nothing about an employer, so
 * such domains never tie a new account to an existing organisation.
 */
export const PUBLIC_EMAIL_DOMAINS: ReadonlySet<string> = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'hotmail.co.uk',
  'live.com',
  'msn.com',
  'yahoo.com',
  'yahoo.co.uk',
  'ymail.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'pm.me',
  'gmx.com',
  'gmx.de',
  'gmx.net',
  'web.de',
  'mail.com',
  'yandex.com',
  'yandex.ru',
  'zoho.com',
  'zohomail.com',
  'fastmail.com',
  'tutanota.com',
  'tuta.io',
  'hey.com',
  'qq.com',
  '163.com',
]);

/** The lower-case domain part of an email address ('' when there is none). */
export function emailDomainOf(email: string): string {
  const at = email.lastIndexOf('@');
  return at === -1 ? '' : email.slice(at + 1).trim().toLowerCase();
}

export function isPublicEmailDomain(domain: string): boolean {
  return PUBLIC_EMAIL_DOMAINS.has(domain.toLowerCase());
}

/** The domain to record on a new organisation, or null for public mail providers. */
export function organisationDomainFor(email: string): string | null {
  const domain = emailDomainOf(email);
  return domain && !isPublicEmailDomain(domain) ? domain : null;
}
