import { useState, type ReactNode } from 'react';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { PuzzleGeneratorTab } from './PuzzleGeneratorTab.tsx';

/** docs/product/community.md §2.6: the side menu's tabs, in order. */
export const ADMIN_TABS = [
  'Edit Tournament',
  'New Tournament',
  'Edit Announcements',
  'Puzzle Generator',
  'See User Details',
  'User Permissions and Roles',
  'Assign User Badges',
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

/** The tabs built so far; the others say what they will hold. */
const BUILT: Partial<Record<AdminTab, () => ReactNode>> = {
  'Puzzle Generator': () => <PuzzleGeneratorTab />,
};

/**
 * The admin console (/admin). Every call behind it checks the caller's
 * permission on the server; the page itself shows the menu to anyone.
 */
export function AdminPage() {
  usePageTitle('Admin console');
  const [tab, setTab] = useState<AdminTab>('Puzzle Generator');
  const body = BUILT[tab];
  return (
    <div className="admin-page">
      <h1 className="page-title">Admin console</h1>
      <div className="admin-layout">
        <nav aria-label="Admin tabs" className="admin-menu">
          <ul>
            {ADMIN_TABS.map((t) => (
              <li key={t}>
                <button
                  type="button"
                  className="link-button"
                  aria-current={t === tab ? 'page' : undefined}
                  onClick={() => setTab(t)}
                >
                  {t}
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-label={tab} className="admin-body">
          {body ? body() : <p>{tab} is coming soon.</p>}
        </section>
      </div>
    </div>
  );
}
