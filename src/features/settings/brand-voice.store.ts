/** The organisation's brand voice: loaded and saved by Workspace Settings (org-setting.store.ts). */
import { createOrgSettingStore } from './org-setting.store';
import { fetchBrandVoice, putBrandVoice, type BrandVoice } from './brand-voice.api';

/** Spec 001 §8 texts. */
export const BRAND_VOICE_MESSAGES = {
  fetchFailed: 'Failed to fetch brand voice',
  updateFailed: 'Failed to update brand voice',
} as const;

export const brandVoiceStore = createOrgSettingStore<BrandVoice, string>({ fetch: fetchBrandVoice, put: putBrandVoice, messages: BRAND_VOICE_MESSAGES });
