import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/api';
import { describeExpiry } from '../../../src/features/orgs/orgs.format';
import { ORG_ADMIN_MESSAGES, describeFailure } from '../../../src/features/orgs/orgs.messages';
import {
  RULE_REASONS,
  assignableRoles,
  removeBlockedReason,
  roleChangeBlockedReason,
} from '../../../src/features/orgs/orgs.rules';
import { checkInvite } from '../../../src/features/orgs/invite-form';
import { member } from './fake-org';

const owner = member('o1', 'Olive Owner', 'org_owner');
const secondOwner = member('o2', 'Otto Owner', 'org_owner');
const admin = member('a1', 'Adam Admin', 'org_admin');
const plain = member('p1', 'Pia Plain', 'org_member');

describe('organisation rules as the screen applies them', () => {
  it('lets an owner change and remove anyone but themselves', () => {
    const owners = 2;
    expect(roleChangeBlockedReason(owner, owner, owners)).toBe(RULE_REASONS.ownRole);
    expect(removeBlockedReason(owner, owner, owners)).toBe(RULE_REASONS.removeSelf);
    for (const target of [secondOwner, admin, plain]) {
      expect(roleChangeBlockedReason(owner, target, owners)).toBeNull();
      expect(removeBlockedReason(owner, target, owners)).toBeNull();
    }
    expect(assignableRoles(owner)).toEqual(['org_member', 'org_admin', 'org_owner']);
  });

  it('keeps admins away from owners and from making owners', () => {
    const owners = 1;
    expect(roleChangeBlockedReason(admin, owner, owners)).toBe(RULE_REASONS.ownerRoleByOwnerOnly);
    expect(removeBlockedReason(admin, owner, owners)).toBe(RULE_REASONS.removeOwnerByOwnerOnly);
    expect(roleChangeBlockedReason(admin, plain, owners)).toBeNull();
    expect(assignableRoles(admin)).toEqual(['org_member', 'org_admin']);
  });

  it('never leaves the organisation without an owner', () => {
    // Seen by an owner whose own row is stale (say, just demoted elsewhere): the last owner stays.
    const staleOwner = member('o9', 'Stale Owner', 'org_owner');
    expect(roleChangeBlockedReason(staleOwner, owner, 1)).toBe(RULE_REASONS.lastOwner);
    expect(removeBlockedReason(staleOwner, owner, 1)).toBe(RULE_REASONS.lastOwner);
  });
});

describe('invite form check', () => {
  it('trims the email and accepts only admin or member', () => {
    expect(checkInvite({ email: '  gina@acme.test ', role: 'org_admin' })).toEqual({
      ok: true,
      input: { email: 'gina@acme.test', role: 'org_admin' },
    });
    expect(checkInvite({ email: 'gina@acme.test', role: 'org_owner' })).toEqual({
      ok: false,
      errors: { role: 'Choose Admin or Member.' },
    });
    expect(checkInvite({ email: ' ', role: 'org_member' })).toEqual({
      ok: false,
      errors: { email: 'Enter the email address to send the invite to.' },
    });
  });
});

describe('failure texts', () => {
  it("put the server's reason after the spec's message", () => {
    const refused = new ApiError('Server error', 409, 'HTTP_ERROR', { detail: 'An organisation must keep at least one owner' });
    expect(describeFailure(ORG_ADMIN_MESSAGES.updateRoleFailed, refused)).toBe(
      'Failed to update member role: An organisation must keep at least one owner',
    );
    const invalid = new ApiError('Validation error', 422, 'VALIDATION_ERROR', {
      detail: 'Validation error',
      errors: [{ field: 'role', message: "Role must be one of 'org_owner', 'org_admin', 'org_member'" }],
    });
    expect(describeFailure(ORG_ADMIN_MESSAGES.updateRoleFailed, invalid)).toBe(
      "Failed to update member role: Role must be one of 'org_owner', 'org_admin', 'org_member'",
    );
    const offline = new ApiError('Network error - please check your connection', null, 'NETWORK_ERROR');
    expect(describeFailure(ORG_ADMIN_MESSAGES.removeMemberFailed, offline)).toBe(
      'Failed to remove member: Network error - please check your connection',
    );
    expect(describeFailure(ORG_ADMIN_MESSAGES.sendInviteFailed, new Error('boom'))).toBe('Failed to send invite');
  });

  it('count invite days up from the 14-day lifetime', () => {
    const now = Date.parse('2026-05-01T12:00:00Z');
    const DAY = 24 * 60 * 60 * 1000;
    expect(describeExpiry(new Date(now + 14 * DAY).toISOString(), now)).toBe('Expires in 14 days');
    // A device clock five minutes behind the server's still reads a fresh invite as 14 days, not 15.
    expect(describeExpiry(new Date(now + 14 * DAY + 5 * 60 * 1000).toISOString(), now)).toBe('Expires in 14 days');
    expect(describeExpiry(new Date(now + 2 * DAY - 1).toISOString(), now)).toBe('Expires in 2 days');
    expect(describeExpiry(new Date(now + 3 * 60 * 60 * 1000).toISOString(), now)).toBe('Expires within a day');
    expect(describeExpiry(new Date(now - 1).toISOString(), now)).toBe('Expired');
  });
});
