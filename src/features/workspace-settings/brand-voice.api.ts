import { http } from '../../api';

/** Spec 001 §3 brand voice. `content` is '' until someone writes one. */
export interface BrandVoice {
  content: string;
  updatedAt: string | null;
  createdBy: string | null;
}

export const fetchBrandVoice = (signal?: AbortSignal) => http.get<BrandVoice>('/settings/brand-voice', signal ? { signal } : {});

export const putBrandVoice = (content: string) => http.put<BrandVoice>('/settings/brand-voice', { content });
