import type { Announcement } from '@tessera/protocol';
import { refuse, refusalText } from '@tessera/protocol';

/** One announcement being edited; all three fields are required (docs/product/community.md §2.6). */
export interface AnnouncementDraft {
  title: string;
  link: string;
  body: string;
}

export type AnnouncementErrors = Partial<Record<keyof AnnouncementDraft, string>>;

/** The catalogue's texts, the same the server refuses with ("Missing title"...). */
export const MISSING_TITLE = refusalText(refuse('ANNOUNCEMENT_MISSING_TITLE'));
export const MISSING_LINK = refusalText(refuse('ANNOUNCEMENT_MISSING_LINK'));
export const MISSING_BODY = refusalText(refuse('ANNOUNCEMENT_MISSING_BODY'));

export const EMPTY_ANNOUNCEMENT: AnnouncementDraft = { title: '', link: '', body: '' };

/** What each announcement lacks, by position; empty when the list may be sent. */
export function announcementErrors(list: readonly AnnouncementDraft[]): AnnouncementErrors[] {
  return list.map((a) => {
    const e: AnnouncementErrors = {};
    if (!a.title.trim()) e.title = MISSING_TITLE;
    if (!a.link.trim()) e.link = MISSING_LINK;
    if (!a.body.trim()) e.body = MISSING_BODY;
    return e;
  });
}

export const hasErrors = (errors: readonly AnnouncementErrors[]) =>
  errors.some((e) => Object.keys(e).length > 0);

export const draftsOf = (list: readonly Announcement[]): AnnouncementDraft[] =>
  list.map(({ title, link, body }) => ({ title, link, body }));
