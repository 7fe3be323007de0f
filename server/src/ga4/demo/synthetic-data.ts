/**
 * The demo source's data: synthetic, deterministic web-analytics numbers. Every value is a pure
 * function of (property, date, channel), so the same report gives the same answer on every call
 * and on every machine. Shape: a base level per property, weekly seasonality (weekends quieter),
 * a gentle upward trend, day-to-day noise, and a per-channel split with its own engagement.
 */
export interface DemoPropertyProfile {
  propertyId: string;
  displayName: string;
  /** Sessions on an average weekday at the trend's origin. */
  baseSessions: number;
  /** Share of sessions per channel (sums to 1). */
  channelShares: Record<string, number>;
  /** Scales every channel's conversion rate (a blog converts less than a store). */
  conversionScale: number;
}

interface ChannelProfile {
  engagementRate: number;
  pagesPerSession: number;
  averageDurationSeconds: number;
  conversionRate: number;
  usersPerSession: number;
}

const CHANNELS: Record<string, ChannelProfile> = {
  'Organic Search': { engagementRate: 0.62, pagesPerSession: 2.6, averageDurationSeconds: 150, conversionRate: 0.021, usersPerSession: 0.82 },
  Direct: { engagementRate: 0.58, pagesPerSession: 2.9, averageDurationSeconds: 170, conversionRate: 0.028, usersPerSession: 0.74 },
  'Paid Search': { engagementRate: 0.55, pagesPerSession: 2.2, averageDurationSeconds: 110, conversionRate: 0.034, usersPerSession: 0.88 },
  Email: { engagementRate: 0.66, pagesPerSession: 3.1, averageDurationSeconds: 190, conversionRate: 0.045, usersPerSession: 0.7 },
  Referral: { engagementRate: 0.6, pagesPerSession: 2.4, averageDurationSeconds: 140, conversionRate: 0.018, usersPerSession: 0.86 },
  'Organic Social': { engagementRate: 0.45, pagesPerSession: 1.8, averageDurationSeconds: 80, conversionRate: 0.009, usersPerSession: 0.9 },
  'Paid Social': { engagementRate: 0.4, pagesPerSession: 1.6, averageDurationSeconds: 65, conversionRate: 0.012, usersPerSession: 0.92 },
  Unassigned: { engagementRate: 0.35, pagesPerSession: 1.5, averageDurationSeconds: 50, conversionRate: 0.005, usersPerSession: 0.9 },
};

export const DEMO_PROPERTIES: readonly DemoPropertyProfile[] = [
  {
    propertyId: '900000001',
    displayName: 'Demo Store',
    baseSessions: 1400,
    channelShares: {
      'Organic Search': 0.34,
      Direct: 0.22,
      'Paid Search': 0.16,
      Email: 0.09,
      'Organic Social': 0.08,
      Referral: 0.06,
      'Paid Social': 0.04,
      Unassigned: 0.01,
    },
    conversionScale: 1,
  },
  {
    propertyId: '900000002',
    displayName: 'Demo Blog',
    baseSessions: 650,
    channelShares: {
      'Organic Search': 0.52,
      'Organic Social': 0.14,
      Direct: 0.14,
      Referral: 0.1,
      Email: 0.06,
      'Paid Search': 0.02,
      Unassigned: 0.02,
    },
    conversionScale: 0.3,
  },
];

/** Monday-first weekly pattern: weekdays busier than weekends. */
const WEEKDAY_FACTOR = [0.8, 1.05, 1.08, 1.06, 1.02, 0.95, 0.76]; // index = Date#getUTCDay (Sunday 0)
/** About +15 % a year from the origin. */
const TREND_PER_DAY = 0.0004;
const TREND_ORIGIN_MS = Date.UTC(2024, 0, 1);
const DAY_MS = 86_400_000;

/**
 * A number in [0, 1) fixed by its inputs: FNV-1a over the text, then a murmur3-style finaliser to
 * spread the bits. Not cryptographic; fast, because a year of data is ~3,000 cells per report.
 */
function unitNoise(...parts: string[]): number {
  let hash = 0x811c9dc5;
  const text = parts.join('|');
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return (hash >>> 0) / 2 ** 32;
}

/** Additive counts of one (date, channel) cell; ratios are derived from them when aggregating. */
export interface DemoCell {
  date: string;
  channel: string;
  sessions: number;
  activeUsers: number;
  engagedSessions: number;
  conversions: number;
  screenPageViews: number;
  sessionDurationSeconds: number;
}

function dailySessions(profile: DemoPropertyProfile, dayMs: number, date: string): number {
  const weekday = WEEKDAY_FACTOR[new Date(dayMs).getUTCDay()] ?? 1;
  const trend = Math.max(0.2, 1 + TREND_PER_DAY * ((dayMs - TREND_ORIGIN_MS) / DAY_MS));
  const noise = 1 + 0.16 * (unitNoise(profile.propertyId, date) - 0.5);
  return profile.baseSessions * weekday * trend * noise;
}

function cellsOfDay(profile: DemoPropertyProfile, dayMs: number): DemoCell[] {
  const date = new Date(dayMs).toISOString().slice(0, 10);
  const total = dailySessions(profile, dayMs, date);
  return Object.entries(profile.channelShares).map(([channel, share]) => {
    const channelProfile = CHANNELS[channel]!;
    const sessions = Math.round(total * share * (1 + 0.2 * (unitNoise(profile.propertyId, date, channel) - 0.5)));
    const engagementNoise = 1 + 0.1 * (unitNoise(profile.propertyId, date, channel, 'engagement') - 0.5);
    return {
      date,
      channel,
      sessions,
      activeUsers: Math.round(sessions * channelProfile.usersPerSession),
      engagedSessions: Math.min(sessions, Math.round(sessions * channelProfile.engagementRate * engagementNoise)),
      conversions: Math.round(sessions * channelProfile.conversionRate * profile.conversionScale),
      screenPageViews: Math.round(sessions * channelProfile.pagesPerSession),
      sessionDurationSeconds: sessions * channelProfile.averageDurationSeconds * engagementNoise,
    };
  });
}

/** Every cell from start to end (YYYY-MM-DD, inclusive); days after today have no data yet, as in GA4. */
export function demoCells(profile: DemoPropertyProfile, startDate: string, endDate: string, now = new Date()): DemoCell[] {
  const todayMs = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const lastMs = Math.min(Date.parse(`${endDate}T00:00:00Z`), todayMs);
  const cells: DemoCell[] = [];
  for (let dayMs = Date.parse(`${startDate}T00:00:00Z`); dayMs <= lastMs; dayMs += DAY_MS) {
    cells.push(...cellsOfDay(profile, dayMs));
  }
  return cells;
}
