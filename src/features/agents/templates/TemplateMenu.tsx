/**
 * The "/" list of the message box: prompt templates offered to this agent, filtered by what follows
 * the "/". Focus stays in the box (the list is its active descendant): ↑ ↓ move, Enter or Tab
 * inserts, Escape closes. A mouse or a tap picks an entry directly.
 */
import { Link as RouterLink } from 'react-router-dom';
import { Badge, Flex, Link, Text } from '@radix-ui/themes';
import type { PromptTemplateDto } from '../../../contract/prompt-templates';
import './templates.css';
import { formatCount } from '../../../contract/format';

interface TemplateMenuProps {
  listId: string;
  templates: readonly PromptTemplateDto[];
  active: number;
  query: string;
  onChoose(template: PromptTemplateDto): void;
  onHover(index: number): void;
  /** True until the device has any list (first load, offline before one was saved). */
  loading: boolean;
}

export const optionId = (listId: string, index: number) => `${listId}-option-${index}`;

export function TemplateMenu({ listId, templates, active, query, onChoose, onHover, loading }: TemplateMenuProps) {
  return (
    <div className="template-menu" data-testid="template-menu">
      <Text as="p" size="1" color="gray" className="template-menu__head" id={`${listId}-help`}>
        {loading
          ? 'Loading templates…'
          : templates.length === 0
            ? query
              ? `No template matches “${query}”.`
              : 'No templates yet for this agent.'
            : `${formatCount(templates.length, 'template')} · ↑ ↓ to move, Enter to insert, Esc to close`}
      </Text>
      {templates.length > 0 ? (
        <ul role="listbox" id={listId} aria-label="Prompt templates" className="template-menu__list">
          {templates.map((template, index) => (
            <li
              key={template.id}
              id={optionId(listId, index)}
              role="option"
              aria-selected={index === active}
              className="template-menu__option"
              // The box keeps focus: choosing with the mouse must not blur it first.
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => onHover(index)}
              onClick={() => onChoose(template)}
            >
              <Flex align="center" gap="2">
                <Text size="2" weight="medium" className="template-menu__title">
                  {template.title}
                </Text>
                {template.scope === 'personal' ? (
                  <Badge size="1" variant="soft" color="gray">
                    Mine
                  </Badge>
                ) : null}
                {template.variables.length > 0 ? (
                  <Text size="1" color="gray">
                    {formatCount(template.variables.length, 'blank')} to fill
                  </Text>
                ) : null}
              </Flex>
              <Text as="p" size="1" color="gray" className="template-menu__body">
                {template.body}
              </Text>
            </li>
          ))}
        </ul>
      ) : null}
      <Text as="p" size="1" className="template-menu__foot">
        <Link asChild size="1">
          <RouterLink to="/agents/manage#templates">Manage templates</RouterLink>
        </Link>
      </Text>
    </div>
  );
}
