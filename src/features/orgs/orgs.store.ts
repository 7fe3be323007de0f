/**
 * Organisation members, pending invites and join requests (valtio): live, not kept offline, since
 * acting on them needs the server anyway. Each list has its own loading flag and error so one
 * failing call does not blank the others. Cleared on logout, and cleared then reloaded on a space
 * switch (spec 001 §4: switching clears organisation data and reloads it).
 */
import { proxy } from 'valtio';
import { ApiError, type FieldError } from '../../api';
import { onSessionReset, onSpaceSwitch } from '../../session';
import {
  deleteInvite,
  postInviteLink,
  deleteMember,
  fetchInvites,
  fetchJoinRequestsPage,
  fetchMembersPage,
  postInvite,
  putApproveJoinRequest,
  putDenyJoinRequest,
  putMemberRole,
} from './orgs.api';
import { ORG_ADMIN_MESSAGES, describeFailure } from './orgs.messages';
import type { InviteInput, JoinRequest, OrgInvite, OrgMember, OrgRole, SentInvite } from '../../contract/orgs';

export interface ListState<T> {
  items: T[];
  loading: boolean;
  /** What went wrong on the last load, null when it worked. */
  error: string | null;
  /** True once a load succeeded: until then an empty list means "not known yet". */
  loaded: boolean;
}

/** A list read a page at a time: "Show more" reads the page after `nextCursor`. */
export interface PagedListState<T> extends ListState<T> {
  /** The next page's cursor; null once every page has been read. */
  nextCursor: string | null;
  loadingMore: boolean;
  /** Why the last "Show more" failed, null when it worked. */
  moreError: string | null;
}

export interface MemberListState extends PagedListState<OrgMember> {
  /** People of each role in the whole organisation, whatever pages have been read. */
  roleCounts: Record<OrgRole, number>;
}

export interface JoinRequestListState extends PagedListState<JoinRequest> {
  /** Every pending request, whatever pages have been read (the badge and the dashboard say it). */
  pendingCount: number;
}

export interface OrgAdminState {
  members: MemberListState;
  invites: ListState<OrgInvite>;
  joinRequests: JoinRequestListState;
  /** Keys ('member:{id}', 'invite:{id}', 'request:{id}') of rows with an action under way. */
  busy: Record<string, true>;
}

const emptyList = <T>(): ListState<T> => ({ items: [], loading: false, error: null, loaded: false });
const emptyPages = () => ({ nextCursor: null, loadingMore: false, moreError: null });
const initialState = (): OrgAdminState => ({
  members: { ...emptyList<OrgMember>(), ...emptyPages(), roleCounts: { org_owner: 0, org_admin: 0, org_member: 0 } },
  invites: emptyList(),
  joinRequests: { ...emptyList<JoinRequest>(), ...emptyPages(), pendingCount: 0 },
  busy: {},
});

export const orgAdminState = proxy<OrgAdminState>(initialState());

/** A refused or failed action: the message to show, and the server's per-field problems (422). */
export class OrgAdminActionError extends Error {
  override readonly name = 'OrgAdminActionError';
  constructor(
    message: string,
    readonly fieldErrors: FieldError[] = [],
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

function failure(message: string, error: unknown): OrgAdminActionError {
  const fieldErrors = error instanceof ApiError ? error.fieldErrors : [];
  return new OrgAdminActionError(describeFailure(message, error), fieldErrors, { cause: error });
}

// Bumped on every reset: an answer that arrives after a logout or space switch is dropped.
let generation = 0;
// Whether anything asked for this data since the last logout; a space switch reloads only then,
// so members (whom the server refuses) and owners who never open the area cost no calls.
let inUse = false;

type ListKey = 'members' | 'invites' | 'joinRequests';

async function loadList<K extends ListKey>(
  key: K,
  fetcher: () => Promise<OrgAdminState[K]['items']>,
  failedMessage: string,
): Promise<void> {
  const mine = generation;
  inUse = true;
  const list = orgAdminState[key];
  list.loading = true;
  list.error = null;
  try {
    const items = await fetcher();
    if (mine !== generation) return;
    orgAdminState[key].items = items;
    orgAdminState[key].loaded = true;
  } catch (error) {
    if (mine === generation) orgAdminState[key].error = describeFailure(failedMessage, error);
  } finally {
    if (mine === generation) orgAdminState[key].loading = false;
  }
}

type PagedKey = 'members' | 'joinRequests';

/** What a page answer adds to its list's state beside the rows: the cursor and the whole list's counts. */
interface PageRead<T> {
  items: T[];
  next: string | null;
  counts: Partial<OrgAdminState[PagedKey]>;
}

/** The first page of a paged list (a reload starts again from it). */
function loadFirstPage<K extends PagedKey>(key: K, read: (cursor: string | null) => Promise<PageRead<OrgAdminState[K]['items'][number]>>, failedMessage: string) {
  return loadList(
    key,
    async () => {
      const mine = generation;
      const page = await read(null);
      if (mine === generation) Object.assign(orgAdminState[key], { nextCursor: page.next, moreError: null, ...page.counts });
      return page.items as OrgAdminState[K]['items'];
    },
    failedMessage,
  );
}

/**
 * The next page of a paged list, added under the rows shown. A row already shown (the order moved
 * under a change) is not listed twice. A failure keeps what is shown and says why; Retry asks again.
 */
async function loadNextPage<K extends PagedKey>(key: K, read: (cursor: string | null) => Promise<PageRead<OrgAdminState[K]['items'][number]>>, failedMessage: string): Promise<void> {
  const list: PagedListState<{ id: string }> = orgAdminState[key];
  const cursor = list.nextCursor;
  if (!cursor || list.loadingMore) return;
  const mine = generation;
  list.loadingMore = true;
  list.moreError = null;
  try {
    const page = await read(cursor);
    if (mine !== generation || list.nextCursor !== cursor) return;
    const shown = new Set(list.items.map((row) => row.id));
    list.items = [...list.items, ...page.items.filter((row) => !shown.has(row.id))];
    Object.assign(list, { nextCursor: page.next, ...page.counts });
  } catch (error) {
    if (mine === generation) list.moreError = describeFailure(failedMessage, error);
  } finally {
    if (mine === generation) list.loadingMore = false;
  }
}

const readMembers = async (cursor: string | null): Promise<PageRead<OrgMember>> => {
  const page = await fetchMembersPage(cursor);
  return { items: page.members, next: page.next_cursor, counts: { roleCounts: page.role_counts } };
};

const readJoinRequests = async (cursor: string | null): Promise<PageRead<JoinRequest>> => {
  const page = await fetchJoinRequestsPage(cursor);
  return { items: page.join_requests, next: page.next_cursor, counts: { pendingCount: page.pending_count } };
};

/** The first page of members, owners and admins first. */
export const loadMembers = () => loadFirstPage('members', readMembers, ORG_ADMIN_MESSAGES.fetchMembersFailed);
/** The next page of members (Show more members). */
export const loadMoreMembers = () => loadNextPage('members', readMembers, ORG_ADMIN_MESSAGES.fetchMoreMembersFailed);

export const loadInvites = () => loadList('invites', () => fetchInvites(), ORG_ADMIN_MESSAGES.fetchInvitesFailed);

/** The first page of pending join requests, oldest first. */
export const loadJoinRequests = () => loadFirstPage('joinRequests', readJoinRequests, ORG_ADMIN_MESSAGES.fetchJoinRequestsFailed);
/** The next page of join requests (Show more requests). */
export const loadMoreJoinRequests = () => loadNextPage('joinRequests', readJoinRequests, ORG_ADMIN_MESSAGES.fetchMoreJoinRequestsFailed);

/** Loads members, invites and join requests side by side. */
export async function loadOrgAdmin(): Promise<void> {
  await Promise.all([loadMembers(), loadInvites(), loadJoinRequests()]);
}

/** Marks the row busy while `action` runs; failures become an OrgAdminActionError. */
async function withBusy<T>(key: string, failedMessage: string, action: () => Promise<T>): Promise<T> {
  orgAdminState.busy[key] = true;
  try {
    return await action();
  } catch (error) {
    throw failure(failedMessage, error);
  } finally {
    delete orgAdminState.busy[key];
  }
}

export function isBusy(state: Pick<OrgAdminState, 'busy'>, key: string): boolean {
  return state.busy[key] === true;
}

/** Changes a member's role; on success the row shows the role the server answered with. */
export function changeMemberRole(id: string, role: OrgRole): Promise<OrgMember> {
  return withBusy(`member:${id}`, ORG_ADMIN_MESSAGES.updateRoleFailed, async () => {
    const updated = await putMemberRole(id, role);
    const list = orgAdminState.members;
    const index = list.items.findIndex((member) => member.id === id);
    const before = index >= 0 ? list.items[index] : undefined;
    if (before && before.role !== updated.role) {
      list.roleCounts[before.role] -= 1;
      list.roleCounts[updated.role] += 1;
    }
    if (index >= 0) list.items[index] = updated;
    return updated;
  });
}

export function removeMember(id: string): Promise<void> {
  return withBusy(`member:${id}`, ORG_ADMIN_MESSAGES.removeMemberFailed, async () => {
    await deleteMember(id);
    const list = orgAdminState.members;
    const gone = list.items.find((member) => member.id === id);
    if (gone) list.roleCounts[gone.role] = Math.max(0, list.roleCounts[gone.role] - 1);
    list.items = list.items.filter((member) => member.id !== id);
  });
}

/**
 * Sends an invite. Inviting an address again refreshes its pending invite on the server (with a
 * new link), so the answer replaces any listed invite for the same id or email. The link and how
 * its email went are returned to the dialog only; the list keeps the invite without its link.
 */
export function sendInvite(input: InviteInput): Promise<SentInvite> {
  return withBusy('invite:new', ORG_ADMIN_MESSAGES.sendInviteFailed, async () => {
    const sent = await postInvite(input);
    const { delivery: _delivery, invite_link: _link, ...invite } = sent;
    const others = orgAdminState.invites.items.filter(
      (item) => item.id !== invite.id && item.email.toLowerCase() !== invite.email.toLowerCase(),
    );
    orgAdminState.invites.items = [invite, ...others];
    return sent;
  });
}

export function revokeInvite(id: string): Promise<void> {
  return withBusy(`invite:${id}`, ORG_ADMIN_MESSAGES.revokeInviteFailed, async () => {
    await deleteInvite(id);
    orgAdminState.invites.items = orgAdminState.invites.items.filter((invite) => invite.id !== id);
  });
}

/** A new link for a pending invite, to copy: the server cannot show the earlier one again. */
export function newInviteLink(id: string): Promise<string> {
  return withBusy(`invite-link:${id}`, ORG_ADMIN_MESSAGES.inviteLinkFailed, async () => (await postInviteLink(id)).invite_link);
}

function dropJoinRequest(id: string): void {
  const list = orgAdminState.joinRequests;
  if (list.items.some((request) => request.id === id)) list.pendingCount = Math.max(0, list.pendingCount - 1);
  list.items = list.items.filter((request) => request.id !== id);
  // Every request shown is decided but more wait on later pages: show the queue's head again.
  if (list.items.length === 0 && list.nextCursor) void loadJoinRequests();
}

/** Approves a join request; the server creates the member, so the members list is reloaded. */
export function approveJoinRequest(id: string): Promise<void> {
  return withBusy(`request:${id}`, ORG_ADMIN_MESSAGES.approveJoinRequestFailed, async () => {
    await putApproveJoinRequest(id);
    dropJoinRequest(id);
    void loadMembers();
  });
}

export function denyJoinRequest(id: string): Promise<void> {
  return withBusy(`request:${id}`, ORG_ADMIN_MESSAGES.denyJoinRequestFailed, async () => {
    await putDenyJoinRequest(id);
    dropJoinRequest(id);
  });
}

function reset(): void {
  generation += 1;
  Object.assign(orgAdminState, initialState());
}

onSessionReset(() => {
  reset();
  inUse = false;
});

onSpaceSwitch(() => {
  reset();
  if (inUse) void loadOrgAdmin();
});
