import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseProxyTrust, type ProxyTrust } from './http/client-address.ts';
import { parseImageHosts } from './http/image-hosts.ts';

/** Every setting comes from the environment and has a working default (README "Configuration"). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** A PostgreSQL server; undefined means PGlite in dataDir. */
  databaseUrl?: string;
  /** A NATS server; undefined means the in-process bus. */
  natsUrl?: string;
  /** First token of every NATS subject, so several deployments (or test runs) can share a server. */
  natsPrefix: string;
  lexiconDir: string;
  /** Compiled lexicon graphs are cached under `<lexicaCacheDir>/lexica`. */
  lexicaCacheDir: string;
  /** Built-in lexicons to offer: 'all' or a list of names. */
  lexicons: 'all' | string[];
  secretKey: string;
  publicUrl: string;
  smtpUrl?: string;
  smtpFrom: string;
  logLevel: string;
  /** Anonymous sockets one process takes from one client address. */
  socketsPerAddress: number;
  /** Sockets one process takes from one signed-in user. */
  socketsPerUser: number;
  /**
   * Which proxies may say who the client is (TRUST_PROXY): 0 none, a hop
   * count, or their addresses and ranges (http/client-address.ts).
   */
  trustProxy: ProxyTrust;
  /** Connections a process without a trusted proxy takes from one address at once; 0: no cap. */
  connectionsPerAddress: number;
  /** A request's headers and body must have arrived within this (REQUEST_TIMEOUT_MS). */
  requestTimeoutMs: number;
  /** A request's headers must have arrived within this (HEADERS_TIMEOUT_MS). */
  headersTimeoutMs: number;
  /** A kept-alive connection with no request in flight is closed after this (IDLE_TIMEOUT_MS). */
  idleTimeoutMs: number;
  /** Front-end version reported with socket tokens; a mismatch asks browsers to reload. */
  frontEndVersion: string;
  /** Lets a caller without the admin permission start puzzle generation jobs; empty: no key. */
  puzzleSecretKey: string;
  /** Generate a starter set of puzzles on a database that has none (PUZZLE_STARTER=0 turns it off). */
  puzzleStarter: boolean;
  /** The operator's terms of service (plain text) shown on /terms instead of the built-in text. */
  termsFile?: string;
  /** The team list of /about and /team: a JSON list of { name, role, url? }. */
  teamFile?: string;
  /** The card payment provider's checkout-session endpoint (DONATION_CHECKOUT_URL). */
  donationCheckoutUrl?: string;
  /** The provider's secret API key (DONATION_API_KEY). */
  donationApiKey?: string;
  /** Dollars → the provider's price id (DONATION_PRICES="5:price_a,20:price_b,…"). */
  donationPrices: Map<number, string>;
  /** The secret the provider signs its webhooks with (DONATION_WEBHOOK_SECRET). */
  donationWebhookSecret?: string;
  /** The membership platform's page for monthly support (MEMBERSHIP_URL). */
  membershipUrl: string;
  /** OAuth 2 providers for linked accounts (INTEGRATION_MEMBERSHIP_*, INTEGRATION_STREAMING_*). */
  integrationProviders: IntegrationProviderConfig[];
  /** Overrides of the automatic notoriety rules, as JSON (NOTORIETY_RULES; decision 0132). */
  notorietyRules: string;
  /** Monitoring's STUN/TURN servers (ICE_SERVERS, TURN_SECRET, TURN_TTL_SECONDS). */
  ice: IceConfig;
  /** Where monitoring's media flows: peer to peer, or an SFU (MEDIA_RELAY, JANUS_URL; decision 0140). */
  mediaRelay: MediaRelayConfig;
  /** The operators' token for /metrics on the public port (METRICS_TOKEN); empty: refused there. */
  metricsToken: string;
  /** A port of its own for /metrics (METRICS_PORT); undefined: none. */
  metricsPort?: number;
  /** Origins pages may show images from besides this site (IMAGE_HOSTS; decision 0149). */
  imageHosts: string[];
  /**
   * Diagnostics for the load bench (issue 42), both on unless set to `off`:
   * group commit (GROUP_COMMIT; off: each change in a transaction of its
   * own, as before decision 0142) and the metrics' counting (METRICS; off:
   * no Node collectors, no bus counting, no histograms; /metrics answers
   * with what is left).
   */
  groupCommit: boolean;
  metricsCounting: boolean;
  /**
   * Group commit's batches written at the same time on PostgreSQL
   * (GROUP_COMMIT_WRITERS, default 1; always 1 on PGlite, one connection).
   */
  groupCommitWriters: number;
  /** PGlite on a worker thread of the server's instead of its event loop (PGLITE_WORKER; decision 0155). */
  pgliteWorker: boolean;
  /** Signed-in users above which a realm's presence is counted, not named (PRESENCE_NAMED_MAX; decision 0156). */
  presenceNamedMax: number;
}

/**
 * Above this many signed-in users a realm is crowded (decision 0156): its
 * arrivals and departures are counted rather than named, and an arriving
 * socket is sent this many names with the count. Naming every arrival to
 * every socket made filling a lobby of n players cost n² entries.
 */
export const NAMED_PRESENCE_MAX = 200;

/** The two kinds of linked account (docs/product/community.md §4.7). */
export const INTEGRATION_KINDS = ['membership', 'streaming'] as const;
export type IntegrationKind = (typeof INTEGRATION_KINDS)[number];

/** One OAuth 2 provider as the operator configured it. */
export interface IntegrationProviderConfig {
  id: IntegrationKind;
  displayName: string;
  clientId: string;
  /** Empty for a public client (PKCE alone). */
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  scope: string;
  /** The userinfo claim naming the membership tier. */
  tierClaim: string;
  /** The userinfo claim naming the account (the stream account's name). */
  nameClaim: string;
  /** The provider's own page ('' when none). */
  pageUrl: string;
}

export type ConfigOverrides = Partial<Config>;

export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: ConfigOverrides = {},
): Config {
  const port = overrides.port ?? Number(env.PORT ?? 8080);
  const dataDir = resolve(overrides.dataDir ?? env.DATA_DIR ?? './data');
  return {
    port,
    host: overrides.host ?? env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: 'databaseUrl' in overrides ? overrides.databaseUrl : env.DATABASE_URL || undefined,
    natsUrl: 'natsUrl' in overrides ? overrides.natsUrl : env.NATS_URL || undefined,
    natsPrefix: overrides.natsPrefix ?? env.NATS_PREFIX ?? 'tessera',
    lexiconDir: resolve(overrides.lexiconDir ?? env.LEXICON_DIR ?? './lexica'),
    lexicaCacheDir: resolve(overrides.lexicaCacheDir ?? env.LEXICA_CACHE_DIR ?? dataDir),
    lexicons: overrides.lexicons ?? parseList(env.LEXICONS),
    secretKey: overrides.secretKey ?? env.SECRET_KEY ?? secretFromDataDir(dataDir),
    publicUrl: overrides.publicUrl ?? env.PUBLIC_URL ?? `http://localhost:${port}`,
    smtpUrl: 'smtpUrl' in overrides ? overrides.smtpUrl : env.SMTP_URL || undefined,
    smtpFrom: overrides.smtpFrom ?? env.SMTP_FROM ?? 'Tessera <no-reply@localhost>',
    logLevel: overrides.logLevel ?? env.LOG_LEVEL ?? 'info',
    socketsPerAddress: overrides.socketsPerAddress ?? Number(env.SOCKETS_PER_ADDRESS ?? 100),
    socketsPerUser: overrides.socketsPerUser ?? Number(env.SOCKETS_PER_USER ?? 30),
    trustProxy: overrides.trustProxy ?? parseProxyTrust(env.TRUST_PROXY),
    connectionsPerAddress:
      overrides.connectionsPerAddress ?? Number(env.CONNECTIONS_PER_ADDRESS ?? 256),
    requestTimeoutMs: overrides.requestTimeoutMs ?? Number(env.REQUEST_TIMEOUT_MS ?? 30_000),
    headersTimeoutMs: overrides.headersTimeoutMs ?? Number(env.HEADERS_TIMEOUT_MS ?? 10_000),
    idleTimeoutMs: overrides.idleTimeoutMs ?? Number(env.IDLE_TIMEOUT_MS ?? 5_000),
    frontEndVersion: overrides.frontEndVersion ?? env.FRONT_END_VERSION ?? '0.1.0',
    puzzleSecretKey: overrides.puzzleSecretKey ?? env.PUZZLE_SECRET_KEY ?? '',
    puzzleStarter: overrides.puzzleStarter ?? env.PUZZLE_STARTER !== '0',
    termsFile: 'termsFile' in overrides ? overrides.termsFile : env.TERMS_FILE || undefined,
    teamFile: 'teamFile' in overrides ? overrides.teamFile : env.TEAM_FILE || undefined,
    donationCheckoutUrl:
      'donationCheckoutUrl' in overrides
        ? overrides.donationCheckoutUrl
        : env.DONATION_CHECKOUT_URL || undefined,
    donationApiKey:
      'donationApiKey' in overrides ? overrides.donationApiKey : env.DONATION_API_KEY || undefined,
    donationPrices: overrides.donationPrices ?? parsePrices(env.DONATION_PRICES),
    donationWebhookSecret:
      'donationWebhookSecret' in overrides
        ? overrides.donationWebhookSecret
        : env.DONATION_WEBHOOK_SECRET || undefined,
    membershipUrl: overrides.membershipUrl ?? env.MEMBERSHIP_URL ?? '',
    integrationProviders: overrides.integrationProviders ?? parseIntegrationProviders(env),
    notorietyRules: overrides.notorietyRules ?? env.NOTORIETY_RULES ?? '',
    ice: overrides.ice ?? {
      urls: parseIceUrls(env.ICE_SERVERS),
      turnSecret: env.TURN_SECRET || undefined,
      turnTtlSeconds: Number(env.TURN_TTL_SECONDS ?? 3600),
    },
    mediaRelay: overrides.mediaRelay ?? parseMediaRelay(env.MEDIA_RELAY, env.JANUS_URL),
    metricsToken: overrides.metricsToken ?? env.METRICS_TOKEN ?? '',
    metricsPort:
      'metricsPort' in overrides
        ? overrides.metricsPort
        : env.METRICS_PORT
          ? Number(env.METRICS_PORT)
          : undefined,
    imageHosts: overrides.imageHosts ?? parseImageHosts(env.IMAGE_HOSTS),
    groupCommit: overrides.groupCommit ?? env.GROUP_COMMIT !== 'off',
    metricsCounting: overrides.metricsCounting ?? env.METRICS !== 'off',
    groupCommitWriters:
      overrides.groupCommitWriters ??
      Math.max(1, Math.floor(Number(env.GROUP_COMMIT_WRITERS ?? 1)) || 1),
    pgliteWorker: overrides.pgliteWorker ?? pgliteWorkerSetting(env.PGLITE_WORKER),
    presenceNamedMax:
      overrides.presenceNamedMax ??
      Math.max(1, Math.floor(Number(env.PRESENCE_NAMED_MAX ?? NAMED_PRESENCE_MAX)) || 1),
  };
}

/** PGLITE_WORKER: `1` or `on` runs PGlite on a worker thread; anything else (the default) on the main thread. */
export function pgliteWorkerSetting(value: string | undefined): boolean {
  const v = (value ?? '').trim().toLowerCase();
  return v === '1' || v === 'on';
}

/** A random key generated on first start and kept beside the data, so tokens survive restarts. */
function secretFromDataDir(dataDir: string): string {
  const file = join(dataDir, 'secret.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32).toString('base64url');
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  return key;
}

function parseList(value: string | undefined): 'all' | string[] {
  if (!value || value.trim().toLowerCase() === 'all') return 'all';
  return value
    .split(',')
    .map((s) => s.trim().toUpperCase())
    .filter(Boolean);
}

/** "5:price_a,20:price_b" → 5 → price_a …; malformed pairs are left out. */
export function parsePrices(value: string | undefined): Map<number, string> {
  const out = new Map<number, string>();
  for (const pair of (value ?? '').split(',')) {
    const [dollars, price] = pair.split(':').map((s) => s.trim());
    if (/^\d+$/.test(dollars ?? '') && price) out.set(Number(dollars), price);
  }
  return out;
}

/**
 * A provider is configured once its client id and its authorize, token and
 * userinfo endpoints are set (INTEGRATION_<KIND>_CLIENT_ID, …).
 */
export function parseIntegrationProviders(env: NodeJS.ProcessEnv): IntegrationProviderConfig[] {
  const out: IntegrationProviderConfig[] = [];
  for (const id of INTEGRATION_KINDS) {
    const v = (name: string) => env[`INTEGRATION_${id.toUpperCase()}_${name}`]?.trim() ?? '';
    const provider: IntegrationProviderConfig = {
      id,
      displayName: v('NAME') || (id === 'membership' ? 'Membership' : 'Streaming'),
      clientId: v('CLIENT_ID'),
      clientSecret: v('CLIENT_SECRET'),
      authorizeUrl: v('AUTHORIZE_URL'),
      tokenUrl: v('TOKEN_URL'),
      userinfoUrl: v('USERINFO_URL'),
      scope: v('SCOPE') || 'openid profile',
      tierClaim: v('TIER_CLAIM') || 'tier',
      nameClaim: v('NAME_CLAIM') || 'preferred_username',
      pageUrl: v('PAGE_URL'),
    };
    if (provider.clientId && provider.authorizeUrl && provider.tokenUrl && provider.userinfoUrl) {
      out.push(provider);
    }
  }
  return out;
}

/** Monitoring's STUN/TURN servers (ICE_SERVERS, TURN_SECRET, TURN_TTL_SECONDS). */
export interface IceConfig {
  /** Server addresses: "stun:host:port", "turn:host:port?transport=udp", "turns:…". */
  urls: string[];
  /** coturn's static-auth-secret (use-auth-secret); never sent to a browser. */
  turnSecret?: string;
  /** How long issued TURN credentials last. */
  turnTtlSeconds: number;
}

export type MediaRelayConfig = { kind: 'p2p' } | { kind: 'janus'; url: string };

/** MEDIA_RELAY=p2p (the default) or janus, which needs JANUS_URL (Janus's HTTP API, e.g. http://127.0.0.1:8088/janus). */
export function parseMediaRelay(
  kind: string | undefined,
  janusUrl: string | undefined,
): MediaRelayConfig {
  const k = (kind ?? '').trim().toLowerCase();
  if (!k || k === 'p2p') return { kind: 'p2p' };
  if (k !== 'janus') throw new Error(`MEDIA_RELAY must be p2p or janus, not "${kind}"`);
  const url = (janusUrl ?? '').trim().replace(/\/+$/, '');
  if (!/^https?:\/\//.test(url))
    throw new Error('MEDIA_RELAY=janus needs JANUS_URL (http://host:port/janus)');
  return { kind: 'janus', url };
}

/** ICE_SERVERS="stun:a:3478,turn:b:3478": a list separated by commas or spaces. */
export function parseIceUrls(value: string | undefined): string[] {
  return (value ?? '')
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter((s) => /^(stun|stuns|turn|turns):/.test(s));
}
