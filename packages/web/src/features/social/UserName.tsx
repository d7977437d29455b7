import { useNavigate } from 'react-router';
import { useServices, useSession } from '../../app/services.tsx';
import { errorText } from '../../rpc/errors.ts';
import { Menu, type MenuItem } from '../../ui/Menu.tsx';
import { useChatOpener } from '../../stores/use-chat.ts';
import { useLobby } from '../../stores/use-lobby.ts';
import { type ChatLineRef, useModerationMenu } from '../moderation/index.ts';
import { NameTags } from './NameTags.tsx';
import { usePetItem } from './pets.tsx';
import type { Person } from '../../stores/social-store.ts';
import { useSocial } from '../../stores/use-social.ts';

/**
 * A player's name with the user context menu (docs/product/gameplay.md §2): Pet
 * (on a pet avatar), Chat,
 * View profile, Watch (while they play a game the lobby lists), Match user,
 * Add friend / Remove from friends, Block / Unblock, then Moderate (and, on a
 * chat line, Delete this message) for moderators and Report for players.
 * On oneself there is no menu; chat, friend and block actions need a login.
 * Administrators and moderators carry a gold Admin or green Moderator tag and
 * badge holders their badges (NameTags, docs/product/community.md §6).
 */
export function UserName({
  person,
  onMatchUser,
  className = '',
  chatLine,
}: {
  person: Person;
  onMatchUser?: (username: string) => void;
  className?: string;
  /** The chat line the name belongs to, for "Delete this message" and reports. */
  chatLine?: ChatLineRef;
}) {
  const session = useSession();
  const { social, notifications } = useServices();
  const { follows, blocks } = useSocial();
  const { activeGames } = useLobby();
  const openChat = useChatOpener();
  const navigate = useNavigate();
  const { username } = person;
  const pet = usePetItem(username);
  const moderation = useModerationMenu(person, chatLine);

  const tag = <NameTags userId={person.uuid} username={username} />;

  if (!person.uuid || person.uuid === session.userId) {
    return (
      <>
        <span className={`user-name ${className}`}>{username}</span>
        {tag}
      </>
    );
  }

  const act = (run: () => Promise<void>, done: string) => () => {
    run().then(
      () => notifications.show('success', done),
      (err) => notifications.show('error', errorText(err), { title: 'Error' }),
    );
  };
  const friend = follows.some((f) => f.uuid === person.uuid);
  const blocked = blocks.some((b) => b.uuid === person.uuid);
  const items: MenuItem[] = pet ? [pet] : [];
  if (session.loggedIn && openChat && !blocked)
    items.push({ kind: 'action', label: 'Chat', onSelect: () => openChat(person) });
  items.push({
    kind: 'link',
    label: 'View profile',
    to: `/profile/${encodeURIComponent(username)}`,
  });
  const playing = activeGames.find((g) => g.players.some((p) => p.userId === person.uuid));
  if (playing) items.push({ kind: 'link', label: 'Watch', to: `/game/${playing.gameId}` });
  if (session.loggedIn) {
    items.push({
      kind: 'action',
      label: 'Match user',
      onSelect: () =>
        onMatchUser ? onMatchUser(username) : navigate('/', { state: { matchUser: username } }),
    });
    items.push(
      friend
        ? {
            kind: 'action',
            label: 'Remove from friends',
            onSelect: act(
              () => social.unfollow(person),
              `${username} was removed from your friends.`,
            ),
          }
        : {
            kind: 'action',
            label: 'Add friend',
            onSelect: act(() => social.follow(person), `${username} was added to your friends.`),
          },
      blocked
        ? {
            kind: 'action',
            label: 'Unblock',
            onSelect: act(() => social.unblock(person), `${username} was unblocked.`),
          }
        : {
            kind: 'action',
            label: 'Block',
            onSelect: act(() => social.block(person), `${username} was blocked.`),
          },
    );
  }
  items.push(...moderation.items);
  return (
    <>
      <Menu
        floating
        buttonContent={username}
        buttonProps={{ className: `user-name user-name-button ${className}` }}
        items={items}
      />
      {tag}
      {moderation.dialogs}
    </>
  );
}
