import { useState } from 'react';
import { useSession } from '../../app/services.tsx';
import { Tabs } from '../../ui/Tabs.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { MANAGE_PERMISSION } from '../tournament/roles.ts';
import { TournamentEditor } from './TournamentEditor.tsx';

type AdminTab = 'edit-tournament' | 'new-tournament';

/**
 * The admin console. Its tournament part (Edit Tournament, New Tournament)
 * is here for administrators and Tournament Managers; announcements, puzzle
 * generation, user details, roles and badges are still to come.
 */
export function AdminPage() {
  usePageTitle('Admin console');
  const session = useSession();
  const [tab, setTab] = useState<AdminTab>('edit-tournament');
  const allowed = session.perms.includes('adm') || session.perms.includes(MANAGE_PERMISSION);
  return (
    <section className="page admin-page" aria-labelledby="page-title">
      <h1 id="page-title">Admin console</h1>
      {!allowed ? (
        <p>
          Tournaments, announcements, puzzle generation, user details, roles and badges. Only
          administrators and Tournament Managers can use this page.
        </p>
      ) : (
        <Tabs
          label="Admin tools"
          selected={tab}
          onSelect={setTab}
          tabs={[
            { id: 'edit-tournament', label: 'Edit Tournament' },
            { id: 'new-tournament', label: 'New Tournament' },
          ]}
        >
          <TournamentEditor key={tab} mode={tab === 'edit-tournament' ? 'edit' : 'new'} />
        </Tabs>
      )}
    </section>
  );
}
