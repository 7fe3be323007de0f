import type { AgentDefinition } from '../../agents/types';

/** A retrieved knowledge passage (same fields as the knowledge search returns). */
export interface GroundingPassage {
  passage: string;
  document_id: string;
  /** Which passage of the document (kb_passages.ordinal): what a citation points at. */
  ordinal: number;
  filename: string;
  score: number;
}

/** Web-analytics figures for the space, when a property is connected. */
export interface AnalyticsSnapshot {
  propertyName: string;
  rangeLabel: string;
  kpis: { label: string; value: string }[];
  topChannels: { channel: string; sessions: number; percentage: number }[];
  /** Sessions per day, oldest first (dates YYYY-MM-DD); the trend behind the totals. */
  sessionsSeries?: { date: string; sessions: number }[];
}

export interface OfflineInput {
  agent: AgentDefinition;
  message: string;
  /** In citation order: passage i is cited as [i + 1] (the same numbers as a model's prompt). */
  passages: GroundingPassage[];
  /** The organisation's brand voice text; empty when none is set. */
  brandVoice: string;
  analytics: AnalyticsSnapshot | null;
  /** A property is linked but its figures could not be read for this answer (token, quota, outage). */
  analyticsUnavailable?: boolean;
  /** 0 for the first answer; regenerations count up so each one differs, predictably. */
  variant: number;
}
