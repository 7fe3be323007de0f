/**
 * The server's error codes that screens act on beyond the HTTP status, spelt once for the server
 * that sends them and the client that branches on them. (GA4's codes are in ga4.ts.)
 */
export const API_ERROR_CODES = {
  /** 402: the balance does not cover the operation. */
  insufficientCredits: 'INSUFFICIENT_CREDITS',
  /** 402: the organisation's plan has ended. */
  planExpired: 'PLAN_EXPIRED',
  /** 404: an invite link that was used, withdrawn or replaced. */
  inviteLinkInvalid: 'INVITE_LINK_INVALID',
  /** 410: an invite link past its expiry. */
  inviteLinkExpired: 'INVITE_LINK_EXPIRED',
  /** 409: a payment with this key is still open at the provider. */
  checkoutInProgress: 'CHECKOUT_IN_PROGRESS',
  /** 409: a signed upload link that has already been used. */
  uploadLinkUsed: 'UPLOAD_LINK_USED',
  /** 404: a password reset or email confirmation link that was used or replaced. */
  accountLinkInvalid: 'ACCOUNT_LINK_INVALID',
  /** 410: a password reset or email confirmation link past its expiry. */
  accountLinkExpired: 'ACCOUNT_LINK_EXPIRED',
  /** 403 at sign-in: the right password, but the join request still awaits approval. */
  joinRequestAwaitingApproval: 'JOIN_REQUEST_PENDING',
  /** 403 at sign-in: the right password for a suspended account. */
  accountSuspended: 'ACCOUNT_SUSPENDED',
} as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[keyof typeof API_ERROR_CODES];
