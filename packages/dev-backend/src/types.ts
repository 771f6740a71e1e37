// The package's public types: what `startDevBackend` takes and gives. They
// import nothing, so the declarations shipped with the package stand alone;
// index.ts checks at compile time that the server's own types still match.

/** What `startDevBackend` takes; every field may be left out. */
export interface DevBackendOptions {
  /** Port to listen on; 0 (the default) takes a free one, read back from `port` and `url`. */
  port?: number;
  /** Address to listen on (default 127.0.0.1). Anything else lets other machines sign in as the seeded accounts. */
  host?: string;
  /** The origin browsers see when it is not http://HOST:PORT (a proxy in front); links and token issuers use it. */
  publicOrigin?: string;
  /** Where the state is kept; ':memory:' (the default here) keeps nothing and leaves no file behind. */
  dataDir?: string;
  /** Start from the seed (and the fixtures) again, whatever `dataDir` holds. */
  fresh?: boolean;
  /** Your application, OAuth2 client and users: a YAML or JSON file's path, or the same shape as an object. */
  fixtures?: string | DevBackendFixtures;
  /** Generated users besides the seeded accounts (default 300); the same number gives the same data. */
  seedUsers?: number;
  /** A snapshot (GET /__mock/snapshot) an empty data folder and each reset start from instead of the seed. */
  seedFrom?: string;
  /** `false`: play a backend that offers spec §7 only; every extension call answers 404. Default true. */
  extensions?: boolean;
  /** Proxy mode: the API and sign-in go to this real backend, checked against the document; nothing is simulated. */
  backend?: string;
  /** `false` removes the mock control API (/__mock/*, but for /__mock/ready) and fault injection. */
  mockApi?: boolean;
  /** Lets callers on other machines use /__mock/* with the header X-Mock-Token (default: this machine only). */
  mockToken?: string;
  /** Log every request (Fastify's JSON lines on stdout). */
  logRequests?: boolean;
}

/** A running dev backend. */
export interface DevBackend {
  /** The console, e.g. http://127.0.0.1:41234/userprofile/ */
  url: string;
  /** Scheme, host and port, e.g. http://127.0.0.1:41234: the issuer, the API and /__mock are under it. */
  origin: string;
  /** The port it listens on. */
  port: number;
  /** Back to the seed and the fixtures; faults disarmed, every sign-in ended. */
  reset(): Promise<void>;
  /** The e-mails it "sent" (password resets), oldest first. */
  outbox(): DevBackendMail[];
  /** Fault injection: the next matching calls answer with a chosen status, after an optional delay. */
  faults: {
    add(fault: DevBackendFaultRequest): DevBackendFault;
    list(): DevBackendFault[];
    clear(): void;
  };
  /** Stops listening, lets requests in flight end, and closes its data. Safe to call twice. */
  stop(): Promise<void>;
}

export interface DevBackendMail {
  id: number;
  to: string;
  username: string;
  subject: string;
  text: string;
  /** The reset link, when the mail carries one. */
  link: string | null;
  /** ISO 8601 time. */
  sentAt: string;
}

export interface DevBackendFaultRequest {
  /** GET, POST ... or `*` for any. */
  method: string;
  /** The path as routed, e.g. /userprofile/api/v1/user/list/active (no query). */
  path: string;
  /** The status to answer with (200-599); without it the call only waits `delayMs`, then runs. */
  status?: number;
  /** How many calls meet it (default 1, at most 1000). */
  times?: number;
  /** Wait this long first (default 0, at most 120000). */
  delayMs?: number;
  /** The answer's JSON body (default: the error body every answer of the backend uses). */
  body?: unknown;
}

export interface DevBackendFault {
  id: number;
  method: string;
  path: string;
  status: number | null;
  times: number;
  delayMs: number;
  body: unknown;
}

/** The fixtures format (its JSON Schema is fixtures.schema.json in the package). */
export interface DevBackendFixtures {
  /** `default`: on top of the seed; `none`: only what the file says (and what sign-in itself needs). */
  seed?: 'default' | 'none';
  applications?: { name: string; roles?: string[]; [more: string]: unknown }[];
  clients?: { name: string; redirect: string | string[]; secret?: string; [more: string]: unknown }[];
  users?: {
    username: string;
    password: string;
    company?: string;
    /** Application name → the roles the user holds in it. */
    holds?: Record<string, string[]>;
    [more: string]: unknown;
  }[];
  [more: string]: unknown;
}
