/** Prompt template calls (docs/agents.md "Prompt templates"). */
import { http } from '../../../api';
import type { CreateTemplatePayload, PromptTemplateDto, UpdateTemplatePayload } from '../../../contract/prompt-templates';

const path = (id: string) => `/prompt-templates/${encodeURIComponent(id)}`;

export const templatesApi = {
  list: () => http.get<{ templates: PromptTemplateDto[] }>('/prompt-templates').then((body) => body.templates),
  create: (payload: CreateTemplatePayload) => http.post<PromptTemplateDto>('/prompt-templates', payload),
  update: (id: string, payload: UpdateTemplatePayload) => http.patch<PromptTemplateDto>(path(id), payload),
  remove: (id: string) => http.delete<void>(path(id)),
};
