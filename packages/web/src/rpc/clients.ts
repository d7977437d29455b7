import { createClient, type Client, type Transport } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-web';
import {
  AdminService,
  AuthenticationService,
  AuthorizationService,
  AutocompleteService,
  BotService,
  CollectionsService,
  ConfigService,
  DonationService,
  IntegrationService,
  GameCommentService,
  GameMetadataService,
  ModService,
  MonitoringService,
  ProfileService,
  AnnotatedGameService,
  PuzzleService,
  RegistrationService,
  SignedCookieService,
  SocializeService,
  TournamentService,
  WordService,
} from '@tessera/protocol';

/**
 * The typed RPC clients of the app. Every server call goes through these
 * (docs/product/gameplay.md §7: JSON under /api/ on the same origin, cookies sent).
 * Tests build the same clients over an in-memory router transport.
 */
export interface ApiClients {
  auth: Client<typeof AuthenticationService>;
  registration: Client<typeof RegistrationService>;
  authorization: Client<typeof AuthorizationService>;
  word: Client<typeof WordService>;
  social: Client<typeof SocializeService>;
  gameMetadata: Client<typeof GameMetadataService>;
  autocomplete: Client<typeof AutocompleteService>;
  config: Client<typeof ConfigService>;
  bot: Client<typeof BotService>;
  puzzle: Client<typeof PuzzleService>;
  tournament: Client<typeof TournamentService>;
  signedCookie: Client<typeof SignedCookieService>;
  donation: Client<typeof DonationService>;
  integration: Client<typeof IntegrationService>;
  profile: Client<typeof ProfileService>;
  moderation: Client<typeof ModService>;
  annotated: Client<typeof AnnotatedGameService>;
  collections: Client<typeof CollectionsService>;
  gameComments: Client<typeof GameCommentService>;
  monitoring: Client<typeof MonitoringService>;
  admin: Client<typeof AdminService>;
}

export const API_BASE_URL = '/api';

export function createApiTransport(baseUrl: string = API_BASE_URL): Transport {
  return createConnectTransport({
    baseUrl,
    useBinaryFormat: false,
    // Same-origin requests carry the session cookie; say so explicitly so a
    // configured API host on another origin keeps working too.
    fetch: (input, init) => fetch(input, { ...init, credentials: 'include' }),
  });
}

export function createApiClients(transport: Transport): ApiClients {
  return {
    auth: createClient(AuthenticationService, transport),
    registration: createClient(RegistrationService, transport),
    authorization: createClient(AuthorizationService, transport),
    word: createClient(WordService, transport),
    social: createClient(SocializeService, transport),
    gameMetadata: createClient(GameMetadataService, transport),
    autocomplete: createClient(AutocompleteService, transport),
    config: createClient(ConfigService, transport),
    bot: createClient(BotService, transport),
    puzzle: createClient(PuzzleService, transport),
    tournament: createClient(TournamentService, transport),
    signedCookie: createClient(SignedCookieService, transport),
    donation: createClient(DonationService, transport),
    integration: createClient(IntegrationService, transport),
    profile: createClient(ProfileService, transport),
    moderation: createClient(ModService, transport),
    annotated: createClient(AnnotatedGameService, transport),
    collections: createClient(CollectionsService, transport),
    gameComments: createClient(GameCommentService, transport),
    monitoring: createClient(MonitoringService, transport),
    admin: createClient(AdminService, transport),
  };
}
