import type { ComponentType } from 'react';
import { ReportsQueue } from '../moderation/index.ts';
import { MANAGE_PERMISSION } from '../tournament/index.ts';
import { AnnouncementsTab } from './AnnouncementsTab.tsx';
import { BadgesTab } from './BadgesTab.tsx';
import { PuzzleGeneratorTab } from './PuzzleGeneratorTab.tsx';
import { RolesTab } from './RolesTab.tsx';
import { TournamentEditor } from './TournamentEditor.tsx';
import { UserDetailsTab } from './UserDetailsTab.tsx';

/** One tab of the console: its name, the permission that shows it, what it holds. */
export interface AdminTabSpec {
  name: string;
  /** The permission the server checks behind the tab's calls. */
  permission: string;
  component: ComponentType;
}

const EditTournament = () => <TournamentEditor key="edit" mode="edit" />;
const NewTournament = () => <TournamentEditor key="new" mode="new" />;

/**
 * docs/product/community.md §2.6: the console's tabs, in order. A viewer sees
 * the tabs whose permission they hold; the server checks it again on every call.
 */
export const ADMIN_TABS: readonly AdminTabSpec[] = [
  { name: 'Edit Tournament', permission: MANAGE_PERMISSION, component: EditTournament },
  { name: 'New Tournament', permission: MANAGE_PERMISSION, component: NewTournament },
  {
    name: 'Edit Announcements',
    permission: 'can_manage_announcements',
    component: AnnouncementsTab,
  },
  { name: 'Puzzle Generator', permission: 'adm', component: PuzzleGeneratorTab },
  { name: 'See User Details', permission: 'can_see_user_details', component: UserDetailsTab },
  { name: 'User Permissions and Roles', permission: 'can_manage_roles', component: RolesTab },
  { name: 'Assign User Badges', permission: 'can_manage_badges', component: BadgesTab },
  // Players' reports (issue 39): moderators work the queue too.
  { name: 'Reports', permission: 'can_moderate_users', component: ReportsQueue },
];

/** The tabs a viewer with these permissions may use. */
export const tabsFor = (perms: readonly string[]) =>
  ADMIN_TABS.filter((t) => perms.includes(t.permission));
