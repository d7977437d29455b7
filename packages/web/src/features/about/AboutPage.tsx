import { ComingSoon } from '../../ui/ComingSoon.tsx';

/** /about and /team show the same page. */
export function AboutPage() {
  return (
    <ComingSoon title="About us">
      <p>
        Tessera is run by volunteers as a non-profit, funded by donations and free to use. This page
        will introduce the team.
      </p>
    </ComingSoon>
  );
}
