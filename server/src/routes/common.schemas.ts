import { errorAnswerSchema } from '../../../src/contract/error-answer';
import { requiredText } from '../../../src/contract/required-text';

/** 'X is required' when the field is absent, 'X must be text' when it has another type: the contract's. */
export { requiredText };

/** The user record of login, register and /me: the contract's (src/contract/session-answers.ts). */
export { userSchema } from '../../../src/contract/session-answers';

/** Every error answer's body: the contract's (src/contract/error-answer.ts). */
export const errorSchema = errorAnswerSchema;

/** OpenAPI entries for the error statuses a route can answer with (all share one body). */
export function errorResponses<const S extends readonly number[]>(...statuses: S) {
  return Object.fromEntries(statuses.map((status) => [status, errorSchema])) as Record<S[number], typeof errorSchema>;
}

export const bearerSecurity = [{ bearerAuth: [] }];
