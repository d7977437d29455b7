/**
 * The HAProxy configuration for several Tessera processes behind one
 * address: HTTP and websockets on one frontend, each node health-checked on
 * /healthz, the client's address appended to X-Forwarded-For (nodes run
 * with TRUST_PROXY=1: they believe that one right-most entry, decision 0116).
 */
export interface BalancerPlan {
  /** Where clients connect. */
  host: string;
  port: number;
  /** The nodes, as host:port. */
  nodes: string[];
  /**
   * How a new connection picks its node: `leastconn` spreads websockets
   * evenly; `source` keeps one client address on one node (tests use it to
   * know which node holds their sockets).
   */
  balance?: 'leastconn' | 'roundrobin' | 'source';
  /** How often a node is checked, in ms; two failures take it out. */
  checkMs?: number;
  /**
   * Client connections the balancer holds at once. Each takes two file
   * descriptors, so it must fit the open-file limit (ulimit -n) of the
   * balancer's process.
   */
  maxConnections?: number;
}

export function haproxyConfig(p: BalancerPlan): string {
  const check = p.checkMs ?? 500;
  return [
    'global',
    `  maxconn ${p.maxConnections ?? 9000}`,
    '',
    'defaults',
    '  mode http',
    '  option forwardfor',
    // A connection refused by a node that just died is tried on another.
    '  option redispatch',
    '  retries 3',
    '  timeout connect 2s',
    '  timeout client 60s',
    // A request's headers dribbled in byte by byte do not hold a connection.
    '  timeout http-request 10s',
    '  timeout server 60s',
    // An upgraded websocket lives as long as the client keeps it.
    '  timeout tunnel 1h',
    // A node busy for a moment is not a dead node.
    '  timeout check 2s',
    '',
    'frontend tessera',
    `  bind ${p.host}:${p.port}`,
    '  default_backend nodes',
    '',
    'backend nodes',
    `  balance ${p.balance ?? 'leastconn'}`,
    '  option httpchk GET /healthz',
    '  http-check expect status 200',
    `  default-server inter ${check}ms fall 3 rise 2`,
    ...p.nodes.map((n, i) => `  server node${i + 1} ${n} check`),
    '',
  ].join('\n');
}
