import { MonitoringHost, MonitoringSetupButton } from '../monitoring/index.ts';
import { useState } from 'react';
import type { TournamentMetadata } from '@tessera/protocol';
import { useSession } from '../../app/services.tsx';
import { Tabs } from '../../ui/Tabs.tsx';
import { SidePanel } from '../chat/index.ts';
import { DirectorHighlights } from '../social/index.ts';
import { ClubGames } from './club/ClubGames.tsx';
import { ClubSessions } from './club/ClubSessions.tsx';
import { RecentGames } from './club/RecentGames.tsx';
import { DirectorTools } from './director/DirectorTools.tsx';
import { FinalStandingsBanner } from './FinalStandingsBanner.tsx';
import type { TournamentState } from './from-proto.ts';
import { InfoPanel } from './InfoPanel.tsx';
import { divisionOf, isPaired, type Directors, type TournamentMeta } from './model.ts';
import { PairedGames } from './PairedGames.tsx';
import { PlayerPrompts } from './PlayerPrompts.tsx';
import type { PageKind } from './queries.ts';
import { viewerOf } from './roles.ts';
import { StandingsTab } from './StandingsTab.tsx';
import { useTournamentGameStart } from './use-game-start.ts';

type Tab = 'games' | 'standings' | 'recent' | 'tools';

/**
 * The tournament page (docs/product/tournaments.md §2 "Tournament page
 * layout"): the tournament's chat, the Games / Standings or Recent games /
 * Director Tools tabs, and the info panel with the player's prompts and
 * status card.
 */
export function TournamentRoom({
  kind,
  urlSlug,
  meta,
  raw,
  directors,
  state,
}: {
  kind: PageKind;
  urlSlug: string;
  meta: TournamentMeta;
  raw: TournamentMetadata;
  directors: Directors;
  state: TournamentState;
}) {
  const session = useSession();
  const viewer = viewerOf(session, directors);
  useTournamentGameStart();
  const paired = isPaired(meta.type);
  const mine = divisionOf(state.divisions, session.userId);
  const [chosen, setChosen] = useState<string | null>(null);
  const divisionId =
    chosen && state.divisions.some((d) => d.id === chosen)
      ? chosen
      : (mine?.division.id ?? state.divisions[0]?.id ?? '');
  const division = state.divisions.find((d) => d.id === divisionId);
  const [tab, setTab] = useState<Tab>('games');
  const tabs: { id: Tab; label: string }[] = [
    { id: 'games', label: 'Games' },
    paired ? { id: 'standings', label: 'Standings' } : { id: 'recent', label: 'Recent games' },
    ...(viewer.seesTools ? [{ id: 'tools' as const, label: 'Director Tools' }] : []),
  ];

  const divisionSelect = state.divisions.length > 1 && (
    <label className="division-select">
      <span>Division</span>
      <select value={divisionId} onChange={(e) => setChosen(e.target.value)}>
        {state.divisions.map((d) => (
          <option key={d.id} value={d.id}>
            {d.id}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <DirectorHighlights directors={directors.list}>
      <div className="tourney">
        <div className="tourney-chat">
          <SidePanel
            context="tournament"
            channel={`chat.tournament.${urlSlug}`}
            channelName={`${meta.name} chat`}
          />
        </div>
        <section className="card tourney-centre" aria-label="Games and standings">
          {paired && state.finished && (
            <FinalStandingsBanner
              divisions={state.divisions}
              onShowStandings={tab === 'standings' ? undefined : () => setTab('standings')}
            />
          )}
          <Tabs label="Tournament" selected={tab} onSelect={setTab} tabs={tabs}>
            {tab === 'games' &&
              (paired ? (
                <>
                  {divisionSelect}
                  {division ? (
                    <PairedGames
                      key={division.id}
                      tournamentId={meta.id}
                      division={division}
                      viewer={viewer}
                    />
                  ) : (
                    <p className="muted">This tournament has no divisions yet.</p>
                  )}
                </>
              ) : (
                <ClubGames meta={meta} raw={raw} />
              ))}
            {tab === 'standings' && (
              <>
                {divisionSelect}
                {division && <StandingsTab tournamentId={meta.id} division={division} />}
              </>
            )}
            {tab === 'recent' && <RecentGames tournamentId={meta.id} />}
            {tab === 'tools' && (
              <DirectorTools
                meta={meta}
                raw={raw}
                directors={directors}
                state={state}
                viewer={viewer}
              />
            )}
          </Tabs>
        </section>
        <div className="tourney-side">
          <InfoPanel meta={meta} directors={directors}>
            {meta.monitored && mine && <MonitoringSetupButton />}
            <PlayerPrompts kind={kind} meta={meta} state={state} viewer={viewer} />
          </InfoPanel>
          {/* A session is a child of its club: sessions start from the club's page. */}
          {!paired && !meta.clubSlug && <ClubSessions clubId={meta.id} viewer={viewer} />}
        </div>
        <MonitoringHost
          tournamentId={meta.id}
          monitored={meta.monitored}
          participant={!!mine}
          director={viewer.seesTools}
        />
      </div>
    </DirectorHighlights>
  );
}
