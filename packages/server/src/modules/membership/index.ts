import type { Db } from '../../storage/database.ts';
import type { ModuleParts } from '../module.ts';
import { Memberships } from './memberships.ts';

export {
  isTier,
  membershipMigrations,
  Memberships,
  TIER_ALLOWANCES,
  type GatedGame,
  type Membership,
  type Tier,
} from './memberships.ts';

/** Membership tiers and what they allow (games against gated bots). */
export function createMembershipModule(deps: { db: Db }): ModuleParts<Memberships> {
  return { module: { name: 'membership' }, api: new Memberships(deps.db) };
}
