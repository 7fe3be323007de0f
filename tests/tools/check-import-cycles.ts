/**
 * Fails (exit 1) when the source tree has an import loop between files or between folders, and
 * says what ties each loop (tests/tools/import-cycles.ts). Part of `npm run lint`.
 */
import { fileURLToPath } from 'node:url';
import { cycles, describeCycle, folderGraph, importGraph } from './import-cycles';

const root = fileURLToPath(new URL('../..', import.meta.url));
const files = importGraph(root);
const fileLoops = cycles(files);
const folderLoops = cycles(folderGraph(files));

for (const loop of folderLoops) {
  console.error(`Folders importing each other: ${loop.join(', ')}`);
  for (const line of describeCycle(loop, files, true)) console.error(`  ${line}`);
}
for (const loop of fileLoops) {
  console.error(`Files importing each other: ${loop.join(', ')}`);
  for (const line of describeCycle(loop, files, false)) console.error(`  ${line}`);
}
if (folderLoops.length + fileLoops.length > 0) {
  console.error('\nMove what both sides need to a folder below them both (docs/architecture.md "Floors").');
  process.exit(1);
}
console.log(`No import loops: ${files.size} files, ${folderGraph(files).size} folders.`);
