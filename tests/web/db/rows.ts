/** Row builders for the saved-data tests: valid rows with only what a test cares about given. */
import type { AgentModeRunRow, AgentModeStepRow, AssetRow, DocumentRow, MessageRow, SessionRow, TransactionRow } from '../../../src/db';
import { makeRun, makeStep } from '../agent-mode/fake-agent-mode';

let sequence = 0;
const nextId = (prefix: string) => `${prefix}-${(sequence += 1)}`;

export function documentRow(spaceId: string, fields: Partial<DocumentRow> = {}): DocumentRow {
  return {
    id: nextId('doc'),
    spaceId,
    filename: 'brief.pdf',
    mimeType: 'application/pdf',
    sizeBytes: 1024,
    status: 'ready',
    createdAt: '2025-01-01T00:00:00.000Z',
    category: null,
    subcategory: null,
    errorMessage: null,
    hash: null,
    autoCategorized: false,
    confidenceScore: null,
    ragFileId: null,
    ...fields,
  };
}

export function sessionRow(spaceId: string, fields: Partial<SessionRow> = {}): SessionRow {
  return {
    id: nextId('session'),
    spaceId,
    agentSlug: 'seo',
    title: 'Campaign ideas',
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...fields,
  };
}

export function messageRow(spaceId: string, sessionId: string, fields: Partial<MessageRow> = {}): MessageRow {
  return {
    id: nextId('message'),
    spaceId,
    sessionId,
    role: 'user',
    content: 'Hello',
    createdAt: '2025-01-01T00:00:00.000Z',
    rating: null,
    feedbackCategories: [],
    feedbackText: null,
    pending: false,
    ...fields,
  };
}

export function transactionRow(spaceId: string, fields: Partial<TransactionRow> = {}): TransactionRow {
  return {
    id: nextId('txn'),
    spaceId,
    createdAt: '2025-01-01T00:00:00.000Z',
    credits: 20,
    feature: 'chat',
    activity: 'Chat with SEO agent',
    transactionType: 'debit',
    agentName: 'seo',
    mode: 'normal',
    baseCredits: 20,
    status: 'completed',
    activityDetails: null,
    relatedTo: null,
    ...fields,
  };
}

export function assetRow(spaceId: string, fields: Partial<AssetRow> = {}): AssetRow {
  return {
    id: nextId('asset'),
    spaceId,
    name: 'hero.png',
    kind: 'image',
    mimeType: 'image/png',
    sizeBytes: 2048,
    hash: 'a'.repeat(64),
    source: 'upload',
    sourceRef: null,
    status: 'ready',
    errorMessage: null,
    description: null,
    tags: [],
    collectionIds: [],
    width: 800,
    height: 600,
    pageCount: null,
    thumbnailVersion: 'v1',
    excerpt: null,
    createdBy: 'u-1',
    createdByName: 'Ada',
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...fields,
  };
}

export function agentModeRows(spaceId: string): { run: AgentModeRunRow; step: AgentModeStepRow } {
  const run = makeRun(nextId('run'), 'Plan the spring launch');
  const step = makeStep(run.id, 0, { id: nextId('step') });
  return { run: { id: run.id, spaceId, createdAt: run.created_at, run }, step: { id: step.id, spaceId, runId: run.id, position: step.position, step } };
}
