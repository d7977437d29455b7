import { useServices } from '../../app/services.tsx';
import type { SoundName } from '../../sound/recipes.ts';
import { Menu, type MenuItem } from '../../ui/Menu.tsx';

/**
 * The easter egg of docs/product/gameplay.md §2: two bots wear a pet for an
 * avatar, and the user context menu on them offers Pet, which plays one of the
 * two easter-egg sounds and shows how the pet took it.
 */
interface Pet {
  readonly avatar: string;
  readonly animal: string;
  readonly sound: SoundName;
  readonly reaction: string;
}

const PETS: Readonly<Record<string, Pet>> = {
  BeginnerBot: { avatar: '🐶', animal: 'puppy', sound: 'woof', reaction: 'wags its tail' },
  BasicBot: { avatar: '🐱', animal: 'kitten', sound: 'meow', reaction: 'purrs' },
};

/** The pet a username wears as its avatar, if any. */
export const petOf = (username: string): Pet | undefined =>
  Object.hasOwn(PETS, username) ? PETS[username] : undefined;

/** The Pet entry of the user context menu, for a username with a pet avatar. */
export function usePetItem(username: string): MenuItem | null {
  const { sounds, notifications } = useServices();
  const pet = petOf(username);
  if (!pet) return null;
  return {
    kind: 'action',
    label: 'Pet',
    onSelect: () => {
      sounds.play(pet.sound);
      notifications.show('success', `${pet.avatar} ${username} ${pet.reaction}.`);
    },
  };
}

/** A pet avatar with the menu that pets it; nothing for other names. */
export function PetAvatar({ username }: { username: string }) {
  const item = usePetItem(username);
  const pet = petOf(username);
  if (!item || !pet) return null;
  return (
    <Menu
      label={`${username}'s avatar, a ${pet.animal}`}
      buttonContent={<span aria-hidden="true">{pet.avatar}</span>}
      buttonProps={{ className: 'pet-avatar' }}
      items={[item, { kind: 'link', label: 'View profile', to: `/profile/${username}` }]}
    />
  );
}
