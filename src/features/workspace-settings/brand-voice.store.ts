/**
 * The organisation's brand voice (valtio). Loaded by Workspace Settings; cleared on a space
 * switch and on logout (spec 000 §4: switching clears brand voice data and reloads).
 */
import { proxy } from 'valtio';
import { ApiError } from '../../api';
import { onSessionReset, onSpaceSwitch } from '../../session';
import { fetchBrandVoice, putBrandVoice, type BrandVoice } from './brand-voice.api';

/** Spec 001 §8 texts. */
export const BRAND_VOICE_MESSAGES = {
  fetchFailed: 'Failed to fetch brand voice',
  updateFailed: 'Failed to update brand voice',
} as const;

export interface BrandVoiceState {
  voice: BrandVoice | null;
  loading: boolean;
  saving: boolean;
  loadError: string | null;
}

const initialState = (): BrandVoiceState => ({ voice: null, loading: false, saving: false, loadError: null });

export const brandVoiceState = proxy<BrandVoiceState>(initialState());

/** The spec's message, with the server's reason after it when it gave one. */
function describe(message: string, error: unknown): string {
  if (error instanceof ApiError) {
    const reason = error.fieldErrors[0]?.message ?? error.serverDetail;
    return reason ? `${message}: ${reason}` : message;
  }
  return message;
}

let loadGeneration = 0;

export async function loadBrandVoice(): Promise<void> {
  const generation = ++loadGeneration;
  brandVoiceState.loading = true;
  brandVoiceState.loadError = null;
  try {
    const voice = await fetchBrandVoice();
    // A space switch or logout while loading makes this answer stale.
    if (generation === loadGeneration) brandVoiceState.voice = voice;
  } catch (error) {
    if (generation === loadGeneration) brandVoiceState.loadError = describe(BRAND_VOICE_MESSAGES.fetchFailed, error);
  } finally {
    if (generation === loadGeneration) brandVoiceState.loading = false;
  }
}

/** Saves the text; on failure throws an Error with the spec's message and keeps the old voice. */
export async function saveBrandVoice(content: string): Promise<BrandVoice> {
  brandVoiceState.saving = true;
  try {
    const voice = await putBrandVoice(content);
    brandVoiceState.voice = voice;
    return voice;
  } catch (error) {
    throw new Error(describe(BRAND_VOICE_MESSAGES.updateFailed, error), { cause: error });
  } finally {
    brandVoiceState.saving = false;
  }
}

function reset(): void {
  loadGeneration += 1;
  Object.assign(brandVoiceState, initialState());
}

onSessionReset(reset);
onSpaceSwitch(() => {
  reset();
  void loadBrandVoice();
});
