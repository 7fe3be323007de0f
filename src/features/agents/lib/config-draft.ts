/**
 * Agent configuration editing (spec 001 §4): a working copy compared to the original; every edit
 * is recorded so the last one can be undone; pending changes are what differs from the original.
 */
export interface AgentSettingsValues {
  provider: string | null;
  model: string | null;
  temperature: number | null;
  max_output_tokens: number | null;
  default_mode: 'normal' | 'medium' | 'max';
  custom_instructions: string;
}

export interface ConfigValues {
  settings: AgentSettingsValues;
  /** Document id → enabled. */
  documents: Record<string, boolean>;
}

export type ConfigEdit =
  | { kind: 'setting'; field: keyof AgentSettingsValues; value: AgentSettingsValues[keyof AgentSettingsValues] }
  | { kind: 'documents'; ids: string[]; enabled: boolean };

export interface ConfigDraft {
  original: ConfigValues;
  working: ConfigValues;
  /** Working copies before each edit, newest last (for undo). */
  history: ConfigValues[];
}

export function startDraft(original: ConfigValues): ConfigDraft {
  return { original, working: original, history: [] };
}

function applyEdit(values: ConfigValues, edit: ConfigEdit): ConfigValues {
  if (edit.kind === 'setting') return { ...values, settings: { ...values.settings, [edit.field]: edit.value } };
  const documents = { ...values.documents };
  for (const id of edit.ids) documents[id] = edit.enabled;
  return { ...values, documents };
}

export function edit(draft: ConfigDraft, change: ConfigEdit): ConfigDraft {
  const next = applyEdit(draft.working, change);
  if (JSON.stringify(next) === JSON.stringify(draft.working)) return draft;
  return { ...draft, working: next, history: [...draft.history, draft.working] };
}

export function undo(draft: ConfigDraft): ConfigDraft {
  const previous = draft.history.at(-1);
  return previous ? { ...draft, working: previous, history: draft.history.slice(0, -1) } : draft;
}

export function discard(draft: ConfigDraft): ConfigDraft {
  return startDraft(draft.original);
}

export interface PendingChanges {
  settings: Partial<AgentSettingsValues>;
  enable: string[];
  disable: string[];
  count: number;
}

export function pendingChanges(draft: ConfigDraft): PendingChanges {
  const settings: Partial<AgentSettingsValues> = {};
  for (const key of Object.keys(draft.working.settings) as (keyof AgentSettingsValues)[]) {
    if (draft.working.settings[key] !== draft.original.settings[key]) {
      (settings as Record<string, unknown>)[key] = draft.working.settings[key];
    }
  }
  const enable: string[] = [];
  const disable: string[] = [];
  for (const [id, enabled] of Object.entries(draft.working.documents)) {
    if (draft.original.documents[id] === enabled) continue;
    (enabled ? enable : disable).push(id);
  }
  return { settings, enable, disable, count: Object.keys(settings).length + enable.length + disable.length };
}
