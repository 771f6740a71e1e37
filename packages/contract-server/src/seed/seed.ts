// The seed: realistic network-operations data made with faker and a fixed
// seed, so the same SEED_USERS gives the same data on every start.
import { en, Faker } from '@faker-js/faker';
import { DEFAULT_TREE_CATEGORY, USER_PROFILE_APPLICATION } from '@userprofile/shared/constants';
import type { ConsoleRole } from '../auth/contract.ts';
import { hashPassword, passwordHashPolicy } from '../auth/password.ts';
import { Store, type StoreOptions } from '../store/store.ts';
import type {
  ApplicationRecord,
  AppProfileRecord,
  AppRow,
  BusinessProfileRecord,
  ClusterRecord,
  NamedRecord,
  UserRecord,
  VisibilityProfileRecord,
} from '../store/types.ts';
import { seedClusterTrees } from './cluster-trees.ts';

/** client_id of the console itself (its frontendconfig names it). */
export const CONSOLE_CLIENT_ID = '6f1c1f0e-3b8a-4d52-9a57-2f3c5f0b7d10';
/** client_id of the demo application the sign-in can send users on to. */
export const DEMO_CLIENT_ID = 'b7e2d7c4-8a51-4e3f-a0c6-5d1e9f2a4b38';
export const DEMO_CLIENT_NAME = 'Network Inventory (demo)';

export const DEFAULT_SEED_USERS = 300;
export const DEFAULT_SEED_PASSWORD = 'Passw0rd!';
const FAKER_SEED = 20240917;

export interface SeedOptions {
  publicOrigin: string;
  users?: number;
  /** With it, the cluster inventory is grown to this many clusters (SEED_CLUSTERS, for the bench). */
  clusters?: number;
  password?: string;
  now?: () => number;
  historyViews: StoreOptions['historyViews'];
  historyLimit: number;
  historyRetentionDays?: number;
  activityMaxEvents?: number;
  activityRetentionDays?: number;
}

/** The three accounts of design.md, password SEED_PASSWORD. */
export const SEEDED_ACCOUNTS: readonly { username: string; role: ConsoleRole; layoutCodes: string[] }[] = [
  { username: 'provider.admin', role: 'ERRIGAL_ADMIN', layoutCodes: ['NEA', 'VEN', 'SCO'] },
  { username: 'customer.admin', role: 'ADMIN', layoutCodes: [] },
  { username: 'sco.admin', role: 'SCO_ADMIN', layoutCodes: ['SCO'] },
];

// scrypt at N=2^17 costs ~0.75 CPU-seconds: the seeded password is hashed once per
// process, password and cost, however often a store is built (tests reseed a lot).
const hashCache = new Map<string, Promise<string>>();
export function seededPasswordHash(password: string): Promise<string> {
  const key = `${passwordHashPolicy()}\0${password}`;
  let hash = hashCache.get(key);
  if (!hash) {
    hash = hashPassword(password);
    hashCache.set(key, hash);
  }
  return hash;
}

export async function buildSeededStore(options: SeedOptions): Promise<Store> {
  const passwordHash = await seededPasswordHash(options.password ?? DEFAULT_SEED_PASSWORD);
  return seedStore(
    new Store({
      publicOrigin: options.publicOrigin,
      now: options.now,
      historyViews: options.historyViews,
      historyLimit: options.historyLimit,
      historyRetentionDays: options.historyRetentionDays,
      activityMaxEvents: options.activityMaxEvents,
      activityRetentionDays: options.activityRetentionDays,
    }),
    options.users ?? DEFAULT_SEED_USERS,
    passwordHash,
    options.clusters,
  );
}

interface AppSpec {
  name: string;
  prefix: string;
  roles: [string, ConsoleRole, boolean][];
  elements: Record<string, string[]>;
  extraRemoteRole: string;
}

const REGIONS = ['North East', 'North West', 'Midlands', 'South East', 'South West'];
const CARRIERS = ['Vodafone', 'EE', 'Three', 'O2', 'Eir', 'Verizon', 'AT&T', 'T-Mobile'];
const NETWORK_GROUPS = [
  'Core IP',
  'RAN 4G',
  'RAN 5G',
  'Microwave Transport',
  'Fibre Backhaul',
  'IMS Voice',
  'Packet Core',
  'Small Cells',
  'DAS',
];
const NE_ATTRIBUTES = [
  'Vendor: Ericsson',
  'Vendor: Nokia',
  'Vendor: Huawei',
  'Vendor: Samsung',
  'Technology: LTE',
  'Technology: NR',
  'Band: 700 MHz',
  'Band: 3.5 GHz',
  'Power: Battery Backup',
  'Site Type: Rooftop',
];
const VENUE_KINDS = ['Arena', 'Airport', 'Stadium', 'Convention Centre', 'Railway Station', 'Shopping Centre'];
const LOCATION_KINDS = ['NOC', 'Data Centre', 'Exchange', 'Regional Office', 'POP'];

function appSpecs(): AppSpec[] {
  const trees = ['National Tree', ...REGIONS.map((r) => `${r} Tree`)];
  return [
    {
      name: USER_PROFILE_APPLICATION,
      prefix: 'UP',
      roles: [
        ['ERRIGAL_ADMIN', 'ERRIGAL_ADMIN', false],
        ['ADMIN', 'ADMIN', false],
        ['SCO_ADMIN', 'ADMIN', false],
      ],
      elements: {},
      extraRemoteRole: 'USER_AUDITOR',
    },
    {
      name: 'Snmp Manager',
      prefix: 'SNMP',
      roles: [
        ['SNMP_ADMIN', 'ERRIGAL_ADMIN', false],
        ['SNMP_OPERATOR', 'ADMIN', false],
        ['SNMP_VIEWER', 'ADMIN', false],
      ],
      elements: { [DEFAULT_TREE_CATEGORY]: trees, TRAP_FILTER: ['All Traps', 'Link Down Only', 'Critical Equipment'] },
      extraRemoteRole: 'SNMP_TRAP_FORWARDER',
    },
    {
      name: 'Alarm Manager',
      prefix: 'ALARM',
      roles: [
        ['ALARM_SUPERVISOR', 'ADMIN', false],
        ['ALARM_OPERATOR', 'ADMIN', false],
        ['ALARM_VIEWER', 'ADMIN', true],
      ],
      elements: {
        ALARM_SEVERITY_FILTER: ['Critical', 'Major', 'Minor', 'Warning'],
        DASHBOARD: ['NOC Wall', 'Regional Overview', 'Outage Map'],
      },
      extraRemoteRole: 'ALARM_ESCALATION',
    },
    {
      name: 'Performance Monitor',
      prefix: 'PM',
      roles: [
        ['PM_ADMIN', 'ERRIGAL_ADMIN', false],
        ['PM_ANALYST', 'ADMIN', false],
      ],
      elements: { KPI_REPORT: ['Daily Availability', 'Throughput by Cell', 'Dropped Calls', 'Latency by Region'] },
      extraRemoteRole: 'PM_EXPORTER',
    },
    {
      name: 'Inventory',
      prefix: 'INV',
      roles: [
        ['INV_ADMIN', 'ERRIGAL_ADMIN', false],
        ['INV_EDITOR', 'ADMIN', false],
        ['INV_READER', 'ADMIN', true],
      ],
      elements: { INVENTORY_VIEW: ['Sites', 'Equipment', 'Circuits', 'Spares'] },
      extraRemoteRole: 'INV_AUDITOR',
    },
  ];
}

/** Fills an empty store. Deterministic: faker runs from a fixed seed. */
function seedStore(store: Store, userCount: number, seededHash: string, clusterCount?: number): Store {
  const f = new Faker({ locale: [en], seed: FAKER_SEED });
  const uuid = () => f.string.uuid();
  const pick = <T>(list: readonly T[]): T => f.helpers.arrayElement(list);

  // Companies and locations.
  const companies: NamedRecord[] = [];
  const companyNames = new Set<string>();
  while (companies.length < 10) {
    const name = `${f.company.name()} Communications`;
    if (companyNames.has(name)) continue;
    companyNames.add(name);
    companies.push({ uuid: uuid(), name });
  }
  for (const c of companies) store.companies.set(c.uuid, c);
  const [companyA, companyB] = companies as [NamedRecord, NamedRecord, ...NamedRecord[]];
  const locationNames = new Set<string>();
  while (store.locations.size < 40) {
    const name = `${f.location.city()} ${pick(LOCATION_KINDS)}`;
    if (locationNames.has(name)) continue;
    locationNames.add(name);
    const id = uuid();
    store.locations.set(id, {
      uuid: id,
      name,
      latitude: f.location.latitude({ min: 50, max: 58, precision: 5 }),
      longitude: f.location.longitude({ min: -6, max: 1.8, precision: 5 }),
    });
  }
  const locations = [...store.locations.values()];

  // Visibility elements: carriers, the cluster tree region → market → cluster → site, groups, attributes, venues.
  const v = store.visibility;
  const named = (name: string): NamedRecord => ({ uuid: uuid(), name });
  for (const name of CARRIERS.slice(0, 6)) v.carriers.set(...entry(named(name)));
  const roots: ClusterRecord[] = [];
  const usedCities = new Set<string>();
  const city = () => {
    for (;;) {
      const c = f.location.city();
      if (!usedCities.has(c)) {
        usedCities.add(c);
        return c;
      }
    }
  };
  const addCluster = (name: string, parentUuid: string | null): ClusterRecord => {
    const c: ClusterRecord = { uuid: uuid(), name, parentUuid };
    v.clusters.set(c.uuid, c);
    return c;
  };
  const leafClusters: ClusterRecord[] = [];
  for (const region of REGIONS) {
    const root = addCluster(`${region} Region`, null);
    roots.push(root);
    for (let m = 0; m < 3; m++) {
      const market = city();
      const marketNode = addCluster(`${market} Market`, root.uuid);
      for (let c = 1; c <= 3; c++) {
        const cluster = addCluster(`${market} Cluster ${c}`, marketNode.uuid);
        leafClusters.push(cluster);
        for (let s = 1; s <= 3; s++)
          addCluster(`${market} ${c}-${s} ${f.string.alpha({ length: 3, casing: 'upper' })} Site`, cluster.uuid);
      }
    }
  }
  for (const region of REGIONS) {
    v.clusterGroups.set(...entry(named(`${region} Core`)));
    v.clusterGroups.set(...entry(named(`${region} RAN`)));
  }
  for (const name of NETWORK_GROUPS.slice(0, 7)) v.networkGroups.set(...entry(named(name)));
  for (const name of NE_ATTRIBUTES.slice(0, 8)) v.neAttributes.set(...entry(named(name)));
  for (let i = 0; i < 12; i++) v.venues.set(...entry(named(`${city()} ${pick(VENUE_KINDS)}`)));
  // What the network inventory has that the store has not synced yet.
  store.pendingVisibility.set('carrier', CARRIERS.slice(6).map(named));
  store.pendingVisibility.set('cluster', [
    { uuid: uuid(), name: `${leafClusters[0]?.name ?? 'New'} 4-1 NEW Site`, parentUuid: leafClusters[0]?.uuid ?? null },
  ]);
  store.pendingVisibility.set('clusterGroup', [named('National Transport')]);
  store.pendingVisibility.set('networkGroup', NETWORK_GROUPS.slice(7).map(named));
  store.pendingVisibility.set('networkElementAttribute', NE_ATTRIBUTES.slice(8).map(named));
  store.pendingVisibility.set('venue', [named(`${city()} ${pick(VENUE_KINDS)}`)]);

  // Applications, with what their remote side reports at a sync.
  const apps = new Map<string, ApplicationRecord>();
  for (const spec of appSpecs()) {
    const row = (name: string, category: string, minimumRole: ConsoleRole, externalRole: boolean): AppRow => ({
      uuid: uuid(),
      name,
      externalRole,
      category,
      minimumRole,
      companyUuid: null,
    });
    const app: ApplicationRecord = {
      uuid: uuid(),
      name: spec.name,
      dataUrl: `jdbc:postgresql://db-${spec.prefix.toLowerCase()}.noc.internal:5432/${spec.prefix.toLowerCase()}`,
      dataDriverName: 'org.postgresql.Driver',
      dataUsername: `${spec.prefix.toLowerCase()}_svc`,
      dataPassword: f.internet.password({ length: 16 }),
      apiHost: `https://${spec.prefix.toLowerCase()}.noc.internal/api`,
      apiAuthType: spec.prefix === 'PM' || spec.prefix === 'INV' ? 'OAUTH2' : 'HTTP_BASIC',
      apiUsername: `${spec.prefix.toLowerCase()}_api`,
      apiPassword: f.internet.password({ length: 16 }),
      roles: spec.roles.map(([name, min, ext]) => row(name, 'ROLE', min, ext)),
      elements: Object.entries(spec.elements).flatMap(([category, names]) =>
        names.map((name) => row(name, category, 'ADMIN', false)),
      ),
    };
    store.applications.set(app);
    apps.set(spec.name, app);
    const firstCategory = Object.keys(spec.elements)[0] ?? `${spec.prefix}_ELEMENT`;
    store.remoteApps.set(app.uuid, {
      roles: [
        ...app.roles.map((r) => ({ name: r.name, externalRole: r.externalRole })),
        { name: spec.extraRemoteRole, externalRole: true },
      ],
      elements: [
        ...app.elements.map((e) => ({ name: e.name, category: e.category })),
        { name: `${spec.name} Lab Node`, category: firstCategory },
      ],
      release: 0,
    });
  }
  store.userElementConfig = [
    { category: DEFAULT_TREE_CATEGORY, label: 'Default Tree', type: 'dropdown' },
    { category: 'ALARM_SEVERITY_FILTER', label: 'Alarm Severity Filter', type: 'dropdown' },
    { category: 'KPI_REPORT', label: 'Default Report', type: 'dropdown' },
  ];

  // Application profiles.
  const app = (name: string) => apps.get(name) as ApplicationRecord;
  const roleIds = (a: ApplicationRecord, names: string[]) =>
    a.roles.filter((r) => names.includes(r.name)).map((r) => r.uuid);
  const elementIds = (a: ApplicationRecord, pred: (e: AppRow) => boolean) => a.elements.filter(pred).map((e) => e.uuid);
  const appProfile = (
    name: string,
    a: ApplicationRecord,
    roles: string[],
    elements: (e: AppRow) => boolean,
    minimumRole: ConsoleRole,
    companyUuid: string | null = null,
  ): AppProfileRecord => {
    const p: AppProfileRecord = {
      uuid: uuid(),
      name,
      description: `${a.name}: ${f.company.catchPhrase()}`,
      applicationUuid: a.uuid,
      minimumRole,
      companyUuid,
      roles: roleIds(a, roles),
      elements: elementIds(a, elements),
    };
    store.appProfiles.set(p);
    return p;
  };
  const none = () => false;
  const all = () => true;
  const up = app(USER_PROFILE_APPLICATION);
  const snmp = app('Snmp Manager');
  const alarm = app('Alarm Manager');
  const pm = app('Performance Monitor');
  const inv = app('Inventory');
  const upProvider = appProfile('User Profile - Provider Admin', up, ['ERRIGAL_ADMIN'], none, 'ERRIGAL_ADMIN');
  const upCustomer = appProfile('User Profile - Customer Admin', up, ['ADMIN'], none, 'ADMIN');
  const upSco = appProfile('User Profile - SCO Admin', up, ['SCO_ADMIN'], none, 'ADMIN');
  const snmpFull = appProfile(
    'Snmp Manager - Full Access',
    snmp,
    ['SNMP_ADMIN', 'SNMP_OPERATOR', 'SNMP_VIEWER'],
    all,
    'ERRIGAL_ADMIN',
  );
  const snmpOperator = appProfile('Snmp Manager - Operator', snmp, ['SNMP_OPERATOR'], all, 'ADMIN');
  const snmpRegion = REGIONS.map((r) =>
    appProfile(
      `Snmp Manager - ${r} Viewer`,
      snmp,
      ['SNMP_VIEWER'],
      (e) => e.name === `${r} Tree` || e.category === 'TRAP_FILTER',
      'ADMIN',
    ),
  );
  const alarmSupervisor = appProfile(
    'Alarm Manager - Supervisor',
    alarm,
    ['ALARM_SUPERVISOR', 'ALARM_OPERATOR'],
    all,
    'ADMIN',
  );
  const alarmOperator = appProfile(
    'Alarm Manager - Operator',
    alarm,
    ['ALARM_OPERATOR'],
    (e) => e.category === 'ALARM_SEVERITY_FILTER',
    'ADMIN',
  );
  const pmAnalyst = appProfile('Performance Monitor - Analyst', pm, ['PM_ANALYST'], all, 'ADMIN');
  const pmAdmin = appProfile(
    'Performance Monitor - Administrator',
    pm,
    ['PM_ADMIN', 'PM_ANALYST'],
    all,
    'ERRIGAL_ADMIN',
  );
  const invEditor = appProfile('Inventory - Editor', inv, ['INV_EDITOR', 'INV_READER'], all, 'ADMIN');
  const invReader = appProfile('Inventory - Reader', inv, ['INV_READER'], (e) => e.name !== 'Spares', 'ADMIN');
  const companySnmp = companies
    .slice(0, 4)
    .map((c, i) =>
      appProfile(
        `Snmp Manager - ${c.name} NOC`,
        snmp,
        ['SNMP_OPERATOR'],
        (e) => e.name === `${REGIONS[i]} Tree` || e.name === 'All Traps',
        'SCO_ADMIN',
        c.uuid,
      ),
    );

  // Business profiles.
  const business = (
    name: string,
    appProfiles: AppProfileRecord[],
    minimumRole: ConsoleRole,
    companyUuid: string | null = null,
  ) => {
    const p: BusinessProfileRecord = {
      uuid: uuid(),
      name,
      description: f.company.buzzPhrase().replace(/^./, (c) => c.toUpperCase()),
      minimumRole,
      companyUuid,
      appProfiles: appProfiles.map((a) => a.uuid),
    };
    store.businessProfiles.set(p);
    return p;
  };
  const provider = business(
    'Provider Administrators',
    [upProvider, snmpFull, alarmSupervisor, pmAdmin, invEditor],
    'ERRIGAL_ADMIN',
  );
  const customerAdmins = business(
    `${companyA.name} Administrators`,
    [upCustomer, snmpOperator, alarmSupervisor, invEditor],
    'ADMIN',
    companyA.uuid,
  );
  const scoAdmins = business(
    `${companyB.name} SCO Administrators`,
    [upSco, companySnmp[1] as AppProfileRecord, alarmOperator],
    'SCO_ADMIN',
    companyB.uuid,
  );
  const generic = [
    business('NOC Operators', [snmpOperator, alarmSupervisor, pmAnalyst], 'ADMIN'),
    business('Planning Analysts', [pmAnalyst, invReader], 'ADMIN'),
    ...REGIONS.map((r, i) =>
      business(`${r} Field Engineers`, [snmpRegion[i] as AppProfileRecord, alarmOperator, invReader], 'ADMIN'),
    ),
  ];
  const perCompany = companies
    .slice(0, 4)
    .map((c, i) =>
      business(
        `${c.name} NOC Operators`,
        [companySnmp[i] as AppProfileRecord, alarmOperator, pmAnalyst],
        'SCO_ADMIN',
        c.uuid,
      ),
    );

  // Visibility profiles.
  const clusterDescendants = (root: ClusterRecord): string[] => {
    const out = [root.uuid];
    for (const c of v.clusters.values()) if (c.parentUuid !== null && out.includes(c.parentUuid)) out.push(c.uuid);
    return out;
  };
  const visibility = (
    name: string,
    minimumRole: ConsoleRole,
    companyUuid: string | null,
    roots: ClusterRecord[],
    networkGroups: NamedRecord[],
  ) => {
    const groups = [...v.clusterGroups.values()].filter((g) =>
      roots.some((r) => r.name.startsWith(g.name.split(' ').slice(0, -1).join(' '))),
    );
    const p: VisibilityProfileRecord = {
      uuid: uuid(),
      name,
      description: `Visibility of ${roots.map((r) => r.name).join(', ') || networkGroups.map((g) => g.name).join(', ')}`,
      minimumRole,
      companyUuid,
      primaryVisibilityUuid: roots[0]?.uuid ?? null,
      carriers: [...v.carriers.keys()].slice(0, 3),
      clusters: roots.flatMap(clusterDescendants),
      defaultClusterGroupUuid: groups[0]?.uuid ?? null,
      clusterGroups: groups.map((g) => g.uuid),
      neAttributes: [],
      networkGroups: networkGroups.map((g) => g.uuid),
      venues: [],
    };
    store.visibilityProfiles.set(p);
    return p;
  };
  const national = visibility('National Visibility', 'ADMIN', null, roots, []);
  national.neAttributes = [...v.neAttributes.keys()];
  national.venues = [...v.venues.keys()];
  const regional = REGIONS.map((r, i) => visibility(`${r} Visibility`, 'ADMIN', null, [roots[i] as ClusterRecord], []));
  visibility('Core Network Groups', 'ADMIN', null, [], [...v.networkGroups.values()].slice(0, 3));
  const companyVisibility = companies
    .slice(0, 4)
    .map((c, i) => visibility(`${c.name} Visibility`, 'SCO_ADMIN', c.uuid, [roots[i] as ClusterRecord], []));

  // OAuth2 clients.
  const origin = store.publicOrigin;
  store.clients.set({
    uuid: CONSOLE_CLIENT_ID,
    name: 'User Profile Console',
    description: 'The administration console itself',
    allowedRedirectTarget: `${origin}/userprofile/selfcallback`,
    clientSecret: f.string.alphanumeric(32),
  });
  store.clients.set({
    uuid: DEMO_CLIENT_ID,
    name: DEMO_CLIENT_NAME,
    description: 'Demo application the sign-in sends users on to',
    allowedRedirectTarget: `${origin}/demo-app/callback`,
    clientSecret: f.string.alphanumeric(32),
  });

  // Users: the seeded accounts, then SEED_USERS generated ones.
  const treeOf = new Map<string, AppRow[]>();
  const treeOptions = (bp: BusinessProfileRecord) => {
    let list = treeOf.get(bp.uuid);
    if (!list) {
      list = [...store.elementsOffered(bp.uuid).values()].filter((e) => e.category === DEFAULT_TREE_CATEGORY);
      treeOf.set(bp.uuid, list);
    }
    return list;
  };
  const tree = (bp: BusinessProfileRecord | null) => {
    const options = bp ? treeOptions(bp) : [];
    const el = options.length > 0 ? pick(options) : undefined;
    return el ? [{ uuid: el.uuid, actualValue: el.name }] : [];
  };
  const accounts: [
    string,
    string,
    string,
    BusinessProfileRecord,
    VisibilityProfileRecord,
    ConsoleRole,
    NamedRecord | null,
    string[],
  ][] = [
    ['provider.admin', 'Pat', 'Provider', provider, national, 'ERRIGAL_ADMIN', null, ['NEA', 'VEN', 'SCO']],
    [
      'customer.admin',
      'Casey',
      'Customer',
      customerAdmins,
      companyVisibility[0] as VisibilityProfileRecord,
      'ADMIN',
      companyA,
      [],
    ],
    [
      'sco.admin',
      'Sam',
      'Scott',
      scoAdmins,
      companyVisibility[1] as VisibilityProfileRecord,
      'SCO_ADMIN',
      companyB,
      ['SCO'],
    ],
  ];
  for (const [username, firstName, lastName, bp, vp, minimumRole, company, layoutCodes] of accounts) {
    store.insertUser({
      uuid: uuid(),
      username,
      email: `${username}@example.com`,
      firstName,
      lastName,
      deskPhone: f.phone.number({ style: 'international' }),
      mobilePhone: f.phone.number({ style: 'international' }),
      active: true,
      locationUuid: (pick(locations) as NamedRecord).uuid,
      businessProfileUuid: bp.uuid,
      visibilityProfileUuid: vp.uuid,
      minimumRole,
      companyUuid: company?.uuid ?? null,
      elements: tree(bp),
      passwordHash: seededHash,
      passwordHistory: [],
      layoutCodes,
    });
  }

  const taken = new Set(accounts.map((a) => a[0]));
  const domains = companies.map((c) => `${c.name.toLowerCase().replace(/[^a-z0-9]+/g, '')}.example.net`);
  for (let i = 0; i < userCount; i++) {
    const firstName = f.person.firstName();
    const lastName = f.person.lastName();
    const base = `${firstName}.${lastName}`.toLowerCase().replace(/[^a-z0-9_.]/g, '');
    let username = base;
    for (let n = 2; taken.has(username); n++) username = `${base}${n}`;
    taken.add(username);
    // Most users belong to a customer company and get its profiles; some are provider staff.
    const companyIndex = f.number.int({ min: -2, max: 9 });
    const company = companyIndex >= 0 ? (companies[companyIndex] as NamedRecord) : null;
    const roll = f.number.int({ min: 0, max: 99 });
    let bp: BusinessProfileRecord | null;
    let vp: VisibilityProfileRecord;
    let minimumRole: ConsoleRole = 'ADMIN';
    if (company && companyIndex < 4 && roll < 60) {
      // Staff of a single-company customer: its SCO admin manages them.
      bp = perCompany[companyIndex] as BusinessProfileRecord;
      vp = companyVisibility[companyIndex] as VisibilityProfileRecord;
      minimumRole = roll < 45 ? 'SCO_ADMIN' : 'ADMIN';
    } else {
      bp = roll % 20 === 1 ? null : pick(generic);
      vp = pick(regional);
    }
    const user: UserRecord = {
      uuid: uuid(),
      username,
      email: `${username}@${company ? domains[companyIndex] : 'noc.example.com'}`,
      firstName,
      lastName,
      deskPhone: roll % 3 === 0 ? null : f.phone.number({ style: 'international' }),
      mobilePhone: roll % 4 === 0 ? null : f.phone.number({ style: 'international' }),
      active: roll % 7 !== 0,
      locationUuid: roll % 10 === 0 ? null : (pick(locations) as NamedRecord).uuid,
      businessProfileUuid: bp?.uuid ?? null,
      visibilityProfileUuid: vp.uuid,
      minimumRole,
      companyUuid: bp?.companyUuid ?? company?.uuid ?? null,
      elements: tree(bp),
      passwordHash: null,
      passwordHistory: [],
      layoutCodes: [],
    };
    store.insertUser(user);
  }

  // The deep and wide trees, and a profile holding a part of the deep one.
  const trees = seedClusterTrees(store, clusterCount);
  const zone = [...v.clusters.values()].find((c) => c.parentUuid === trees.transport.uuid) as ClusterRecord;
  visibility('Transport Network Visibility', 'ADMIN', null, [zone], []);
  // A profile of the SCO company that offers no default tree: its SCO admin cannot see the region tree its
  // NOC profiles offer, so without this one it could create no user at all (the default tree rule holds for every role). Made last, so
  // the random data before it stays as it was.
  // The company's analysts: reports only, so no tree to choose.
  business(`${companyB.name} Performance Analysts`, [pmAnalyst], 'SCO_ADMIN', companyB.uuid);
  store.version = 0;
  return store;
}

function entry<T extends { uuid: string }>(r: T): [string, T] {
  return [r.uuid, r];
}
