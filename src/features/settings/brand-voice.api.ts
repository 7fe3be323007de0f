import { callEndpoint } from '../../api';
import type { EndpointAnswer } from '../../contract/endpoint';
import { SETTINGS_ROUTES } from '../../contract/settings-routes';

/** Spec 001 §3 brand voice. `content` is '' until someone writes one. */
export type BrandVoice = EndpointAnswer<typeof SETTINGS_ROUTES.brandVoice>;

export const fetchBrandVoice = (signal?: AbortSignal) => callEndpoint(SETTINGS_ROUTES.brandVoice, {}, signal ? { signal } : {});

export const putBrandVoice = (content: string) => callEndpoint(SETTINGS_ROUTES.saveBrandVoice, { body: { content } });
