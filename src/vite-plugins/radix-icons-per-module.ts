import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

const PACKAGE = '@radix-ui/react-icons';
const BARREL = '\0radix-icons';
const ICON = '\0radix-icon:';

/**
 * @radix-ui/react-icons ships all ~320 icons in one module, and a module cannot be split across
 * chunks, so whichever chunk holds it carries every icon any screen uses (the Login screen paid
 * ~14 KB gzip for two icons). This serves the package as a barrel of one small module per icon
 * (cut from the same file), so each chunk carries only the icons it draws.
 */
export function radixIconsPerModule(): Plugin {
  const file = createRequire(import.meta.url).resolve(`${PACKAGE}/dist/react-icons.esm.js`);
  let icons: Map<string, string> | null = null;
  let helper = '';
  const parse = () => {
    if (icons) return icons;
    const source = readFileSync(file, 'utf8');
    const body = source.slice(0, source.lastIndexOf('\nexport {'));
    const blocks = body.split(/\n(?=var _excluded)/);
    helper = blocks[0]!.replace(/^import .*$/m, '');
    icons = new Map();
    for (const block of blocks.slice(1)) {
      const name = /\nvar (\w+) = \/\*#__PURE__\*\/forwardRef/.exec(block)?.[1];
      if (name) icons.set(name, block);
    }
    // A new package layout would otherwise give an empty barrel and a build failing far from here.
    if (icons.size === 0) throw new Error(`${file}: no icons found, its layout changed (src/vite-plugins/radix-icons-per-module.ts)`);
    return icons;
  };
  return {
    name: 'mosaic:radix-icons-per-module',
    resolveId(id) {
      if (id === PACKAGE) return BARREL;
      if (id.startsWith(ICON)) return id;
      return null;
    },
    load(id) {
      // Vite's own resolver usually resolves the package to its file before this plugin sees it.
      if (id === BARREL || id === file) {
        const names = [...parse().keys()];
        return { code: names.map((name) => `export { ${name} } from '${ICON}${name}';`).join('\n'), moduleSideEffects: false };
      }
      if (!id.startsWith(ICON)) return null;
      const name = id.slice(ICON.length);
      const block = parse().get(name);
      if (!block) throw new Error(`Unknown Radix icon ${name}`);
      const code = `import { forwardRef, createElement } from 'react';\n${helper}\n${block}\nexport { ${name} };\n`;
      return { code, moduleSideEffects: false };
    },
  };
}
