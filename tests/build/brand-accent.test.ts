/**
 * One accent colour: the hex the splash, the manifest and every email use (src/contract/brand.ts)
 * is the solid step of the Radix scale the app's theme is given, read from @radix-ui/themes itself.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { BRAND_ACCENT } from '../../src/contract/brand';
import { passwordResetMail, emailChangeConfirmMail } from '../../server/src/mail/templates/account-mail';
import { accountExistsNotice } from '../../server/src/mail/templates/account-notices';
import { supportPasswordResetMail } from '../../server/src/mail/templates/admin-mail';
import { inviteMail } from '../../server/src/mail/templates/invite-mail';

const require = createRequire(import.meta.url);

/** `--<scale>-9` in light mode, as @radix-ui/themes defines it. */
function radixSolid(scale: string): string {
  const css = readFileSync(require.resolve(`@radix-ui/themes/tokens/colors/${scale}.css`), 'utf8');
  const value = new RegExp(`--${scale}-9:\\s*(#[0-9a-f]{6})`, 'i').exec(css)?.[1];
  if (!value) throw new Error(`--${scale}-9 not found in @radix-ui/themes`);
  return value.toLowerCase();
}

describe('the accent colour', () => {
  it("is the theme's Radix accent, step 9", () => {
    expect(BRAND_ACCENT.hex).toBe(radixSolid(BRAND_ACCENT.radix));
  });

  const link = 'https://mosaic.example/a-link#token';
  const mails = {
    invite: inviteMail({ to: 'ana@example.com', organisationName: 'Alder Agency', inviterName: 'Sam', role: 'org_member', link, expiresAt: new Date('2026-12-12T00:00:00Z') }),
    passwordReset: passwordResetMail('ana@example.com', link),
    emailChange: emailChangeConfirmMail('ana@example.com', 'old@example.com', link),
    supportReset: supportPasswordResetMail('ana@example.com', link),
    accountExists: accountExistsNotice('ana@example.com', 'https://mosaic.example'),
  };

  it.each(Object.entries(mails))("paints the %s mail's button in it, white on the accent, and no other colour", (_name, mail) => {
    expect(mail.html).toContain(`background:${BRAND_ACCENT.hex};color:#ffffff`);
    const backgrounds = [...mail.html.matchAll(/background:\s*([^;"]+)/gi)].map((match) => match[1]);
    expect(new Set(backgrounds)).toEqual(new Set([BRAND_ACCENT.hex]));
  });
});
