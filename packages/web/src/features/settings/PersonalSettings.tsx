/**
 * /settings/personal (docs/product/community.md §2.5 personal, §4.3, §4.5).
 * The import point the settings page renders: the personal-info forms
 * (names, avatar, about, birth date, e-mail, country, account closure) are
 * built with the ProfileService (issue 38, item 4) and replace this file.
 */
export function PersonalSettings() {
  return (
    <>
      <h1 id="page-title">Personal info</h1>
      <p>Your name, avatar, bio, birth date, e-mail and country; closing your account.</p>
      <p className="coming-soon-note">This section is coming soon.</p>
    </>
  );
}
