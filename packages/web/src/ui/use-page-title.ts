import { useEffect } from 'react';

export const SITE_NAME = 'Tessera';

/** Sets the browser tab title for the page being shown. */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} | ${SITE_NAME}` : SITE_NAME;
  }, [title]);
}
