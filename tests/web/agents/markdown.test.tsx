/** Model output is untrusted: rendered Markdown carries no script, no event handler, no unsafe link. */
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown } from '../../../src/ui/markdown/Markdown';

function renderMarkdown(text: string) {
  return render(<Markdown text={text} />).container;
}

describe('reply Markdown', () => {
  it('renders headings, lists, tables and code', () => {
    const html = renderMarkdown('### Summary\n\n- **one**\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n`code`');
    expect(html.querySelector('h3')?.textContent).toBe('Summary');
    expect(html.querySelectorAll('li')).toHaveLength(2);
    expect(html.querySelector('strong')?.textContent).toBe('one');
    expect(html.querySelector('table td')?.textContent).toBe('1');
    expect(html.querySelector('code')?.textContent).toBe('code');
  });

  it('never creates script or raw HTML elements from the text', () => {
    const html = renderMarkdown('Hi <script>window.pwned = 1</script> <img src=x onerror="window.pwned=1"> <iframe src="https://evil.test"></iframe> <b onclick="x()">bold</b>');
    expect(html.querySelector('script, iframe, img, b')).toBeNull();
    expect((window as unknown as { pwned?: number }).pwned).toBeUndefined();
    expect(html.innerHTML).not.toMatch(/onerror|onclick/i);
  });

  it('drops javascript:, data: and vbscript: links but keeps the words', () => {
    const html = renderMarkdown('[click](javascript:alert(1)) [data](data:text/html;base64,PHNjcmlwdD4=) [vb](vbscript:msgbox) [JS](JaVaScRiPt:alert(1))');
    expect(html.querySelectorAll('a')).toHaveLength(0);
    expect(html.textContent).toContain('click');
    expect(html.innerHTML.toLowerCase()).not.toContain('javascript:');
  });

  it('opens safe links in a new tab without access to this window', () => {
    const html = renderMarkdown('[docs](https://example.com/guide) and <https://example.org>');
    const links = [...html.querySelectorAll('a')];
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['https://example.com/guide', 'https://example.org']);
    for (const link of links) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
      expect(link.getAttribute('rel')).toContain('noreferrer');
    }
  });

  it('shows images as their alt text instead of loading them', () => {
    const html = renderMarkdown('![tracking pixel](https://evil.test/p.gif)');
    expect(html.querySelector('img')).toBeNull();
    expect(html.textContent).toContain('[image: tracking pixel]');
  });
});
