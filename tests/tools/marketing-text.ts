/**
 * Plain marketing prose of about `bytes` bytes, in varied words so that its passages are realistic
 * to index for full-text search (not one token repeated): the large upload of the tenant-isolation
 * fault scenario and of bench:footprint's hostile inputs.
 */
export function marketingText(bytes: number): Buffer {
  const words = ['brand', 'launch', 'campaign', 'audience', 'spring', 'offer', 'newsletter', 'retention', 'loyal', 'customers', 'channel', 'budget', 'growth', 'story', 'voice', 'tone', 'social', 'search', 'content', 'plan'];
  const lines: string[] = [];
  let size = 0;
  for (let line = 0; size < bytes; line += 1) {
    const sentence = Array.from({ length: 14 }, (_, index) => words[(line * 7 + index * 3 + (line % 11)) % words.length]).join(' ');
    const text = `Paragraph ${line}: ${sentence}.\n`;
    lines.push(text);
    size += text.length;
  }
  return Buffer.from(lines.join('').slice(0, bytes));
}
