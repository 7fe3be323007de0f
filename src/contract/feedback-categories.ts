/**
 * The categories a reply's rating may name (spec 001 §3 Message: "categories and a note"): the
 * rating dialog offers them and the server refuses any other, so rating reports stay comparable.
 * No schema library here: the chat screen loads this with the dialog.
 */
export const POSITIVE_FEEDBACK_CATEGORIES = ['accurate', 'on_brand', 'actionable', 'well_structured'] as const;
export const NEGATIVE_FEEDBACK_CATEGORIES = ['inaccurate', 'off_brand', 'not_helpful', 'too_long', 'too_short', 'missing_sources', 'other'] as const;
export const FEEDBACK_CATEGORIES = [...POSITIVE_FEEDBACK_CATEGORIES, ...NEGATIVE_FEEDBACK_CATEGORIES] as const;

export type FeedbackCategory = (typeof FEEDBACK_CATEGORIES)[number];

export function isFeedbackCategory(value: string): value is FeedbackCategory {
  return (FEEDBACK_CATEGORIES as readonly string[]).includes(value);
}
