/**
 * "/" at the start of the message box opens the prompt templates offered to this agent
 * (issue 12 item 10). Typing narrows the list; choosing a template puts its text in the box, or
 * first asks for its blanks. The message box wires three things: the panel (shown above the box),
 * its key handler (before its own), and the box's ARIA attributes.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { useSnapshot } from 'valtio';
import { templateOffersAgent, type PromptTemplateDto } from '../../../contract/prompt-templates';
import { authState } from '../../../session';
import { optionId, TemplateMenu } from './TemplateMenu';
import { TemplateVariablesForm } from './TemplateVariablesForm';
import { refreshTemplates, useTemplates } from './templates.store';

/** "/", then the words to search for, on one line. */
const SLASH = /^\/([^\n]*)$/;

/** The list is fetched at most this often per message box (the device's copy shows meanwhile). */
const REFRESH_EVERY_MS = 60_000;

export interface TemplateSlash {
  panel: ReactNode;
  /** Handles the key when the list is open; true when it did (the box then does nothing more). */
  onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>): boolean;
  inputProps: { 'aria-controls'?: string; 'aria-activedescendant'?: string; 'aria-describedby'?: string };
}

function matches(template: PromptTemplateDto, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const haystack = `${template.title} ${template.body}`.toLowerCase();
  return words.every((word) => haystack.includes(word));
}

export function useTemplateSlash(input: { text: string; setText(text: string): void; agentSlug: string | undefined; box: RefObject<HTMLTextAreaElement | null> }): TemplateSlash {
  const { text, setText, agentSlug, box } = input;
  const { user } = useSnapshot(authState);
  const templates = useTemplates(user?.id);
  const listId = useId();
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const [filling, setFilling] = useState<PromptTemplateDto | null>(null);
  const slash = agentSlug ? SLASH.exec(text) : null;
  const open = Boolean(slash) && dismissed !== text && !filling;
  const lastRefresh = useRef(0);

  // Closed for that text only: once it changes (cleared, edited), typing "/…" again opens the list.
  // Adjusted while rendering (React re-renders at once), not in an effect after a wrong paint.
  if (dismissed !== null && dismissed !== text) setDismissed(null);

  useEffect(() => {
    if (!open || !user || Date.now() - lastRefresh.current < REFRESH_EVERY_MS) return;
    lastRefresh.current = Date.now();
    // Offline, the device's copy is what there is.
    void refreshTemplates(user.id).catch(() => undefined);
  }, [open, user]);

  const query = slash?.[1]?.trim() ?? '';
  const offered = (templates ?? []).filter((template) => agentSlug && templateOffersAgent(template, agentSlug) && matches(template, query));
  const current = Math.min(active, Math.max(0, offered.length - 1));

  const focusBox = () => requestAnimationFrame(() => box.current?.focus());
  const choose = (template: PromptTemplateDto) => {
    setActive(0);
    if (template.variables.length === 0) {
      setText(template.body);
      focusBox();
    } else setFilling(template);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (!open) return false;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (offered.length > 0) setActive((current + (event.key === 'ArrowDown' ? 1 : offered.length - 1)) % offered.length);
      return true;
    }
    if ((event.key === 'Enter' || event.key === 'Tab') && !event.shiftKey && offered[current]) {
      event.preventDefault();
      choose(offered[current]);
      return true;
    }
    if (event.key === 'Escape') {
      event.preventDefault();
      setDismissed(text);
      return true;
    }
    return false;
  };

  let panel: ReactNode = null;
  if (filling) {
    panel = (
      <TemplateVariablesForm
        template={filling}
        onInsert={(filled) => {
          setFilling(null);
          setText(filled);
          focusBox();
        }}
        onCancel={() => {
          setFilling(null);
          setDismissed(text);
          focusBox();
        }}
      />
    );
  } else if (open) {
    panel = (
      <TemplateMenu listId={listId} templates={offered} active={current} query={query} onChoose={choose} onHover={setActive} loading={templates === undefined} />
    );
  }

  return {
    panel,
    onKeyDown,
    inputProps: open
      ? {
          'aria-controls': offered.length > 0 ? listId : undefined,
          'aria-activedescendant': offered.length > 0 ? optionId(listId, current) : undefined,
          'aria-describedby': `${listId}-help`,
        }
      : {},
  };
}
