import { useQuery } from '@tanstack/react-query';

/** One entry of the operator's team list (the server's TEAM_FILE). */
export interface TeamMember {
  name: string;
  role: string;
  url?: string;
}

/** The operator's terms (TERMS_FILE), or null: the page then shows its built-in text. */
export function useOperatorTerms() {
  return useQuery({
    queryKey: ['site', 'terms'],
    queryFn: async (): Promise<string | null> => {
      const res = await fetch('/site/terms.txt');
      return res.ok ? await res.text() : null;
    },
    retry: false,
    staleTime: Infinity,
  });
}

/** The team list of /about and /team ([] when the operator named none). */
export function useTeam() {
  return useQuery({
    queryKey: ['site', 'team'],
    queryFn: async (): Promise<TeamMember[]> => {
      const res = await fetch('/site/team.json');
      return res.ok ? ((await res.json()) as TeamMember[]) : [];
    },
    retry: false,
    staleTime: Infinity,
  });
}
