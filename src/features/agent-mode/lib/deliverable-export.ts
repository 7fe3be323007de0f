/**
 * Taking a run's deliverable elsewhere: a Markdown file (as written), or a Word document built by
 * the chat export's renderer (deliverable-docx.ts, downloaded only when asked for).
 */
import { downloadFile, exportFileName } from '../../agents/lib/chat-export';

export interface DeliverableForExport {
  title: string;
  markdown: string;
}

/** The Markdown as the run wrote it, with a title heading when it has none. */
export function deliverableMarkdown(deliverable: DeliverableForExport): string {
  const text = deliverable.markdown.trim();
  return `${text.startsWith('# ') ? text : `# ${deliverable.title}\n\n${text}`}\n`;
}

export function downloadDeliverableMarkdown(deliverable: DeliverableForExport): void {
  downloadFile(new Blob([deliverableMarkdown(deliverable)], { type: 'text/markdown;charset=utf-8' }), exportFileName(deliverable.title, 'md'));
}

export async function downloadDeliverableWord(deliverable: DeliverableForExport): Promise<void> {
  const { deliverableToDocx } = await import('./deliverable-docx');
  downloadFile(await deliverableToDocx(deliverable.title, deliverableMarkdown(deliverable)), exportFileName(deliverable.title, 'docx'));
}
