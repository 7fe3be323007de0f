import { ACCOUNT_SUSPENDED_MESSAGE } from '../../src/contract/account';
import { formatCount } from '../../src/contract/format';

/** One field's problem, as sent in a 422 body. */
export interface FieldError {
  field: string;
  message: string;
}

/**
 * An error the caller caused or may act on. Services throw it; the one error handler turns it
 * into `{detail, code, errors?}` with its status. Anything else thrown becomes a logged 500.
 */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly code: string,
    readonly errors?: FieldError[],
  ) {
    super(detail);
  }
}

export const badRequest = (detail: string, code = 'BAD_REQUEST') => new AppError(400, detail, code);
export const unauthorized = (detail: string, code = 'UNAUTHORIZED') => new AppError(401, detail, code);
export const forbidden = (detail: string) => new AppError(403, detail, 'FORBIDDEN');
export const notFound = (detail: string) => new AppError(404, detail, 'NOT_FOUND');
export const conflict = (detail: string) => new AppError(409, detail, 'CONFLICT');
/** 402: the organisation's plan or balance does not allow the operation (billing). */
export const paymentRequired = (detail: string, code: string) => new AppError(402, detail, code);

/** Message texts callers see; kept together so tests and clients can rely on them word for word. */
export const MESSAGES = {
  onlyManagersEditBrandVoice: 'Only organisation owners and admins can change the brand voice',
  onlyManagersConnectAnalytics: 'Only organisation owners and admins can connect Google Analytics to a space',
  badCredentials: 'Incorrect email or password',
  // Account lifecycle (docs/server.md "Account").
  resetLinkInvalid: 'This password reset link is not valid: it has been used or replaced by a newer one. Ask for a new link.',
  resetLinkExpired: 'This password reset link has expired. Ask for a new link.',
  emailLinkInvalid: 'This confirmation link is not valid: it has been used or replaced by a newer one. Change your email again in Settings to get a new link.',
  emailLinkExpired: 'This confirmation link has expired. Change your email again in Settings to get a new link.',
  currentPasswordWrong: 'Your current password is not correct',
  newEmailSame: 'This is already your email address',
  accountSessionNotFound: 'Session not found',
  accountSessionUnknown: 'This device is not a known session. Sign in again, then sign out the others.',
  accountSuspended: ACCOUNT_SUSPENDED_MESSAGE,
  joinRequestAwaitingApproval: (orgName: string) =>
    `Your request to join ${orgName} is waiting for approval by an owner or admin of ${orgName}. You can sign in once it is approved.`,
  notAuthenticated: 'Not authenticated',
  tokenExpired: 'Token expired',
  invalidRefreshToken: 'Invalid refresh token',
  refreshTokenExpired: 'Refresh token expired',
  emailTaken: 'An account with this email already exists',
  joinRequestPending: 'A request to join with this email is already pending',
  noOrgForDomain: 'No organisation found for this email domain',
  orgNameRequired: 'Organisation name is required',
  joinRequestSent: (orgName: string) =>
    `Your request to join ${orgName} has been sent. An owner or admin must approve it before you can sign in.`,
  joinRequestNotFound: 'Join request not found',
  joinRequestDecided: 'Only pending join requests can be decided',
  onlyManagersDecideJoinRequests: 'Only organisation owners and admins can decide join requests',
  onlyManagersCreateSpaces: 'Only organisation owners and admins can create spaces',
  permissionDenied: 'Permission denied',
  spaceSlugTaken: 'A space with this slug already exists',
  spaceContextRequired: 'Space context required: send the X-Space-Id header',
  spaceNotFound: 'Space not found',
  noOrganisation: 'This account does not belong to an organisation',
  validation: 'Validation error',
  tooManyRequests: 'Too many requests',
  malformedJson: 'Malformed JSON in request body',
  malformedUrl: 'The request URL could not be read (malformed percent-encoding)',
  bodyTooLarge: 'Request body too large',
  unsupportedMediaType: 'Unsupported content type: send application/json',
  notFound: 'Not found',
  internal: 'Internal server error',
  // Billing (spec 001 §8 and the agents' texts for chat charges).
  insufficientCredits: 'Insufficient credits',
  insufficientCreditsFor: (required: number, remaining: number) =>
    `Insufficient credits. This operation requires ${required} credits, but you only have ${remaining} remaining.`,
  planExpired: (type: string) => `Your ${type} plan has expired. Please upgrade your plan to continue using AI agents.`,
  planNotFound: 'Plan not found',
  creditAccountNotFound: 'Credit account not found',
  onlyManagersBuy: 'Only organisation owners and admins can buy credits or change the plan',
  onlyManagersRecordUsage: 'Only organisation owners and admins can record credit transactions and usage',
  unknownPaymentMethod: (method: string, known: string[]) => `Unknown payment method '${method}'. Use one of: ${known.join(', ')}`,
  paymentDeclined: (reason: string) => `Payment declined: ${reason}`,
  unknownCreditPackage: 'Unknown credit package: choose 1,000, 5,000 or 20,000 credits',
  creditPackageChanged: 'The price or bonus does not match the current package. Refresh the page to see current prices.',
  alreadyOnPlan: (name: string) => `Your organisation is already on the ${name} plan`,
  freeTrialCannotRestart: 'The free trial cannot be restarted. Choose starter, pro or business.',
  transactionNotFound: 'Credit transaction not found',
  // Organisation management (spec 001: org admin users; docs/server.md "Organisation management").
  onlyManagersManageMembers: 'Only organisation owners and admins can manage members',
  memberNotFound: 'Member not found',
  cannotChangeOwnRole: 'You cannot change your own role',
  cannotRemoveYourself: 'You cannot remove yourself from the organisation',
  onlyOwnersManageOwners: 'Only an organisation owner can give, take away or change the owner role',
  onlyOwnersRemoveOwners: 'Only an organisation owner can remove an owner',
  lastOwner: 'An organisation must keep at least one owner',
  inviteNotFound: 'Invite not found',
  inviteNotPending: 'Only pending invites can be revoked',
  inviteLinkNotPending: 'This invite is no longer pending (accepted, revoked or expired): invite the address again for a new link',
  // Invite links (docs/server.md "Organisation management").
  inviteLinkInvalid:
    'This invite link is not valid: it has been used, withdrawn or replaced by a newer invite. If you have already joined, sign in; otherwise ask whoever invited you to invite you again.',
  inviteLinkExpired: (orgName: string) => `This invite link has expired. Ask ${orgName} to invite you again.`,
  inviteForAnotherEmail: (email: string) => `This invite is for ${email}. Register with that address to join.`,
  // Organisation settings and spaces (docs/server.md "Organisation settings", "Spaces lifecycle").
  organisationNotFound: 'Organisation not found',
  onlyOwnersEditOrganisation: 'Only organisation owners can change the organisation settings',
  onlyManagersChangeSpaces: 'Only organisation owners and admins can rename, archive or delete spaces',
  defaultSpaceCannotBeDeleted: 'The default space cannot be deleted',
  defaultSpaceCannotBeArchived: 'The default space cannot be archived',
  spaceDeleteConfirmMismatch: (name: string) => `Type the space name exactly as shown to delete it: ${name}`,
  // The audit log (docs/admin.md).
  onlyOwnersReadAudit: "Only organisation owners can read the organisation's activity log",
} as const;

/** Knowledge-base texts (docs/knowledge.md); the upload flow's are services/uploads/upload-messages.ts'. */
export const KB_MESSAGES = {
  unsupportedType: (type: string, formats: string) => `Unsupported file type "${type || 'unknown'}". Upload ${formats} files.`,
  duplicate: (filename: string) => `This file already exists in your workspace as "${filename}"`,
  documentNotFound: 'Document not found',
  spaceMismatch: 'spaceId does not match the current space (X-Space-Id header)',
  processingFailed:
    'Processing failed after several attempts. Delete the document and upload it again; if it keeps failing, contact support.',
} as const;

/** Google Analytics 4 texts (spec 001 §8 analytics codes; docs/analytics.md). */
export const GA4_MESSAGES = {
  tokenExpired: 'The Google Analytics connection is refreshing. Please wait a moment and try again.',
  tokenRefreshNeeded: 'Reconnecting...',
  insufficientScope: 'Google Analytics permissions need to be updated. Please reconnect your Google account.',
  authFailed: 'Google Analytics authentication has expired. Please reconnect your Google account.',
  refreshTokenExpired: 'Google Analytics authentication has expired. Please reconnect your Google account.',
  quotaExceeded: 'Google Analytics usage limit reached. Please try again in a few minutes.',
  permissionDenied: 'Access denied to this Google Analytics property. Check your permissions in Google Analytics.',
  unavailable: 'Google Analytics could not be reached. Please try again in a few minutes.',
  googleNotConfigured:
    'This account was connected through Google, but this server has no Google OAuth client configured any more. Remove the account or configure GOOGLE_OAUTH_CLIENT_ID and GOOGLE_OAUTH_CLIENT_SECRET.',
  accountNotFound: 'GA4 account not found',
  propertyNotInAccount: 'This GA4 property is not available to the chosen Google account',
  alreadyLinked: 'This GA4 property is already linked to this space',
  linkedPropertyNotFound: 'Linked property not found',
  propertyNotLinked: 'This GA4 property is not linked to this space. Link it on the Manage GA4 Properties page first.',
  accountRemoved: (unlinked: number) =>
    unlinked === 0 ? 'GA4 account removed' : `GA4 account removed and ${formatCount(unlinked, 'linked property', 'linked properties')} unlinked`,
  statusAuthenticated: 'Google Analytics is connected',
  statusNoAccounts: 'No Google Analytics account is connected',
  statusAuthExpired: 'Google Analytics authentication has expired. Please reconnect your Google account.',
  statusPartial: (valid: number, total: number) =>
    `${valid} of ${formatCount(total, 'Google Analytics account')} ${total === 1 ? 'is' : 'are'} connected. Reconnect the others on the Manage GA4 Properties page.`,
  statusError: 'Google Analytics access needs attention: reconnect your Google account or check its permissions.',
} as const;

/** Payments, checkouts and credit adjustments (docs/billing.md). */
export const PAYMENT_MESSAGES = {
  onlySystemAdminsAdjust:
    'Only a platform system admin can add or remove credits. Organisations get credits by buying them or with their plan.',
  organisationNotFound: 'Organisation not found',
  adjustmentBelowUsed: (remaining: number) =>
    `This correction would take the balance below zero: the organisation has ${formatCount(remaining, 'credit')} left`,
  checkoutInProgress: 'A payment with this Idempotency-Key is still being started. Try again in a moment.',
  checkoutNotFound: 'Checkout not found',
  providerUnavailable: (name: string) => `The payment provider (${name}) could not be reached. Nothing was charged; try again in a moment.`,
  invalidSignature: 'Invalid webhook signature: the body does not match the Stripe-Signature header',
  webhookBodyRequired: 'The webhook body must be the JSON Stripe sent, unchanged',
} as const;
