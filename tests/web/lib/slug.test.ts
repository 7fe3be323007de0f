import { describe, expect, it } from 'vitest';
import { slugify, validateCreateSpace } from '../../../src/lib/slug';

describe('slugify (spec 000 §5)', () => {
  it.each([
    ['Marketing Team', 'marketing-team'],
    ['  Q3 -- Launch!!  ', 'q3-launch'],
    ['Already-a-slug', 'already-a-slug'],
    ['---Edge---', 'edge'],
    ['Café & Crème 2025', 'caf-cr-me-2025'],
    ['!!!', ''],
    ['', ''],
  ])('%j → %j', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });
});

describe('validateCreateSpace (spec 000 §5)', () => {
  it.each([
    [{ name: 'Marketing', slug: 'marketing' }, true, {}],
    [{ name: 'Q3', slug: 'q3-launch-2' }, true, {}],
    [{ name: '  Padded  ', slug: ' padded ' }, true, {}],
    [{ name: '   ', slug: 'ok' }, false, { name: 'Name is required' }],
    [{ name: 'Ok', slug: '  ' }, false, { slug: 'Slug is required' }],
    [{ name: 'Ok', slug: 'Upper' }, false, { slug: 'Slug may only contain lowercase letters, numbers and hyphens' }],
    [{ name: 'Ok', slug: 'with space' }, false, { slug: 'Slug may only contain lowercase letters, numbers and hyphens' }],
    [{ name: 'Ok', slug: 'under_score' }, false, { slug: 'Slug may only contain lowercase letters, numbers and hyphens' }],
    [{ name: '', slug: '' }, false, { name: 'Name is required', slug: 'Slug is required' }],
  ])('%j → valid %s', (input, valid, errors) => {
    expect(validateCreateSpace(input)).toEqual({ valid, errors });
  });

  it('accepts whatever slugify derives from a usable name', () => {
    for (const name of ['Brand Voice', 'EU / UK 2025', 'a']) {
      expect(validateCreateSpace({ name, slug: slugify(name) }).valid).toBe(true);
    }
  });
});
