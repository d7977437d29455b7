import type { MenuItem } from '../ui/Menu.tsx';

/**
 * The header's configurable links (docs/product/gameplay.md §2 "Header").
 * Study menu: three study tools; an entry may be a page of this site
 * (`kind: 'link'`) or another site (`kind: 'external'`).
 */
export const STUDY_TOOLS: MenuItem[] = [
  { kind: 'link', label: 'Anagram drill', to: '/anagrams' },
  { kind: 'link', label: 'Spelling trainer', to: '/spelling' },
  { kind: 'link', label: 'Board analyzer', to: '/editor' },
];

/** Where the footer's Study link goes: the first study tool. */
export const STUDY_PAGE = '/anagrams';

/**
 * The blog's address, set at build time with VITE_TESSERA_BLOG_URL; the Blog
 * link is hidden while it is unset. Read on each render so tests can set it.
 */
export function blogUrl(): string {
  const value: unknown = import.meta.env.VITE_TESSERA_BLOG_URL;
  return typeof value === 'string' ? value.trim() : '';
}
