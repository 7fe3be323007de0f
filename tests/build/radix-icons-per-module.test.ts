/**
 * src/vite-plugins/radix-icons-per-module.ts serves @radix-ui/react-icons as one module per icon, so a
 * chunk carries only the icons its screens draw (docs/performance.md, "Icons per module").
 */
import { describe, expect, it } from 'vitest';
import type { Plugin } from 'vite';
import { radixIconsPerModule } from '../../src/vite-plugins/radix-icons-per-module';
import { chunksOf, REPO_ROOT, viteBuild, virtualModules } from './vite-build';

type LoadResult = { code: string } | null;

/** The plugin's resolveId and load hooks, called the way the bundler calls them. */
function hooks(plugin: Plugin) {
  const call = (hook: unknown, ...args: unknown[]) => (hook as (...args: unknown[]) => unknown).call({}, ...args);
  return {
    resolve: (id: string) => call(plugin.resolveId, id, undefined, {}) as string | null,
    load: (id: string) => call(plugin.load, id) as LoadResult,
  };
}

describe('Radix icons, one module per icon', () => {
  it('resolves the package to a barrel of one module per icon', () => {
    const plugin = hooks(radixIconsPerModule());
    const barrelId = plugin.resolve('@radix-ui/react-icons')!;
    const barrel = plugin.load(barrelId)!.code.split('\n');
    expect(barrel.length).toBeGreaterThan(300);
    expect(barrel).toContain(`export { CheckIcon } from '\0radix-icon:CheckIcon';`);
    expect(plugin.resolve('\0radix-icon:CheckIcon')).toBe('\0radix-icon:CheckIcon');
    expect(plugin.resolve('react')).toBeNull();
  });

  it("loads an icon's module with that icon's code only", () => {
    const plugin = hooks(radixIconsPerModule());
    const code = plugin.load('\0radix-icon:CheckIcon')!.code;
    expect(code).toMatch(/var CheckIcon = \/\*#__PURE__\*\/forwardRef/);
    expect(code).toContain('export { CheckIcon };');
    expect(code.match(/forwardRef\(/g)).toHaveLength(1);
    expect(code).not.toContain('Cross2Icon');
    expect(code.length).toBeLessThan(4000);
  });

  it('refuses an icon the package does not have, naming it', () => {
    expect(() => hooks(radixIconsPerModule()).load('\0radix-icon:NoSuchIcon')).toThrow('Unknown Radix icon NoSuchIcon');
  });

  it('gives a screen loaded on demand its own icon instead of a chunk shared with the entry', async () => {
    const modules = {
      'virtual:entry': `import { CheckIcon } from '@radix-ui/react-icons';\nconsole.log(CheckIcon);\nimport('virtual:screen').then(console.log);\n`,
      'virtual:screen': `import { Cross2Icon } from '@radix-ui/react-icons';\nexport const icon = Cross2Icon;\n`,
    };
    const build = async (plugins: Plugin[]) =>
      chunksOf(
        await viteBuild({
          root: REPO_ROOT,
          plugins: [virtualModules(modules)],
          build: { rolldownOptions: { input: 'virtual:entry', external: ['react'], plugins } },
        }),
      );
    const holding = (chunks: Awaited<ReturnType<typeof build>>, pattern: RegExp) => chunks.filter((chunk) => chunk.moduleIds.some((id) => pattern.test(id)));

    const split = await build([radixIconsPerModule()]);
    const withCheck = holding(split, /radix-icon:CheckIcon$/);
    expect(withCheck).toHaveLength(1);
    expect(withCheck[0]!.moduleIds.some((id) => /radix-icon:Cross2Icon$/.test(id))).toBe(false);
    expect(holding(split, /react-icons\.esm\.js$/)).toEqual([]);

    // Without the plugin both icons sit in the package's one module, in one chunk.
    const whole = await build([]);
    expect(holding(whole, /react-icons\.esm\.js$/)).toHaveLength(1);
  });
});
