/**
 * One organisation-wide setting that Workspace Settings loads and saves (brand voice, the
 * organisation itself), as a valtio store. Cleared on logout and on a space switch, then reloaded
 * after the switch (spec 000 §4 / 001 §4: switching clears organisation data and reloads it).
 * A load that a switch or logout overtook is dropped, so an old organisation's answer never lands
 * in the new one's screen.
 */
import { proxy } from 'valtio';
import { ApiError } from '../../api';
import { onSessionReset, onSpaceSwitch } from '../../session';

export interface OrgSettingState<T> {
  value: T | null;
  loading: boolean;
  saving: boolean;
  loadError: string | null;
}

export interface OrgSettingStore<T, Input> {
  state: OrgSettingState<T>;
  load(): Promise<void>;
  /** Saves; on failure throws an Error with the spec's message and keeps the saved copy. */
  save(input: Input): Promise<T>;
}

/** The spec's message, with the server's reason after it when it gave one. */
function describe(message: string, error: unknown): string {
  if (error instanceof ApiError) {
    const reason = error.fieldErrors[0]?.message ?? error.serverDetail;
    return reason ? `${message}: ${reason}` : message;
  }
  return message;
}

export function createOrgSettingStore<T, Input>(options: {
  fetch: () => Promise<T>;
  put: (input: Input) => Promise<T>;
  /** The spec's texts for a failed load and a failed save. */
  messages: { fetchFailed: string; updateFailed: string };
}): OrgSettingStore<T, Input> {
  const initialState = (): OrgSettingState<T> => ({ value: null, loading: false, saving: false, loadError: null });
  const state = proxy<OrgSettingState<T>>(initialState());
  let loadGeneration = 0;

  async function load(): Promise<void> {
    const generation = ++loadGeneration;
    state.loading = true;
    state.loadError = null;
    try {
      const value = await options.fetch();
      if (generation === loadGeneration) state.value = value;
    } catch (error) {
      if (generation === loadGeneration) state.loadError = describe(options.messages.fetchFailed, error);
    } finally {
      if (generation === loadGeneration) state.loading = false;
    }
  }

  async function save(input: Input): Promise<T> {
    state.saving = true;
    try {
      const value = await options.put(input);
      state.value = value;
      return value;
    } catch (error) {
      throw new Error(describe(options.messages.updateFailed, error), { cause: error });
    } finally {
      state.saving = false;
    }
  }

  function reset(): void {
    loadGeneration += 1;
    Object.assign(state, initialState());
  }

  onSessionReset(reset);
  onSpaceSwitch(() => {
    reset();
    void load();
  });
  return { state, load, save };
}
