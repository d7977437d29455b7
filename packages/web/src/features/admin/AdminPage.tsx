import { useState, type ReactNode } from 'react';
import { useSession } from '../../app/services.tsx';
import { Tabs } from '../../ui/Tabs.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { ReportsQueue } from '../moderation/index.ts';
import { MANAGE_PERMISSION } from '../tournament/index.ts';
import { PuzzleGeneratorTab } from './PuzzleGeneratorTab.tsx';
import { TournamentEditor } from './TournamentEditor.tsx';

/** docs/product/community.md §2.6: the console's tabs, in order. */
export const ADMIN_TABS = [
  'Edit Tournament',
  'New Tournament',
  'Edit Announcements',
  'Puzzle Generator',
  'See User Details',
  'User Permissions and Roles',
  'Assign User Badges',
  'Reports',
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

const TOURNAMENT_TABS: readonly AdminTab[] = ['Edit Tournament', 'New Tournament'];

/** The tabs built so far; the others say what they will hold. */
const BUILT: Partial<Record<AdminTab, () => ReactNode>> = {
  'Edit Tournament': () => <TournamentEditor key="edit" mode="edit" />,
  'New Tournament': () => <TournamentEditor key="new" mode="new" />,
  'Puzzle Generator': () => <PuzzleGeneratorTab />,
  Reports: () => <ReportsQueue />,
};

/**
 * The admin console (/admin): every tab for administrators, the tournament
 * tabs for Tournament Managers. Every call behind it checks the caller's
 * permission on the server again; this only decides what is shown.
 */
export function AdminPage() {
  usePageTitle('Admin console');
  const session = useSession();
  const admin = session.perms.includes('adm');
  const tabs = admin
    ? ADMIN_TABS
    : session.perms.includes(MANAGE_PERMISSION)
      ? TOURNAMENT_TABS
      : [];
  const [tab, setTab] = useState<AdminTab>('Edit Tournament');
  const body = BUILT[tab];
  return (
    <section className="page admin-page" aria-labelledby="page-title">
      <h1 id="page-title">Admin console</h1>
      {tabs.length === 0 ? (
        <p>
          Tournaments, announcements, puzzle generation, user details, roles and badges. Only
          administrators and Tournament Managers can use this page.
        </p>
      ) : (
        <Tabs
          label="Admin tools"
          selected={tab}
          onSelect={setTab}
          tabs={tabs.map((t) => ({ id: t, label: t }))}
        >
          {body ? body() : <p>{tab} is coming soon.</p>}
        </Tabs>
      )}
    </section>
  );
}
