import type { ReactElement } from 'react';
import { NavLink, useParams } from 'react-router';
import { useSession } from '../../app/services.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useLogout } from '../auth/index.ts';
import { ApiSection } from './ApiSection.tsx';
import { BlockedSection } from './BlockedSection.tsx';
import { IntegrationsSection } from '../integrations/index.ts';
import { DonateSection } from './DonateSection.tsx';
import { PasswordSection } from './PasswordSection.tsx';
import { PersonalSettings } from './PersonalSettings.tsx';
import { PreferencesSection } from './PreferencesSection.tsx';
import { SecretSection } from './SecretSection.tsx';
import { DEFAULT_SECTION, PUBLIC_SECTIONS, SETTINGS_SECTIONS } from './sections.ts';
import './settings.css';

export const SETTINGS_LOGIN_TEXT = 'Log in to see your settings';

/**
 * /settings and /settings/{section}: a side menu of sections. Preferences,
 * secret features, blocked players, password and API key work; the logout
 * section works; the others are still to come. The donate section is open
 * to visitors (docs/product/community.md §2.5).
 */
export function SettingsPage() {
  const { section = DEFAULT_SECTION } = useParams();
  const session = useSession();
  const current = SETTINGS_SECTIONS.find((s) => s.id === section);
  usePageTitle(current ? current.title : 'Settings');

  if (session.known && !session.loggedIn && !PUBLIC_SECTIONS.has(section)) {
    return (
      <section className="page" aria-labelledby="page-title">
        <h1 id="page-title">Settings</h1>
        <p>{SETTINGS_LOGIN_TEXT}</p>
      </section>
    );
  }

  return (
    <div className="page settings-page">
      {session.loggedIn && (
        <nav className="settings-nav" aria-label="Settings sections">
          <ul>
            {SETTINGS_SECTIONS.map((s) => (
              <li key={s.id}>
                <NavLink
                  to={`/settings/${s.id}`}
                  className={() => (s.id === section ? 'active' : undefined)}
                  aria-current={s.id === section ? 'page' : undefined}
                >
                  {s.title}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <section className="settings-section" aria-labelledby="page-title">
        {current ? (
          <SectionBody id={current.id} title={current.title} about={current.about} />
        ) : (
          <>
            <h1 id="page-title">Settings</h1>
            <p>There is no settings section called “{section}”.</p>
          </>
        )}
      </section>
    </div>
  );
}

const SECTIONS: Partial<Record<string, () => ReactElement>> = {
  personal: PersonalSettings,
  donate: () => <DonateSection />,
  integrations: IntegrationsSection,
  preferences: PreferencesSection,
  secret: SecretSection,
  blocked: BlockedSection,
  password: PasswordSection,
  api: ApiSection,
};

function SectionBody({ id, title, about }: { id: string; title: string; about: string }) {
  const logout = useLogout();
  const Section = SECTIONS[id];
  if (Section) return <Section />;
  if (id === 'logout') {
    return (
      <>
        <h1 id="page-title">{title}</h1>
        <p>
          <button type="button" className="button-primary" onClick={() => void logout()}>
            Log out
          </button>
        </p>
      </>
    );
  }
  return (
    <>
      <h1 id="page-title">{title}</h1>
      <p>{about}</p>
      <p className="coming-soon-note">This section is coming soon.</p>
    </>
  );
}
