/**
 * Mosaic's accent colour, named once for every place that shows it: the app's Radix theme
 * (`accentColor`), the splash before the app starts, the web manifest's theme colour and the
 * buttons in every email. `hex` is step 9 of the Radix scale, the solid colour Radix gives a
 * button; tests/build/brand-accent.test.ts reads it from @radix-ui/themes so the two cannot drift.
 */
export const BRAND_ACCENT = { radix: 'iris', hex: '#5b5bd6' } as const;

/** The text colour on the accent (Radix's `--iris-contrast`); 5.1:1 against it. */
export const BRAND_ACCENT_CONTRAST = '#ffffff';
