/**
 * The error option of a required text field: 'X is required' when the field is absent, 'X must be
 * text' when it has another type. Shared by the contract's request schemas and the server's own
 * (server/src/routes/common.schemas.ts), so a 422 says the same whichever declares the field.
 */
export const requiredText = (label: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be text`),
});
