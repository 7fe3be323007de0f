/** "5 minutes ago" style wording: the app's one formatter (src/contract/format.ts) has it. */
export { timeAgo } from '../contract/format';
