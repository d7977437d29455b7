import { useState } from 'react';
import { useSession } from '../../app/services.tsx';
import { Tabs } from '../../ui/Tabs.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { tabsFor } from './admin-tabs.tsx';
import './admin.css';

/**
 * The admin console (/admin, docs/product/community.md §2.6): a side menu of
 * the tabs the viewer's permissions allow (admin-tabs.tsx), which becomes a
 * wrapping row on narrow screens so that every tab stays in view. Every call
 * behind a tab checks the permission on the server again.
 */
export function AdminPage() {
  usePageTitle('Admin console');
  const session = useSession();
  const tabs = tabsFor(session.perms);
  const [chosen, setChosen] = useState('');
  const tab = tabs.find((t) => t.name === chosen) ?? tabs[0];
  return (
    <section className="page admin-page" aria-labelledby="page-title">
      <h1 id="page-title">Admin console</h1>
      {!tab ? (
        <p>
          Tournaments, announcements, puzzle generation, user details, roles and badges. Only
          administrators, moderators and Tournament Managers can use this page.
        </p>
      ) : (
        <Tabs
          label="Admin tools"
          className="admin-tabs"
          selected={tab.name}
          onSelect={setChosen}
          tabs={tabs.map((t) => ({ id: t.name, label: t.name }))}
        >
          <tab.component />
        </Tabs>
      )}
    </section>
  );
}
