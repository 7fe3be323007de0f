/**
 * The build trims Radix Themes' responsive classes to those the screens use (src/vite-plugins/responsive-css.ts,
 * withoutUnusedBreakpointRules). A class dropped by mistake would silently break a layout at one
 * screen width, so both halves are checked: what the source asks for, and what the CSS keeps.
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postcss from 'postcss';
import { afterEach, describe, expect, it } from 'vitest';
import { responsiveValuesInSource, withoutUnusedBreakpointRules } from '../../src/vite-plugins/responsive-css';

let sourceDir = '';

async function sources(files: Record<string, string>): Promise<string> {
  sourceDir = await mkdtemp(join(tmpdir(), 'mosaic-responsive-'));
  for (const [name, text] of Object.entries(files)) {
    await mkdir(join(sourceDir, name, '..'), { recursive: true });
    await writeFile(join(sourceDir, name), text);
  }
  return sourceDir;
}

afterEach(async () => {
  if (sourceDir) await rm(sourceDir, { recursive: true, force: true });
});

const asObject = (used: Map<string, Set<string>>) => Object.fromEntries([...used].map(([key, values]) => [key, [...values].sort()]));

describe('responsive values in the source', () => {
  it('collects the breakpoint values of responsive props, in JSX and in variables', async () => {
    const dir = await sources({
      'a/Page.tsx': `<Grid columns={{ initial: '1', sm: '3' }} gap="3" /><Flex direction={{ initial: "column", md: "row" }} />`,
      'b/layout.ts': `export const padding = { initial: '2', xs: '4', sm: '5' };`,
    });
    expect(asObject(responsiveValuesInSource(dir))).toEqual({ sm: ['3', '5'], md: ['row'], xs: ['4'] });
  });

  it('ignores objects that are not responsive values', async () => {
    const dir = await sources({
      'Page.tsx': `const style = { width: '1px', sm: 'x' }; type T = { initial?: string; sm?: string }; import { a, b } from 'c';`,
    });
    expect(responsiveValuesInSource(dir).size).toBe(0);
  });

  it('refuses a value it cannot read, naming the file', async () => {
    const dir = await sources({ 'x/Cards.tsx': `<Grid columns={{ initial: '1', md: count }} />` });
    expect(() => responsiveValuesInSource(dir)).toThrow(/src\/x\/Cards\.tsx: responsive value md: count must be a string literal/);
  });
});

describe('breakpoint rules in the stylesheet', () => {
  const css = `
    .rt-r-px-5 { padding: 5px }
    @media (min-width: 768px) {
      .sm\\:rt-r-px-5 { padding: 5px }
      .sm\\:rt-r-px-6 { padding: 6px }
      .rt-Grid:where(.sm\\:rt-r-gtc-3), .rt-Grid:where(.sm\\:rt-r-gtc-4) { grid-template-columns: repeat(3, 1fr) }
      .rt-DialogContent { max-width: 600px }
    }
    @media (min-width: 1280px) { .lg\\:rt-r-px-5 { padding: 5px } }
  `;
  const trim = async (used: Record<string, string[]>) =>
    (await postcss([withoutUnusedBreakpointRules(new Map(Object.entries(used).map(([key, values]) => [key, new Set(values)])))]).process(css, { from: undefined })).css;

  it('keeps the classes the source uses and the responsive rules of components, drops the rest', async () => {
    const out = await trim({ sm: ['5', '3'] });
    expect(out).toContain('.sm\\:rt-r-px-5');
    expect(out).toContain('.rt-Grid:where(.sm\\:rt-r-gtc-3)');
    expect(out).toContain('.rt-DialogContent');
    expect(out).toContain('.rt-r-px-5 {');
    expect(out).not.toContain('rt-r-px-6');
    expect(out).not.toContain('gtc-4');
    expect(out).not.toContain('lg\\:');
    expect(out).not.toContain('1280px');
  });

  it('keeps every class of a breakpoint given an arbitrary CSS value', async () => {
    const out = await trim({ sm: ['1fr 2fr'] });
    expect(out).toContain('.sm\\:rt-r-px-6');
    expect(out).not.toContain('lg\\:');
  });
});
