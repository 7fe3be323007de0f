/**
 * A value made on first use, then kept. Meant for Intl formatters above all: the first Intl object
 * a page creates loads the browser's locale data (about 20 ms on a desktop, four times that on a
 * slow phone), so a formatter built while its module loads charges that to the start of every
 * screen that merely imports it, even one that never formats anything on its first paint.
 */
export function onFirstUse<T>(create: () => T): () => T {
  let made: { value: T } | null = null;
  return () => {
    made ??= { value: create() };
    return made.value;
  };
}
