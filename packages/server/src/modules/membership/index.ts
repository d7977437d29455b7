export {
  isTier,
  membershipMigrations,
  Memberships,
  TIER_ALLOWANCES,
  type GatedGame,
  type Membership,
  type Tier,
} from './memberships.ts';
