import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin as PostcssPlugin } from 'postcss';

/** Radix Themes' breakpoints; a responsive prop value at one becomes a class such as `sm:rt-r-px-5`. */
const BREAKPOINTS = new Set(['xs', 'sm', 'md', 'lg', 'xl']);
const RESPONSIVE_KEYS = new Set(['initial', ...BREAKPOINTS]);

/**
 * The values the app gives responsive props at each breakpoint, read from the object literals in
 * its source whose keys are all breakpoints (`columns={{ initial: '1', sm: '3' }}`). A value that is
 * not a string literal fails the build: the stylesheet could not be trimmed safely for it.
 */
export function responsiveValuesInSource(dir: string): Map<string, Set<string>> {
  const used = new Map<string, Set<string>>();
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!/\.tsx?$/.test(file)) continue;
    const source = readFileSync(path.join(dir, file), 'utf8');
    for (const [, body = ''] of source.matchAll(/\{([^{}]*)\}/g)) {
      const entries = body
        .split(',')
        .filter((part) => part.trim() !== '')
        .map((part) => /^\s*(\w+)\s*:\s*(.+?)\s*$/s.exec(part));
      if (entries.some((entry) => !entry || !RESPONSIVE_KEYS.has(entry[1]!))) continue;
      for (const entry of entries) {
        const [, key = '', raw = ''] = entry!;
        if (!BREAKPOINTS.has(key)) continue;
        const literal = /^'([^']*)'$|^"([^"]*)"$/.exec(raw);
        if (!literal) throw new Error(`src/${file}: responsive value ${key}: ${raw} must be a string literal (src/vite-plugins/responsive-css.ts)`);
        const values = used.get(key) ?? new Set<string>();
        values.add(literal[1] ?? literal[2] ?? '');
        used.set(key, values);
      }
    }
  }
  return used;
}

/**
 * A PostCSS step: Radix Themes ships every responsive class at every breakpoint (460 KB of its
 * 625 KB stylesheet), and the app uses seven. Rules for a breakpoint class keep only the selectors
 * whose value the source gives a responsive prop at that breakpoint (same breakpoint, class ending
 * in `-<value>`); rules that are responsive by themselves (a dialog's width at `sm`) are untouched.
 * Half the render-blocking stylesheet goes, and with it half its parse time on a phone
 * (docs/performance.md).
 */
export function withoutUnusedBreakpointRules(used: Map<string, Set<string>>): PostcssPlugin {
  const keeps = (breakpoint: string, className: string) => {
    const values = [...(used.get(breakpoint) ?? [])];
    // An arbitrary CSS value ('1fr 2fr', '50%') uses the bare class and a custom property.
    return values.some((value) => !/^[\w-]+$/.test(value) || className.endsWith(`-${value}`));
  };
  return {
    postcssPlugin: 'mosaic:unused-breakpoint-rules',
    OnceExit(root) {
      root.walkRules((rule) => {
        const selectors = rule.selectors.filter((selector) =>
          [...selector.matchAll(/\.(xs|sm|md|lg|xl)\\:([\w-]+)/g)].every(([, breakpoint = '', className = '']) => keeps(breakpoint, className)),
        );
        if (selectors.length === 0) rule.remove();
        else if (selectors.length < rule.selectors.length) rule.selectors = selectors;
      });
      root.walkAtRules((atRule) => {
        if (atRule.nodes?.length === 0) atRule.remove();
      });
    },
  };
}
