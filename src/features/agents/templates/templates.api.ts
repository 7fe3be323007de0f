/** Prompt template calls (docs/agents.md "Prompt templates"), through the contract's routes. */
import { callEndpoint } from '../../../api';
import { PROMPT_TEMPLATE_ROUTES } from '../../../contract/prompt-template-routes';
import type { CreateTemplatePayload, PromptTemplateDto, UpdateTemplatePayload } from '../../../contract/prompt-templates';

export const templatesApi = {
  list: (): Promise<PromptTemplateDto[]> => callEndpoint(PROMPT_TEMPLATE_ROUTES.list).then((body) => body.templates),
  create: (payload: CreateTemplatePayload): Promise<PromptTemplateDto> => callEndpoint(PROMPT_TEMPLATE_ROUTES.create, { body: payload }),
  update: (id: string, payload: UpdateTemplatePayload): Promise<PromptTemplateDto> =>
    callEndpoint(PROMPT_TEMPLATE_ROUTES.update, { params: { id }, body: payload }),
  remove: (id: string): Promise<void> => callEndpoint(PROMPT_TEMPLATE_ROUTES.remove, { params: { id } }),
};
