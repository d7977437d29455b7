import { Link } from 'react-router';
import { useOperatorTerms } from '../../site/site-files.ts';
import { usePageTitle } from '../../ui/use-page-title.ts';

/**
 * /terms (docs/product/community.md §1, §2.1). The built-in text covers the
 * topics the spec lists; an operator replaces it with a plain-text file
 * (TERMS_FILE), shown paragraph by paragraph.
 */
export function TermsPage() {
  usePageTitle('Terms of Service');
  const operator = useOperatorTerms();
  return (
    <section className="page terms-page" aria-labelledby="page-title">
      <h1 id="page-title">Terms of Service</h1>
      {operator.isPending ? null : operator.data ? (
        <OperatorTerms text={operator.data} />
      ) : (
        <BuiltInTerms />
      )}
    </section>
  );
}

function OperatorTerms({ text }: { text: string }) {
  return (
    <div className="terms-operator">
      {text
        .split(/\n\s*\n/)
        .map((p) => p.trim())
        .filter(Boolean)
        .map((p, i) => (
          <p key={i}>{p}</p>
        ))}
    </div>
  );
}

function BuiltInTerms() {
  return (
    <>
      <p>
        These terms apply to everyone who uses this site. By registering an account you agree to
        them.
      </p>
      <h2>A non-profit site, free to use</h2>
      <p>
        Tessera is run as a non-profit by volunteers. Playing, studying and watching are free, and
        no feature needed to play is sold.
      </p>
      <h2>Registration</h2>
      <p>
        You can watch games without an account; to play, solve rated puzzles or chat you need to
        register with a valid e-mail address and your birth date. Keep your password to yourself:
        you are responsible for what is done with your account. One person, one account.
      </p>
      <h2>Fair play</h2>
      <p>
        Play your own games yourself. While a game is in progress you may not use word finders,
        solvers, analysis tools, word lists or the help of another person, nor play on someone
        else's account or let someone play on yours. Deliberately losing, stalling, and abusing
        other players in chat are not allowed either. Moderators may warn, mute, suspend or ban an
        account that breaks these rules.
      </p>
      <h2>Closing your account</h2>
      <p>
        You may close your account at any time from the{' '}
        <Link to="/settings/personal">personal settings</Link>. We may close an account that breaks
        these terms.
      </p>
      <h2>Privacy</h2>
      <p>
        We keep what you give us (e-mail, birth date, optional name, country and bio) and your
        games, only to run the site. Your e-mail and birth date are never shown to other players.
        The profiles of child accounts stay private. We do not sell your data and show no
        advertising.
      </p>
      <h2>Copyright</h2>
      <p>
        The games you play are public records of the site and may be shown, analysed and annotated
        by others. What you write (chat, comments, annotations) stays yours; you allow the site to
        show it. Word lists belong to their publishers and are used under their licences.
      </p>
      <h2>Donations</h2>
      <p>
        The site is paid for by donations. A donation buys no advantage in play; it is not
        refundable except where the law requires. <Link to="/settings/donate">Support Tessera</Link>
        .
      </p>
    </>
  );
}
