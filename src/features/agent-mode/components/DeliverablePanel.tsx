/**
 * The evolving deliverable: the document as the writing steps leave it, and while one writes, its
 * text as it comes. Exported as Markdown or Word; copied as Markdown.
 */
import { useState } from 'react';
import { Button, Flex, Heading, Text } from '@radix-ui/themes';
import { DropdownMenu } from '../../../ui/DropdownMenu';
import { CopyIcon, DownloadIcon, FileTextIcon } from '@radix-ui/react-icons';
import { toast } from 'sonner';
import { writesDeliverable, type AgentModeRun, type AgentModeStep } from '../../../contract/agent-mode';
import { LazyMarkdown } from '../../../ui/markdown/LazyMarkdown';
import { deliverableMarkdown, downloadDeliverableMarkdown, downloadDeliverableWord } from '../lib/deliverable-export';

interface DeliverablePanelProps {
  run: AgentModeRun;
  steps: readonly AgentModeStep[];
  liveTexts: Readonly<Record<string, string>>;
}

function emptyText(run: AgentModeRun): string {
  if (run.status === 'failed' || run.status === 'cancelled') return 'The run ended before a draft was written.';
  if (run.status === 'awaiting_approval') return 'Once you start the run, the draft appears here as it is written.';
  return 'The draft appears here as it is written, after the research and the brief.';
}

export function DeliverablePanel({ run, steps, liveTexts }: DeliverablePanelProps) {
  const [preparing, setPreparing] = useState(false);
  const writing = steps.find((step) => step.status === 'running' && writesDeliverable(step.kind));
  const text = writing ? (liveTexts[writing.id] ?? writing.output) || run.deliverable : run.deliverable;
  const exportable = run.deliverable.trim() !== '';
  const document = { title: run.title, markdown: run.deliverable };

  const toWord = async () => {
    setPreparing(true);
    try {
      await downloadDeliverableWord(document);
    } catch {
      // The Word library is downloaded on first use: offline before it was ever fetched, it cannot be.
      toast.error('Could not build the Word document. Check your connection and try again, or export to Markdown.');
    } finally {
      setPreparing(false);
    }
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(deliverableMarkdown(document));
      toast.success('Copied as Markdown');
    } catch {
      toast.error('Could not copy. Export it as a file instead.');
    }
  };

  return (
    <div className="deliverable-panel">
      <Flex justify="between" align="center" gap="2" className="deliverable-panel__head">
        <Heading as="h2" size="3">
          Deliverable
        </Heading>
        <Flex gap="2" align="center">
          {writing ? (
            <Text size="1" color="gray" aria-live="polite">
              Writing…
            </Text>
          ) : null}
          <Button variant="ghost" size="1" disabled={!exportable} onClick={() => void copy()} aria-label="Copy as Markdown">
            <CopyIcon aria-hidden="true" /> <span className="am-label">Copy</span>
          </Button>
          <DropdownMenu.Root>
            <DropdownMenu.Trigger disabled={!exportable}>
              <Button variant="ghost" size="1" loading={preparing} aria-label="Export">
                <DownloadIcon aria-hidden="true" /> <span className="am-label">Export</span>
              </Button>
            </DropdownMenu.Trigger>
            <DropdownMenu.Content align="end">
              <DropdownMenu.Item onSelect={() => downloadDeliverableMarkdown(document)}>Markdown (.md)</DropdownMenu.Item>
              <DropdownMenu.Item onSelect={() => void toWord()}>Word (.docx)</DropdownMenu.Item>
            </DropdownMenu.Content>
          </DropdownMenu.Root>
        </Flex>
      </Flex>
      {/* Focusable so keyboard users can scroll a long deliverable. */}
      <div className="deliverable-panel__scroll" data-testid="deliverable" tabIndex={0} role="region" aria-label="Deliverable text">
        {text ? (
          <article className="deliverable-doc" aria-busy={writing ? true : undefined}>
            <LazyMarkdown text={text} />
          </article>
        ) : (
          <Flex direction="column" align="center" justify="center" gap="2" className="deliverable-panel__empty">
            <FileTextIcon width={28} height={28} aria-hidden="true" />
            <Text size="2" color="gray" align="center">
              {emptyText(run)}
            </Text>
          </Flex>
        )}
      </div>
    </div>
  );
}
