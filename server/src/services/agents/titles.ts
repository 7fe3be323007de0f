/** Spec 001 §4/§9: a chat's title is the first 50 characters of its first message, cut to 47 plus dots. */
export const TITLE_MAX = 50;
const TITLE_CUT = 47;

export function sessionTitle(message: string): string {
  const text = message.trim().replace(/\s+/g, ' ');
  return text.length > TITLE_MAX ? `${text.slice(0, TITLE_CUT)}...` : text;
}
