import { useState } from 'react';
import { Flex, Heading, Separator, Text } from '@radix-ui/themes';
import type { User } from '../../../contract/auth';
import { SearchField } from '../../../ui/SearchField';
import { searchArticles, type HelpArticle, type HelpBlock } from '../help-articles';
import { ContactPeople } from '../../orgs/components/ContactPeople';
import { KeyboardShortcuts } from './KeyboardShortcuts';
import '../help.css';
import { formatCount } from '../../../contract/format';

function Block({ block }: { block: HelpBlock }) {
  if ('text' in block) return <Text as="p" size="2">{block.text}</Text>;
  const items = 'steps' in block ? block.steps : block.points;
  const List = 'steps' in block ? 'ol' : 'ul';
  return (
    <List className="help-article__list">
      {items.map((item) => (
        <li key={item}>
          <Text size="2">{item}</Text>
        </li>
      ))}
    </List>
  );
}

function Article({ article, open }: { article: HelpArticle; open: boolean }) {
  return (
    <details className="help-article" open={open || undefined}>
      <summary>
        <Text size="2" weight="medium">
          {article.title}
        </Text>
        <Text size="1" color="gray" className="help-article__summary">
          {article.summary}
        </Text>
      </summary>
      <Flex direction="column" gap="2" className="help-article__body">
        {article.body.map((block, index) => (
          <Block key={index} block={block} />
        ))}
      </Flex>
    </details>
  );
}

/**
 * Help & Support: short articles for each area (searchable, bundled so they read offline), the
 * keyboard shortcuts, and the organisation's owners and admins to contact by name.
 */
export default function HelpCenter({ user }: { user: User }) {
  const [query, setQuery] = useState('');
  const articles = searchArticles(query);
  const searching = query.trim() !== '';
  return (
    <Flex direction="column" gap="4">
      <section aria-labelledby="help-articles-heading">
        <Heading as="h3" size="3" id="help-articles-heading" mb="2">
          Guides
        </Heading>
        <SearchField type="search" placeholder="Search help, e.g. credits, offline, invite" aria-label="Search help" value={query} onChange={(event) => setQuery(event.target.value)} mb="2" />
        <Text as="p" size="1" color="gray" role="status" mb="1">
          {searching ? `${formatCount(articles.length, 'guide matches', 'guides match')} “${query.trim()}”` : ''}
        </Text>
        {articles.length === 0 ? (
          <Text as="p" size="2" color="gray">
            No guide matches. Try another word, or ask one of the people below.
          </Text>
        ) : (
          <div className="help-article-list">
            {articles.map((article) => (
              <Article key={`${article.id}-${searching ? 'search' : 'all'}`} article={article} open={searching && articles.length <= 2} />
            ))}
          </div>
        )}
      </section>
      <Separator size="4" />
      <KeyboardShortcuts />
      <Separator size="4" />
      <ContactPeople user={user} />
    </Flex>
  );
}
